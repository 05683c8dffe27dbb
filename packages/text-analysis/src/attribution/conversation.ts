// Conversation sieves: who speaks a turn that has no tag, from the turns around it.
import type { AttributionMethod } from '@castbook/contracts';

export interface Turn {
  para: number;
  speaker: number;
  method: AttributionMethod | null;
  /** Character addressed by name in the turn ("…, Fenwick."), or -1. */
  vocative: number;
  /** Characters named in narration before and in the turn, most recent last. */
  context: number[];
}

/** No speaker yet. */
const UNKNOWN = -1;

/** Narration paragraphs allowed between two turns of one conversation. */
const MAX_GAP = 1;
/** How far back the fallback looks for the other participant. */
const FALLBACK_TURNS = 6;
const PASSES = 4;

/** Fills in `speaker` of the turns that have none, in place. */
export function resolveConversations(turns: Turn[]): void {
  const linkedPrev = (i: number) => (i > 0 && turns[i]!.para - turns[i - 1]!.para <= MAX_GAP + 1 ? i - 1 : -1);
  const linkedNext = (i: number) =>
    i + 1 < turns.length && turns[i + 1]!.para - turns[i]!.para <= MAX_GAP + 1 ? i + 1 : -1;
  const spk = (i: number) => (i >= 0 ? turns[i]!.speaker : -1);
  const set = (i: number, c: number, m: AttributionMethod) => {
    turns[i]!.speaker = c;
    turns[i]!.method = m;
  };

  /** Alternation and vocative rules for turn i; true when they settled it. */
  const settle = (i: number, backward: boolean): boolean => {
    const p1 = linkedPrev(i);
    const p2 = p1 >= 0 ? linkedPrev(p1) : -1;
    const s1 = spk(p1);
    const v1 = p1 >= 0 ? turns[p1]!.vocative : -1;
    if (v1 >= 0 && v1 !== s1) {
      set(i, v1, 'vocative');
      return true;
    }
    const s2 = spk(p2);
    if (s2 >= 0 && s1 !== UNKNOWN && s1 !== s2) {
      set(i, s2, 'turn-taking');
      return true;
    }
    if (!backward) return false;
    const n1 = linkedNext(i);
    const n2 = n1 >= 0 ? linkedNext(n1) : -1;
    const vn = n1 >= 0 ? turns[n1]!.vocative : -1;
    if (vn >= 0 && vn !== spk(n1) && vn !== s1) {
      set(i, vn, 'vocative');
      return true;
    }
    const m1 = spk(n1);
    const m2 = spk(n2);
    if (m1 !== UNKNOWN && m2 >= 0 && m1 !== m2) {
      set(i, m2, 'turn-taking');
      return true;
    }
    return false;
  };
  const alternate = (backward: boolean): boolean => {
    let changed = false;
    for (let i = 0; i < turns.length; i++) if (spk(i) === UNKNOWN && settle(i, backward)) changed = true;
    return changed;
  };

  for (let pass = 0; pass < PASSES; pass++) if (!alternate(pass > 0)) break;

  // Fallback: the turn after a known speaker goes to the last other participant.
  // Forward sweeps, so a settled turn at once anchors the alternation of the next ones.
  const fallback = (): boolean => {
    let changed = false;
    for (let i = 0; i < turns.length; i++) {
      if (spk(i) !== UNKNOWN) continue;
      if (settle(i, true)) {
        changed = true;
        continue;
      }
      const p1 = linkedPrev(i);
      const n1 = linkedNext(i);
      const known = spk(p1) !== UNKNOWN ? spk(p1) : spk(n1);
      if (known === UNKNOWN) continue;
      let other = -1;
      for (let j = p1, n = 0; j >= 0 && n < FALLBACK_TURNS && other < 0; j = linkedPrev(j), n++) {
        if (spk(j) >= 0 && spk(j) !== known) other = spk(j);
      }
      const ctx = turns[i]!.context;
      for (let k = ctx.length - 1; k >= 0 && other < 0; k--) if (ctx[k] !== known) other = ctx[k]!;
      if (other >= 0) {
        set(i, other, 'turn-taking');
        changed = true;
      }
    }
    return changed;
  };
  for (let pass = 0; pass < PASSES && fallback(); pass++) alternate(true);
}

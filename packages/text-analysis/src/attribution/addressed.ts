// Who is addressed by which name: the vocative of a turn names the speaker of the turn next to it
// ("'You'll make your fortune, Mr. Mossop,' said the beadle. / 'I hope so,' said the
// undertaker."). A role speaker ("the robber") or a lone first name ("Aldous") that the other
// speakers keep addressing by one name is the character of that name.
import type { Character } from '@castbook/contracts';
import { FIRST_NAME_HONORIFICS, HONORIFICS } from '../characters/lexicon.js';
import { isGivenName } from '../characters/givenNames.js';
import { getProfile } from '../characters/profiles.js';
import { aliasKey } from './mentions.js';

export interface AddressTurn {
  para: number;
  /** Speaker named by the turn's own tag ("said the robber"), or -1. */
  tagged: number;
  /** Speaker of the turn, however found, or -1. */
  speaker: number;
  /** Character addressed by name in the turn, or -1. */
  vocative: number;
}

/** A role must be addressed this often by one name, ... */
const MIN_ROLE_VOTES = 3;
/** ... a lone first name used this often for one surname-holder, ... */
const MIN_NAME_VOTES = 2;
/** ... by a name at least this many times as often as by any other. */
const DOMINANCE = 2;
/** Turns where the two answer each other, at most this share of the votes. */
const MAX_OPPOSED_SHARE = 0.25;
/** Paragraph distance of two turns of one conversation (one narration paragraph between). */
const MAX_SLOT_GAP = 2;
/** Turns (slots and addresses together) a role must stand in for one name, ... */
const MIN_SLOT_VOTES = 4;
/** ... that many times as often as for any other. */
const SLOT_DOMINANCE = 3;

type Counts = Map<number, Map<number, number>>;

function bump(m: Counts, a: number, b: number): void {
  const v = m.get(a) ?? new Map<number, number>();
  v.set(b, (v.get(b) ?? 0) + 1);
  m.set(a, v);
}

function count(m: Counts, a: number, b: number): number {
  return m.get(a)?.get(b) ?? 0;
}

/**
 * "Aldous", "Tamsin": one word, no surname; perhaps also with a title that goes with first names
 * ("Miss Tamsin", "Master Aldous"), when the word is a given name.
 */
function isLoneFirstName(c: Character): boolean {
  const names = [c.name, ...c.alternativeNames].map(aliasKey);
  const bare = names.filter((n) => !n.includes(' '));
  const titledFirstName = (n: string) => {
    const [title, word, ...rest] = n.split(' ');
    return rest.length === 0 && FIRST_NAME_HONORIFICS.has(title!) && bare.includes(word!) && isGivenName(word!);
  };
  return (
    bare.length > 0 &&
    names.every((n) => !n.includes(' ') || titledFirstName(n)) &&
    !getProfile(c)?.descriptor &&
    !getProfile(c)?.narrator
  );
}

/** "Ambrose Tarrant": a first name and a surname, no honorific. */
function isFullName(c: Character): boolean {
  const key = aliasKey(c.name).split(' ');
  return key.length === 2 && !HONORIFICS.has(key[0]!) && !getProfile(c)?.descriptor;
}

/** "Mr. Peverell", "Peverell", "Mrs. Holt": an honorific and a surname, never a first name. */
function isSurnameOnly(c: Character): boolean {
  const names = [c.name, ...c.alternativeNames].map((n) => aliasKey(n).split(' '));
  return names.some((w) => w.length === 2) && names.every((w) => w.length <= 2) && !getProfile(c)?.descriptor;
}

/**
 * Merges from what the speakers call each other: character index -> character index it is.
 * `turns` are the quote paragraphs in order.
 */
export function namesByAddress(turns: readonly AddressTurn[], characters: readonly Character[]): Map<number, number> {
  const addressedAs: Counts = new Map();
  const opposed: Counts = new Map();
  const slots: Counts = new Map();
  for (let k = 0; k + 1 < turns.length; k++) {
    const a = turns[k]!;
    const b = turns[k + 1]!;
    if (b.para !== a.para + 1) continue;
    // The vocative of one turn names the tagged speaker of the next or the previous one.
    if (a.vocative >= 0 && b.tagged >= 0 && a.vocative !== b.tagged && a.vocative !== a.speaker)
      bump(addressedAs, b.tagged, a.vocative);
    if (b.vocative >= 0 && a.tagged >= 0 && b.vocative !== a.tagged && b.vocative !== b.speaker)
      bump(addressedAs, a.tagged, b.vocative);
    if (a.tagged >= 0 && b.tagged >= 0 && a.tagged !== b.tagged) {
      bump(opposed, a.tagged, b.tagged);
      bump(opposed, b.tagged, a.tagged);
    }
  }
  // A role tagged in the slot of a named speaker: "inquired Soames", another speaker, "asked the
  // robber" (one narration paragraph at most between turns).
  const isRole = (i: number) => i >= 0 && !!getProfile(characters[i]!)?.noun;
  const linked = (x: AddressTurn, y: AddressTurn) => y.para - x.para <= MAX_SLOT_GAP;
  for (let k = 0; k < turns.length; k++) {
    const t = turns[k]!;
    if (!isRole(t.tagged)) continue;
    for (const [n1, n2] of [
      [k - 1, k - 2],
      [k + 1, k + 2],
    ] as const) {
      const near = turns[n1];
      const far = turns[n2];
      if (!near || !far) continue;
      const [x, y, z] = n1 < k ? [far, near, t] : [t, near, far];
      if (!linked(x, y) || !linked(y, z)) continue;
      if (far.tagged < 0 || isRole(far.tagged) || near.speaker < 0 || near.speaker === far.tagged) continue;
      if (near.speaker === t.tagged) continue;
      bump(slots, t.tagged, far.tagged);
    }
  }
  // A speaker who addresses a name is not that name.
  const tags = new Map<number, number>();
  for (const t of turns) {
    if (t.tagged >= 0 && t.vocative >= 0) bump(opposed, t.tagged, t.vocative);
    if (t.tagged >= 0) tags.set(t.tagged, (tags.get(t.tagged) ?? 0) + 1);
  }

  const gender = (i: number) => getProfile(characters[i]!)?.gender ?? 'u';
  const compatible = (a: number, b: number) => gender(a) === 'u' || gender(b) === 'u' || gender(a) === gender(b);
  const out = new Map<number, number>();
  const taken = new Set<number>();
  const link = (from: number, to: number) => {
    if (out.has(from) || taken.has(from) || out.has(to)) return;
    out.set(from, to);
    taken.add(to);
  };
  for (const who of new Set([...addressedAs.keys(), ...slots.keys()])) {
    if (!getProfile(characters[who]!)?.noun) continue;
    // A role: the one name it is called by far more than by any other ...
    const byName = (m: Counts) =>
      [...(m.get(who) ?? new Map<number, number>()).entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    const ok = (name: number, n: number, second: number, min: number, dominance: number, share: number) =>
      n >= min &&
      n >= dominance * second &&
      compatible(who, name) &&
      !getProfile(characters[name]!)?.descriptor &&
      count(opposed, who, name) <= share * n;
    const voc = byName(addressedAs);
    if (voc.length > 0 && ok(voc[0]![0], voc[0]![1], voc[1]?.[1] ?? 0, MIN_ROLE_VOTES, DOMINANCE, MAX_OPPOSED_SHARE)) {
      link(who, voc[0]![0]);
      continue;
    }
    // ... or, with the slots it takes in conversations of a named speaker, the one name it
    // stands in for in many turns, never answering it.
    const both = new Map<number, number>();
    for (const m of [addressedAs, slots])
      for (const [name, n] of m.get(who) ?? []) both.set(name, (both.get(name) ?? 0) + n);
    const all = [...both.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    if (all.length > 0 && ok(all[0]![0], all[0]![1], all[1]?.[1] ?? 0, MIN_SLOT_VOTES, SLOT_DOMINANCE, 0))
      link(who, all[0]![0]);
  }
  for (const [who, names] of addressedAs) {
    const c = characters[who]!;
    const ranked = [...names.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    if (getProfile(c)?.noun) continue;
    for (const [name, n] of ranked) {
      if (!compatible(who, name) || count(opposed, who, name) > 0) continue;
      // Twice, or every time the character is tagged at all, or a name never tagged as a speaker
      // of its own: then it is only ever said to this character.
      if (n < MIN_NAME_VOTES && n < (tags.get(who) ?? 0) && tags.has(name)) continue;
      // "Aldous" said to Mr. Peverell, "Ambrose Tarrant" to Halloran, Mrs. Holt addressed as
      // "Tamsin": the one named more often keeps its name.
      const target = characters[name]!;
      const pair =
        isSurnameOnly(c) && (isLoneFirstName(target) || (isFullName(target) && !tags.has(name)))
          ? [who, name]
          : isLoneFirstName(c) && isSurnameOnly(target)
            ? [name, who]
            : null;
      if (!pair) continue;
      const [x, y] = pair as [number, number];
      if (characters[x]!.mentions >= characters[y]!.mentions) link(y, x);
      else link(x, y);
    }
  }
  return out;
}

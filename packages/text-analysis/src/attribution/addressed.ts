// Who is addressed by which name: the vocative of a turn names the speaker of the turn next to it
// ("'You'll make your fortune, Mr. Sowerberry,' said the beadle. / 'I hope so,' said the
// undertaker."). A role speaker ("the robber") or a lone first name ("Charles") that the other
// speakers keep addressing by one name is the character of that name.
import type { Character } from '@castbook/contracts';
import { HONORIFICS } from '../characters/lexicon.js';
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

type Counts = Map<number, Map<number, number>>;

function bump(m: Counts, a: number, b: number): void {
  const v = m.get(a) ?? new Map<number, number>();
  v.set(b, (v.get(b) ?? 0) + 1);
  m.set(a, v);
}

function count(m: Counts, a: number, b: number): number {
  return m.get(a)?.get(b) ?? 0;
}

/** "Charles", "Charlotte": one word, no honorific, no surname. */
function isLoneFirstName(c: Character): boolean {
  const names = [c.name, ...c.alternativeNames].map(aliasKey);
  return names.every((n) => !n.includes(' ')) && !getProfile(c)?.descriptor && !getProfile(c)?.narrator;
}

/** "Edward Leeford": a first name and a surname, no honorific. */
function isFullName(c: Character): boolean {
  const key = aliasKey(c.name).split(' ');
  return key.length === 2 && !HONORIFICS.has(key[0]!) && !getProfile(c)?.descriptor;
}

/** "Mr. Bingley", "Bingley", "Mrs. Bolter": an honorific and a surname, never a first name. */
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
  for (const [who, names] of addressedAs) {
    const c = characters[who]!;
    const ranked = [...names.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    if (getProfile(c)?.noun) {
      // A role: the one name it is called by far more than by any other.
      const [name, n] = ranked[0]!;
      const second = ranked[1]?.[1] ?? 0;
      const ok = n >= MIN_ROLE_VOTES && n >= DOMINANCE * second && compatible(who, name);
      if (ok && !getProfile(characters[name]!)?.descriptor && count(opposed, who, name) <= MAX_OPPOSED_SHARE * n)
        link(who, name);
      continue;
    }
    for (const [name, n] of ranked) {
      if (!compatible(who, name) || count(opposed, who, name) > 0) continue;
      // Twice, or every time the character is tagged at all, or a name never tagged as a speaker
      // of its own: then it is only ever said to this character.
      if (n < MIN_NAME_VOTES && n < (tags.get(who) ?? 0) && tags.has(name)) continue;
      // "Charles" said to Mr. Bingley, "Edward Leeford" to Monks, Mrs. Bolter addressed as
      // "Charlotte": the one named more often keeps its name.
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

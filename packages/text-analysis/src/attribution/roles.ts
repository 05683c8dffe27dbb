// A speaker known by a role ("the beadle") is a named character when the text says so by
// apposition: "Mr. Bumble, the beadle" or "the beadle, Mr. Bumble".
import type { Character } from '@castbook/contracts';
import { getProfile, setProfile } from '../characters/profiles.js';
import type { Mention } from './mentions.js';

const AFTER = /^,\s+the\s+([a-z][a-z-]*)/;
const BEFORE = /the\s+([a-z][a-z-]*),\s+$/;
const WINDOW = 40;

/** Role character index -> named character index, from appositions next to name mentions. */
export function rolesByApposition(
  text: string,
  characters: readonly Character[],
  mentions: readonly Mention[],
): Map<number, number> {
  const byNoun = new Map<string, number>();
  characters.forEach((c, i) => {
    const p = getProfile(c);
    if (p?.noun) byNoun.set(p.noun, i);
  });
  const votes = new Map<number, Map<number, number>>();
  if (byNoun.size === 0) return new Map();
  for (const m of mentions) {
    if (m.inQuote || byNoun.has(characters[m.char]?.name ?? '')) continue;
    const after = AFTER.exec(text.slice(m.end, m.end + WINDOW))?.[1];
    const before = BEFORE.exec(text.slice(Math.max(0, m.start - WINDOW), m.start))?.[1];
    for (const noun of [after, before]) {
      const role = noun === undefined ? undefined : byNoun.get(noun);
      if (role === undefined || role === m.char) continue;
      const v = votes.get(role) ?? new Map<number, number>();
      v.set(m.char, (v.get(m.char) ?? 0) + 1);
      votes.set(role, v);
    }
  }
  const out = new Map<number, number>();
  for (const [role, v] of votes) {
    const ranked = [...v.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    // One name, or one clearly ahead: an apposition that names two people settles nothing.
    if (ranked.length === 1 || ranked[0]![1] > 2 * ranked[1]![1]) out.set(role, ranked[0]![0]);
  }
  return out;
}

/** Merges each role character into its named character: aliases joined, quotes re-pointed. */
export function mergeRoles<Q extends { speakerId: string | null }>(
  characters: readonly Character[],
  quotes: readonly Q[],
  roles: Map<number, number>,
): { characters: Character[]; quotes: Q[] } {
  if (roles.size === 0) return { characters: [...characters], quotes: [...quotes] };
  const into = new Map<string, string>();
  const extra = new Map<string, string[]>();
  for (const [role, named] of roles) {
    const r = characters[role]!;
    const n = characters[named]!;
    into.set(r.id, n.id);
    extra.set(n.id, [...(extra.get(n.id) ?? []), r.name, ...r.alternativeNames]);
  }
  const outChars = characters
    .filter((c) => !into.has(c.id))
    .map((c) => {
      const more = extra.get(c.id);
      if (!more) return c;
      const merged = { ...c, alternativeNames: [...new Set([...c.alternativeNames, ...more])] };
      const p = getProfile(c);
      if (p) setProfile(merged, p);
      return merged;
    });
  const outQuotes = quotes.map((q) =>
    q.speakerId !== null && into.has(q.speakerId) ? { ...q, speakerId: into.get(q.speakerId)! } : q,
  );
  return { characters: outChars, quotes: outQuotes };
}

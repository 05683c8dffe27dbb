// A speaker known by a role ("the beadle") is a named character when the text says so by
// apposition: "Mr. Mossop, the beadle" or "the beadle, Mr. Mossop".
import type { Character } from '@castbook/contracts';
import { describingNouns, getProfile, setProfile } from '../characters/profiles.js';
import { splitParagraphs } from '../quotes/paragraphs.js';
import type { Mention } from './mentions.js';

/** "Mr. Pound, the parochial undertaker", "Mr. Prosser, a surgeon": up to two words before the role. */
const AFTER = /^,\s+(?:the|a|an)\s+((?:[a-z][a-z-]*\s+){0,2}[a-z][a-z-]*)/;
/** "Jory was a charity-boy", "Pound was the undertaker". */
const COPULA = /^\s+(?:was|is)\s+(?:the|a|an)\s+((?:[a-z][a-z-]*\s+){0,2}[a-z][a-z-]*)/;
/** "the undertaker, Mr. Pound"; not "On their way to the magistrate, Mr. Pound …" (a place, after a preposition). */
const BEFORE =
  /(?<!\b(?:to|at|from|with|by|for|of|on|in|into|upon|toward|towards|near|before|after|behind|past)\s+)the\s+([a-z][a-z-]*),\s+$/;
/** A name that follows a comma is one of a list ("Mr. Brittles, Mr. Giles, the tinker (who …"): the role is the next item. */
const LISTED = /,\s+$/;
const WINDOW = 60;

/** Votes for role index -> named index, one map per role. */
export type RoleVotes = Map<number, Map<number, number>>;

export function vote(votes: RoleVotes, role: number, named: number, weight = 1): void {
  const v = votes.get(role) ?? new Map<number, number>();
  v.set(named, (v.get(named) ?? 0) + weight);
  votes.set(role, v);
}

/** Role nouns of the described speakers ("undertaker"), by character index. */
export function roleNouns(characters: readonly Character[]): Map<string, number> {
  const byNoun = new Map<string, number>();
  characters.forEach((c, i) => {
    const p = getProfile(c);
    if (p?.noun) byNoun.set(p.noun, i);
  });
  return byNoun;
}

/** Adds the votes of appositions and copulas next to name mentions in narration. */
export function appositionVotes(
  text: string,
  characters: readonly Character[],
  mentions: readonly Mention[],
  votes: RoleVotes,
): void {
  const byNoun = roleNouns(characters);
  if (byNoun.size === 0) return;
  const rolesIn = (phrase: string | undefined): number[] =>
    phrase === undefined ? [] : phrase.split(/\s+/).flatMap((w) => (byNoun.has(w) ? [byNoun.get(w)!] : []));
  for (const m of mentions) {
    if (m.inQuote || byNoun.has(characters[m.char]?.name ?? '')) continue;
    const tail = text.slice(m.end, m.end + WINDOW);
    const listed = LISTED.test(text.slice(Math.max(0, m.start - 3), m.start));
    const found = [
      ...(listed ? [] : rolesIn(AFTER.exec(tail)?.[1])),
      ...rolesIn(COPULA.exec(tail)?.[1]),
      ...rolesIn(BEFORE.exec(text.slice(Math.max(0, m.start - WINDOW), m.start))?.[1]),
    ];
    for (const role of new Set(found)) if (role !== m.char) vote(votes, role, m.char);
  }
}

/**
 * The character votes clearly name: the one with the most (lowest index on a tie), if it has
 * `minVotes` or more and over twice the runner-up's (a runner-up at or below zero, by votes
 * against, counts as zero); else undefined. Votes that name two people settle nothing.
 */
export function clearLeader(votes: ReadonlyMap<number, number>, minVotes: number): number | undefined {
  const ranked = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const [best, next] = ranked;
  if (!best || best[1] < minVotes || best[1] <= 2 * Math.max(0, next?.[1] ?? 0)) return undefined;
  return best[0];
}

/** Role -> named index for roles whose votes name one person, or one clearly ahead. */
export function decideRoles(votes: RoleVotes, minVotes = 1): Map<number, number> {
  const out = new Map<number, number>();
  for (const [role, v] of votes) {
    const named = clearLeader(v, minVotes);
    if (named !== undefined) out.set(role, named);
  }
  return out;
}

/** Role character index -> named character index, from appositions next to name mentions. */
export function rolesByApposition(
  text: string,
  characters: readonly Character[],
  mentions: readonly Mention[],
): Map<number, number> {
  const votes: RoleVotes = new Map();
  appositionVotes(text, characters, mentions, votes);
  return decideRoles(votes);
}

/** Merges each role character into its named character: aliases joined, quotes re-pointed. */
export function mergeRoles<Q extends { speakerId: string | null }>(
  characters: readonly Character[],
  quotes: readonly Q[],
  roles: Map<number, number>,
): { characters: Character[]; quotes: Q[]; into: Map<string, string> } {
  if (roles.size === 0) return { characters: [...characters], quotes: [...quotes], into: new Map() };
  const into = new Map<string, string>();
  const extra = new Map<string, string[]>();
  // A tag that names the role ("said the undertaker") names the character it merged into.
  const nouns = new Map<string, string[]>();
  for (const [role, named] of roles) {
    const r = characters[role]!;
    const n = characters[named]!;
    into.set(r.id, n.id);
    extra.set(n.id, [...(extra.get(n.id) ?? []), r.name, ...r.alternativeNames]);
    nouns.set(n.id, [...(nouns.get(n.id) ?? []), ...describingNouns(getProfile(r))]);
  }
  const outChars = characters
    .filter((c) => !into.has(c.id))
    .map((c) => {
      const more = extra.get(c.id);
      if (!more) return c;
      const merged = { ...c, alternativeNames: [...new Set([...c.alternativeNames, ...more])] };
      const p = getProfile(c);
      const roleNouns = nouns.get(c.id) ?? [];
      if (p)
        setProfile(
          merged,
          roleNouns.length ? { ...p, roleNouns: [...new Set([...(p.roleNouns ?? []), ...roleNouns])] } : p,
        );
      return merged;
    });
  const outQuotes = quotes.map((q) =>
    q.speakerId !== null && into.has(q.speakerId) ? { ...q, speakerId: into.get(q.speakerId)! } : q,
  );
  return { characters: outChars, quotes: outQuotes, into };
}

/** Turns in which a role and a name stand in for each other before they are taken as one. */
const MIN_SHARED_SLOTS = 3;
/** ... and they may answer each other at most this share of those times. */
const MAX_OPPOSED_SHARE = 0.25;

/**
 * A role ("the pedlar", "the undertaker") that is tagged in the turns where a named character would
 * speak — "Mossop said", then the other speaker, then "said the pedlar" — with the same partner in
 * between and never answering that name, is that name: role index -> named index.
 */
export function rolesByTurns(
  text: string,
  quotes: readonly { startOffset: number; speakerId: string | null; attributionMethod?: string }[],
  characters: readonly Character[],
): Map<number, number> {
  const index = new Map(characters.map((c, i) => [c.id, i]));
  const isRole = characters.map((c) => getProfile(c)?.descriptor === true);
  if (!isRole.some(Boolean)) return new Map();
  const paragraphs = splitParagraphs(text);
  const sorted = [...quotes].sort((a, b) => a.startOffset - b.startOffset);
  // The explicitly tagged speaker of each quote paragraph.
  const turns: { para: number; who: number }[] = [];
  let p = 0;
  for (const q of sorted) {
    while (p < paragraphs.length - 1 && paragraphs[p]!.end < q.startOffset) p++;
    const last = turns[turns.length - 1];
    if (last && last.para === p) continue;
    const who = q.attributionMethod === 'explicit' && q.speakerId !== null ? (index.get(q.speakerId) ?? -1) : -1;
    turns.push({ para: p, who });
  }
  const shared = new Map<string, number>();
  const opposed = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const key = (a: number, b: number) =>
    isRole[a] && !isRole[b] ? `${a} ${b}` : isRole[b] && !isRole[a] ? `${b} ${a}` : null;
  for (let k = 0; k + 1 < turns.length; k++) {
    const a = turns[k]!;
    const b = turns[k + 1]!;
    if (b.para !== a.para + 1 || a.who < 0 || b.who < 0) continue;
    const ab = key(a.who, b.who);
    if (ab) bump(opposed, ab);
    const c = turns[k + 2];
    if (!c || c.para !== b.para + 1 || c.who < 0 || b.who === a.who || b.who === c.who) continue;
    const ac = key(a.who, c.who);
    if (ac) bump(shared, ac);
  }
  const best = new Map<number, [number, number]>();
  for (const [k, n] of shared) {
    const [role, named] = k.split(' ').map(Number) as [number, number];
    if (n < MIN_SHARED_SLOTS || (opposed.get(k) ?? 0) > MAX_OPPOSED_SHARE * n) continue;
    const cur = best.get(role);
    if (!cur || n > cur[1]) best.set(role, [named, n]);
  }
  return new Map([...best].map(([role, [named]]) => [role, named]));
}

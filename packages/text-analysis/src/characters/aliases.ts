// Naming constructions that give one person two names: "Mr. Jory Tolley, otherwise the Grey
// Fox", "Mr. Ambrose Marlow, late Tarrant", "X, commonly called / known as / alias Y",
// "Y, as X was now called", and marriage: "Mr. Mossop had married Mrs. Quill" makes the "Mrs.
// Mossop" of the text Mrs. Quill. Characters are merged before attribution, so that the quotes of
// both names go to one speaker.
import type { Character } from '@castbook/contracts';
import { aliasIndex, aliasKey } from '../attribution/mentions.js';
import { getProfile, setProfile } from './profiles.js';
import { tokenAt, type TokenList } from './tokens.js';

const MAX_WORDS = 5;
/** "A, otherwise B": the second name is another name of the first. */
const ALIAS_AFTER =
  /[,(]\s*(?:otherwise(?:\s+called)?|alias|commonly\s+called|generally\s+called|better\s+known\s+as|known\s+as|late|formerly|who\s+called\s+(?:himself|herself)|under\s+the\s+name\s+of)\s+(?:the\s+)?(?:[A-Z][\w-]*\s+){0,3}$/;
/** "B, as A was now called": the first name is another name of the second. */
const AS_CALLED = /,\s*as\s+[A-Z][\w.' ]*?\s(?:was|is)\s+(?:now\s+|then\s+)?$/;
/** "A had married B", "A married B" (past tense only: "make Peggy marry Mr. Crump" is a wish). */
/** "Tamsin the wife of Mr. Crump", "Orla, wife of Mr. Holt". */
const WIFE_OF = /^,?\s+(?:the\s+)?wife\s+of\s+$/;
const MARRIED = /^\s+(?:had\s+)?married\s+$/;

interface Found {
  char: number;
  from: number;
  to: number;
}

/** The longest alias starting at token i (capitalised words joined by spaces), or null. */
function mentionFrom(tokens: TokenList, index: Map<string, number>, i: number): Found | null {
  const t = tokens.at(i);
  if (!t?.cap) return null;
  let key = t.text;
  let best: Found | null = index.has(key) ? { char: index.get(key)!, from: i, to: i + 1 } : null;
  for (let k = i + 1; k < tokens.length && k < i + MAX_WORDS && tokens.at(k)!.joined; k++) {
    key += ' ' + tokens.at(k)!.text;
    const hit = index.get(key);
    if (hit !== undefined) best = { char: hit, from: i, to: k + 1 };
  }
  return best;
}

/** The longest alias ending with token j (exclusive end j + 1), or null. */
function mentionTo(tokens: TokenList, index: Map<string, number>, j: number): Found | null {
  for (let i = Math.max(0, j - MAX_WORDS + 1); i <= j; i++) {
    const m = mentionFrom(tokens, index, i);
    if (m && m.to === j + 1) return m;
  }
  return null;
}

function surnameOf(c: Character): string | null {
  for (const n of [c.name, ...c.alternativeNames]) {
    const words = aliasKey(n).split(' ');
    if (words.length >= 2) return words[words.length - 1]!;
  }
  return null;
}

/** Pairs [other name, named] found by the constructions; indices into `characters`. */
export function aliasLinks(text: string, tokens: TokenList, characters: readonly Character[]): [number, number][] {
  const index = aliasIndex(characters);
  const gender = (i: number) => getProfile(characters[i]!)?.gender ?? 'u';
  const links: [number, number][] = [];
  const trigger =
    /\b(?:otherwise|alias|commonly called|generally called|known as|late|formerly|called himself|called herself|under the name of|married|called|wife of)\b/g;
  for (let m = trigger.exec(text); m; m = trigger.exec(text)) {
    const at = tokenAt(tokens, m.index);
    if (at >= tokens.length || tokens.at(at)!.inQuote) continue;
    const word = m[0];
    const endTok = tokenAt(tokens, m.index + word.length);
    if (word === 'married') {
      // Name, optional "had", "married", name.
      const before = at > 0 && tokens.at(at - 1)!.text === 'had' ? at - 2 : at - 1;
      const a = before >= 0 ? mentionTo(tokens, index, before) : null;
      const b = mentionFrom(tokens, index, endTok);
      if (!a || !b || a.char === b.char) continue;
      if (!MARRIED.test(text.slice(tokens.at(a.to - 1)!.end, tokens.at(b.from)!.start))) continue;
      const ga = gender(a.char);
      const gb = gender(b.char);
      if (ga === gb || ga === 'u' || gb === 'u') continue;
      const [man, woman] = ga === 'm' ? [a.char, b.char] : [b.char, a.char];
      const surname = surnameOf(characters[man]!);
      const wife = surname ? index.get('Mrs ' + surname) : undefined;
      if (wife !== undefined && wife !== woman && wife !== man) links.push([wife, woman]);
      continue;
    }
    if (word === 'wife of') {
      // "Tamsin the wife of Mr. Crump", "Orla, wife of Mr. Holt".
      const the = at > 0 && tokens.at(at - 1)!.text.toLowerCase() === 'the' ? at - 1 : at;
      const a = the > 0 ? mentionTo(tokens, index, the - 1) : null;
      const b = mentionFrom(tokens, index, endTok);
      if (!a || !b || a.char === b.char || gender(a.char) === 'm' || gender(b.char) !== 'm') continue;
      if (!WIFE_OF.test(text.slice(tokens.at(a.to - 1)!.end, tokens.at(b.from)!.start))) continue;
      const surname = surnameOf(characters[b.char]!);
      const wife = surname ? index.get('Mrs ' + surname) : undefined;
      if (wife !== undefined && wife !== a.char && wife !== b.char) links.push([wife, a.char]);
      continue;
    }
    if (word === 'called') {
      // "B, as A was now called".
      const lo = Math.max(0, m.index - 60);
      const as = AS_CALLED.exec(text.slice(lo, m.index));
      if (!as) continue;
      const asTok = tokenAt(tokens, lo + as.index + as[0].indexOf('as'));
      const a = mentionFrom(tokens, index, asTok + 1);
      const b = asTok > 0 ? mentionTo(tokens, index, asTok - 1) : null;
      const verb = tokens.at(a?.to ?? -1)?.text;
      if (a && b && a.char !== b.char && (verb === 'was' || verb === 'is')) links.push([b.char, a.char]);
      continue;
    }
    // "A, otherwise B", "A (otherwise B)".
    let bTok = endTok;
    if (tokens.at(bTok)?.text === 'the') bTok++;
    // "otherwise the Grey Fox": the name may be the end of a longer capitalised run.
    let b = mentionFrom(tokens, index, bTok);
    for (let k = bTok + 1; !b && k < bTok + MAX_WORDS && tokens.at(k)?.cap && tokens.at(k)!.joined; k++)
      b = mentionFrom(tokens, index, k);
    if (!b) continue;
    // The name before: the last mention ending before the comma or parenthesis.
    const a = at > 0 ? mentionTo(tokens, index, at - 1) : null;
    if (!a || a.char === b.char) continue;
    if (!ALIAS_AFTER.test(text.slice(tokens.at(a.to - 1)!.end, tokens.at(b.from)!.start))) continue;
    const ga = gender(a.char);
    const gb = gender(b.char);
    if (ga !== 'u' && gb !== 'u' && ga !== gb) continue;
    links.push([b.char, a.char]);
  }
  return links;
}

/**
 * Merges characters linked by naming constructions: the one named more often keeps its name and
 * takes the other's names and mentions.
 */
export function mergeAliases(text: string, tokens: TokenList, characters: readonly Character[]): Character[] {
  const links = aliasLinks(text, tokens, characters);
  if (links.length === 0) return [...characters];
  // Union-find over the links.
  const parent = characters.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (const [a, b] of links) {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) continue;
    const [keep, drop] = characters[ra]!.mentions >= characters[rb]!.mentions ? [ra, rb] : [rb, ra];
    parent[drop] = keep;
  }
  const groups = new Map<number, number[]>();
  characters.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  const out: Character[] = [];
  characters.forEach((c, i) => {
    const group = groups.get(i);
    if (!group) return;
    if (group.length === 1) {
      out.push(c);
      return;
    }
    const others = group.filter((j) => j !== i).map((j) => characters[j]!);
    const names = others.flatMap((o) => [o.name, ...o.alternativeNames]);
    const merged: Character = {
      ...c,
      mentions: c.mentions + others.reduce((a, o) => a + o.mentions, 0),
      alternativeNames: [...new Set([...c.alternativeNames, ...names])].filter((n) => n !== c.name),
    };
    const p = getProfile(c);
    if (p) setProfile(merged, p);
    out.push(merged);
  });
  return out;
}

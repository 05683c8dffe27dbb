// Finds where characters are named in the text, by matching their names and aliases on tokens.
import type { Character } from '@castbook/contracts';
import type { TokenList } from '../characters/tokens.js';

export interface Mention {
  token: number;
  /** Token index just after the mention. */
  endToken: number;
  start: number;
  end: number;
  char: number;
  inQuote: boolean;
}

const MAX_WORDS = 5;

/** "Mr. Bennet" -> "Mr Bennet"; "the Hatter" -> "Hatter". */
export function aliasKey(name: string): string {
  return name
    .replace(/^(the|a|an)\s+/i, '')
    .replace(/[.]/g, '')
    .replace(/['\u2019]s$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Alias -> character index; an alias shared by two characters names neither. */
export function aliasIndex(characters: readonly Character[]): Map<string, number> {
  const index = new Map<string, number>();
  const ambiguous = new Set<string>();
  characters.forEach((c, i) => {
    for (const n of new Set([c.name, ...c.alternativeNames].map(aliasKey))) {
      if (!n) continue;
      if (index.has(n) && index.get(n) !== i) ambiguous.add(n);
      else index.set(n, i);
    }
  });
  for (const n of ambiguous) index.delete(n);
  return index;
}

/** All mentions, longest alias first at each position, in text order. */
export function findMentions(tokens: TokenList, index: Map<string, number>): Mention[] {
  const out: Mention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!tokens.at(i)!.cap) continue;
    let key = tokens.at(i)!.text;
    let best = -1;
    let bestEnd = i;
    if (index.has(key)) {
      best = index.get(key)!;
      bestEnd = i + 1;
    }
    for (let k = i + 1; k < tokens.length && k < i + MAX_WORDS && tokens.at(k)!.joined; k++) {
      key += ' ' + tokens.at(k)!.text;
      const hit = index.get(key);
      if (hit !== undefined) {
        best = hit;
        bestEnd = k + 1;
      }
    }
    if (best >= 0) {
      out.push({
        token: i,
        endToken: bestEnd,
        start: tokens.at(i)!.start,
        end: tokens.at(bestEnd - 1)!.end,
        char: best,
        inQuote: tokens.at(i)!.inQuote,
      });
      i = bestEnd - 1;
    }
  }
  return out;
}

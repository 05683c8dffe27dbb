// Detects a first-person narrator: "I" used often in the narration outside quotations.
import type { TokenList } from './tokens.js';

const FIRST_PERSON = new Set(['I', 'me', 'my', 'myself', 'Me', 'My', 'Myself']);
/**
 * First-person words per narration word above which a book is told in the first person. Novels
 * told in the third person stay under 0.001 (letters, asides); first-person ones are near 0.03.
 */
const NARRATOR_RATE = 0.01;

export function firstPersonRate(tokens: TokenList): number {
  let narration = 0;
  let first = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens.at(i)!;
    if (t.inQuote) continue;
    narration++;
    if (FIRST_PERSON.has(t.text)) first++;
  }
  return narration ? first / narration : 0;
}

export function hasFirstPersonNarrator(tokens: TokenList): boolean {
  return firstPersonRate(tokens) >= NARRATOR_RATE;
}

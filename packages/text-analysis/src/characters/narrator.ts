// Detects a first-person narrator: "I" used often in the narration outside quotations.
import type { TokenList } from './tokens.js';

const FIRST_PERSON = new Set(['I', 'me', 'my', 'myself', 'Me', 'My', 'Myself']);
const LONGEST = Math.max(...[...FIRST_PERSON].map((w) => w.length));
const FIRST_LETTERS = new Set([...FIRST_PERSON].map((w) => w[0]!));
/**
 * First-person words per narration word above which a book is told in the first person. Novels
 * told in the third person stay under 0.001 (letters, asides); first-person ones are near 0.03.
 */
const NARRATOR_RATE = 0.01;

/** Words a roman numeral follows in a heading: the `I` of `CHAPTER I` is not the narrator. */
const HEADING_WORDS = new Set([
  'chapter',
  'part',
  'book',
  'volume',
  'act',
  'scene',
  'section',
  'canto',
  'stave',
  'letter',
]);

/** First-person words and all words of the narration (outside quotations). */
function firstPersonCounts(tokens: TokenList): { first: number; narration: number } {
  let narration = 0;
  let first = 0;
  const { source, starts, ends } = tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens.at(i)!;
    if (t.inQuote) continue;
    narration++;
    // Length and first letter before the word is sliced: this pass reads every narration word.
    if (ends[i]! - starts[i]! > LONGEST || !FIRST_LETTERS.has(source[starts[i]!]!)) continue;
    if (
      FIRST_PERSON.has(t.text) &&
      !(t.text === 'I' && i > 0 && HEADING_WORDS.has(tokens.at(i - 1)!.text.toLowerCase()))
    )
      first++;
  }
  return { first, narration };
}

/** First-person words a narrator uses at the least, however short the text: one stray "my" is not one. */
const MIN_FIRST_PERSON = 5;

export function hasFirstPersonNarrator(tokens: TokenList): boolean {
  const { first, narration } = firstPersonCounts(tokens);
  return first >= MIN_FIRST_PERSON && first >= NARRATOR_RATE * narration;
}

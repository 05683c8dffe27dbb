// One linear tokenisation shared by the character finder and the attribution sieves.
export interface Token {
  text: string;
  start: number;
  end: number;
  /** First letter is upper case. */
  cap: boolean;
  /** Starts a sentence (after . ! ?, an opening quote, a dash or a paragraph break). */
  initial: boolean;
  /** Lies inside a quotation. */
  inQuote: boolean;
  /** Only blank space (at most one line break) separates it from the previous token. */
  joined: boolean;
  /** Had a possessive 's, stripped: "Orla's Confession" is not a name. */
  possessive: boolean;
}

// Words are what /[A-Za-z\u00C0-\u024F]+(?:['\u2019][A-Za-z]+)*(?:-[A-Za-z\u00C0-\u024F]+)*/g
// matches: letters (Latin-1 and Latin Extended included), then any "'s" / "n't" parts of ASCII
// letters, then any hyphenated parts. `wordEnd` scans that by code unit: the regex built a match
// array and a string for every word of the book, a tenth of the analysis's garbage.
function isWordLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0xc0 && c <= 0x24f);
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isApostrophe(c: number): boolean {
  return c === 39 || c === 0x2019;
}

/** The end of the word that starts at `start` (a word letter); the regex above, greedy as it is. */
function wordEnd(text: string, start: number): number {
  let k = start + 1;
  while (isWordLetter(text.charCodeAt(k))) k++;
  while (isApostrophe(text.charCodeAt(k)) && isAsciiLetter(text.charCodeAt(k + 1))) {
    k += 2;
    while (isAsciiLetter(text.charCodeAt(k))) k++;
  }
  while (text.charCodeAt(k) === 45 && isWordLetter(text.charCodeAt(k + 1))) {
    k += 2;
    while (isWordLetter(text.charCodeAt(k))) k++;
  }
  return k;
}

/** Abbreviations whose period does not end a sentence. */
export const ABBREVIATIONS = new Set([
  'Mr',
  'Mrs',
  'Ms',
  'Dr',
  'St',
  'Messrs',
  'Mme',
  'Mlle',
  // Monsieur ("M. Thorel"); after another initial it is one too ("J. M. Thorel").
  'M',
  'Capt',
  'Col',
  'Gen',
  'Lt',
  'Rev',
  'Prof',
  'Sgt',
  'Hon',
]);

interface Gap {
  /** Ends a sentence: . ! ? : an opening or closing quote, a dash or a blank line. */
  sentence: boolean;
  /** Only spaces and at most one line break. */
  joined: boolean;
}
const gapResult: Gap = { sentence: false, joined: false };

/** Classifies the characters between two words in one pass, without slicing. */
function scanGap(text: string, a: number, b: number): Gap {
  let sentence = false;
  let joined = true;
  let newlines = 0;
  for (let k = a; k < b; k++) {
    const c = text.charCodeAt(k);
    if (c === 10) {
      newlines++;
      if (newlines > 1) sentence = true;
    } else if (c === 32 || c === 9 || c === 13) {
      continue;
    } else {
      joined = false;
      // . ! ? " ( : and curly double quotes, left single quote, em dash
      if (
        c === 46 ||
        c === 33 ||
        c === 63 ||
        c === 34 ||
        c === 40 ||
        c === 58 ||
        c === 0x201c ||
        c === 0x201d ||
        c === 0x2018 ||
        c === 0x2014
      )
        sentence = true;
      else if (c === 45 && text.charCodeAt(k + 1) === 45) sentence = true;
    }
  }
  gapResult.sentence = sentence;
  gapResult.joined = joined && newlines <= 1;
  return gapResult;
}

const CAP = 1;
const INITIAL = 2;
const IN_QUOTE = 4;
const JOINED = 8;
const POSSESSIVE = 16;

/**
 * The tokens of a text, stored column-wise in typed arrays (a few bytes per word instead of an
 * object each, so a novel's tokens stay well under the size of its text); `at(i)` gives a
 * short-lived Token view.
 */
export class TokenList {
  length = 0;
  starts: Int32Array;
  ends: Int32Array;
  flags: Uint8Array;

  constructor(
    readonly source: string,
    capacity: number,
  ) {
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.flags = new Uint8Array(capacity);
  }

  push(start: number, end: number, flags: number): void {
    if (this.length === this.starts.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2 + 16);
        b.set(a);
        return b;
      };
      this.starts = grow(this.starts, (n) => new Int32Array(n));
      this.ends = grow(this.ends, (n) => new Int32Array(n));
      this.flags = grow(this.flags, (n) => new Uint8Array(n));
    }
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.flags[this.length] = flags;
    this.length++;
  }

  /**
   * Whether token i is exactly `word`, compared in place: passes that read every token look for a
   * few words ("the", "and"), and slicing each token's text to compare was their main cost.
   */
  is(i: number, word: string): boolean {
    const start = this.starts[i]!;
    return this.ends[i]! - start === word.length && this.source.startsWith(word, start);
  }

  /**
   * Whether token i, in lower case, is `word` (lower-case ASCII letters): "the" for "The" or "THE".
   * Compared in place like `is`; a token's other letters cannot lower-case to ASCII ones.
   */
  isLowerCase(i: number, word: string): boolean {
    const start = this.starts[i]!;
    if (this.ends[i]! - start !== word.length) return false;
    for (let k = 0; k < word.length; k++)
      if ((this.source.charCodeAt(start + k) | 0x20) !== word.charCodeAt(k)) return false;
    return true;
  }

  /** Whether token i is capitalised, read from its flags without a view. */
  isCap(i: number): boolean {
    return (this.flags[i]! & CAP) !== 0;
  }

  at(i: number): Token | undefined {
    if (i < 0 || i >= this.length) return undefined;
    return new TokenView(this, i);
  }

  *[Symbol.iterator](): IterableIterator<Token> {
    for (let i = 0; i < this.length; i++) yield this.at(i)!;
  }
}

/**
 * A token read from its list on demand: most reads want one flag (`tokens.at(i).cap`), and slicing
 * every token's text and filling every field for them made token views the analysis's main garbage.
 */
class TokenView implements Token {
  constructor(
    private readonly list: TokenList,
    private readonly i: number,
  ) {}
  get text(): string {
    return this.list.source.slice(this.list.starts[this.i]!, this.list.ends[this.i]!);
  }
  get start(): number {
    return this.list.starts[this.i]!;
  }
  get end(): number {
    return this.list.ends[this.i]!;
  }
  get cap(): boolean {
    return (this.list.flags[this.i]! & CAP) !== 0;
  }
  get initial(): boolean {
    return (this.list.flags[this.i]! & INITIAL) !== 0;
  }
  get inQuote(): boolean {
    return (this.list.flags[this.i]! & IN_QUOTE) !== 0;
  }
  get joined(): boolean {
    return (this.list.flags[this.i]! & JOINED) !== 0;
  }
  get possessive(): boolean {
    return (this.list.flags[this.i]! & POSSESSIVE) !== 0;
  }
}

/** Average characters per word, to size the token arrays once. */
const CHARS_PER_TOKEN = 5;

/**
 * Tokenises words. `quotes` are sorted [start, end) spans; tokens inside them are marked inQuote.
 */
export function tokenize(text: string, quotes: ReadonlyArray<{ startOffset: number; endOffset: number }>): TokenList {
  const tokens = new TokenList(text, Math.ceil(text.length / CHARS_PER_TOKEN) + 16);
  let qi = 0;
  let prevEnd = 0;
  let prevAbbrev = false;
  let prevInitial = false;
  for (let start = 0; start < text.length; start++) {
    if (!isWordLetter(text.charCodeAt(start))) continue;
    const end = wordEnd(text, start);
    while (qi < quotes.length && quotes[qi]!.endOffset <= start) qi++;
    const inQuote = qi < quotes.length && quotes[qi]!.startOffset <= start;
    // The period of "Mr." belongs to the abbreviation, not to a sentence end.
    const from = prevAbbrev && text.charCodeAt(prevEnd) === 46 ? prevEnd + 1 : prevEnd;
    const gap = scanGap(text, from, start);
    const initial = tokens.length === 0 || gap.sentence;
    const joined = tokens.length > 0 && gap.joined;
    // A possessive belongs to the name it follows ("Dacre's" is Dacre).
    let wend = end;
    let possessive = false;
    // Capitalised: A-Z or À-Þ, read from the first code unit (no regex run per word).
    const c0 = text.charCodeAt(start);
    const cap = (c0 >= 0x41 && c0 <= 0x5a) || (c0 >= 0xc0 && c0 <= 0xde);
    const last = end - start >= 2 ? text.charCodeAt(end - 2) : NaN;
    if (cap && text.charCodeAt(end - 1) === 0x73 && isApostrophe(last)) {
      wend -= 2;
      possessive = true;
    }
    tokens.push(
      start,
      wend,
      (cap ? CAP : 0) |
        (initial ? INITIAL : 0) |
        (inQuote ? IN_QUOTE : 0) |
        (joined ? JOINED : 0) |
        (possessive ? POSSESSIVE : 0),
    );
    prevEnd = end;
    // Abbreviations are all capitalised: only those words are sliced.
    prevAbbrev = cap && ABBREVIATIONS.has(text.slice(start, end)) && !(end - start === 1 && c0 === 77 && prevInitial);
    prevInitial = end - start === 1 && text.charCodeAt(end) === 46;
    start = end - 1;
  }
  return tokens;
}

/** Index of the first token starting at or after `offset` (binary search). */
export function tokenAt(tokens: TokenList, offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens.starts[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

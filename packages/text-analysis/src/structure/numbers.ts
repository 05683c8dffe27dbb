// Reads the number of a heading, written as digits, a roman numeral or English words.

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL_UNITS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
const ORDINAL_TEENS = [
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];
const ORDINAL_TENS = [
  '',
  '',
  'twentieth',
  'thirtieth',
  'fortieth',
  'fiftieth',
  'sixtieth',
  'seventieth',
  'eightieth',
  'ninetieth',
];

const SINGLE_WORDS = new Map<string, number>();
UNITS.forEach((w, i) => i > 0 && SINGLE_WORDS.set(w, i));
ORDINAL_UNITS.forEach((w, i) => i > 0 && SINGLE_WORDS.set(w, i));
TEENS.forEach((w, i) => SINGLE_WORDS.set(w, 10 + i));
ORDINAL_TEENS.forEach((w, i) => SINGLE_WORDS.set(w, 10 + i));
TENS.forEach((w, i) => i > 1 && SINGLE_WORDS.set(w, i * 10));
ORDINAL_TENS.forEach((w, i) => i > 1 && SINGLE_WORDS.set(w, i * 10));
SINGLE_WORDS.set('hundred', 100).set('hundredth', 100).set('one hundred', 100);
// "The last chapter" sorts after every numbered one.
SINGLE_WORDS.set('last', Number.POSITIVE_INFINITY).set('final', Number.POSITIVE_INFINITY);

const longestFirst = (words: Iterable<string>) => [...words].sort((a, b) => b.length - a.length).join('|');
const TENS_SOURCE = longestFirst(TENS.slice(2));
const UNIT_SOURCE = longestFirst([...UNITS.slice(1), ...ORDINAL_UNITS.slice(1)]);
/** Compact on purpose: a regex listing every compound number is slow to compile. */
const WORD_SOURCE = `(?:(?:${TENS_SOURCE})[-\\s]?(?:${UNIT_SOURCE})|${longestFirst(SINGLE_WORDS.keys())})`;

/** A heading number: digits (maybe dotted, "2.1"), a roman numeral, or words, maybe after "the". */
export const NUMBER_SOURCE = `(?:\\d{1,4}(?:\\.\\d{1,3})*|[IVXLCDM]{1,9}\\b|[ivxlcdm]{1,9}\\b|(?:the\\s+)?${WORD_SOURCE}\\b)`;

const COMPOUND = new RegExp(`^(${TENS_SOURCE})[-\\s]?(${UNIT_SOURCE})$`);

function wordsValue(s: string): number | null {
  const single = SINGLE_WORDS.get(s);
  if (single !== undefined) return single;
  const m = COMPOUND.exec(s);
  if (!m) return null;
  return TENS.indexOf(m[1]!) * 10 + (SINGLE_WORDS.get(m[2]!) ?? 0);
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

/** The value of a well-formed roman numeral, or null ("IIII" and "VX" are not numerals). */
export function romanValue(s: string): number | null {
  const up = s.toUpperCase();
  if (!/^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/.test(up) || up === '') return null;
  let total = 0;
  for (let i = 0; i < up.length; i++) {
    const v = ROMAN[up[i]!]!;
    const next = i + 1 < up.length ? ROMAN[up[i + 1]!]! : 0;
    total += v < next ? -v : v;
  }
  return total;
}

/** The value of a heading number as matched by NUMBER_SOURCE, or null when it is not one. */
export function numberValue(raw: string): number | null {
  const s = raw.trim();
  if (/^\d+(\.\d+)*$/.test(s)) return Number.parseInt(s, 10);
  if (/^[ivxlcdm]+$/i.test(s)) return romanValue(s);
  return wordsValue(
    s
      .toLowerCase()
      .replace(/^the\s+/, '')
      .replace(/\s+/g, ' '),
  );
}

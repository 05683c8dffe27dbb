// Makes heading titles readable: one line, sensible case, bounded length.

const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'but',
  'or',
  'nor',
  'of',
  'in',
  'on',
  'at',
  'to',
  'by',
  'for',
  'with',
  'from',
  'as',
  'into',
  'upon',
]);
const MAX_TITLE = 200;

const hasLetters = (s: string) => /\p{L}/u.test(s);
/** True for text written in capitals only ("TREATS OF THE PLACE"). */
export const isAllCaps = (s: string) => hasLetters(s) && s === s.toUpperCase() && /\p{Lu}.*\p{Lu}/u.test(s);

function capitalise(word: string): string {
  return word.replace(/(^|[-'"(\u2018\u201c])(\p{Ll})/gu, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
}

/** Title case for text set in capitals; roman numerals stay upper case. */
export function titleCase(s: string): string {
  const parts = s.split(/(\s+)/);
  return parts
    .map((word, i) => {
      if (/^\s+$/.test(word) || word === '') return word;
      const bare = word.replace(/[^\p{L}]/gu, '');
      if (/^[IVXLC]{2,}$/.test(bare) || bare === 'I') return word;
      // A closing letter is a label ("Appendix A"), not the article.
      if (/^\p{Lu}$/u.test(bare) && i === parts.length - 1) return word;
      const lower = word.toLowerCase();
      // A small word stays lower case, except first and after a full stop or colon.
      const afterStop = i === 0 || /[.:!?]$/.test(parts[i - 2] ?? '');
      if (!afterStop && SMALL_WORDS.has(lower.replace(/[^\p{L}]/gu, ''))) return lower;
      // An apostrophe's "s" stays lower case ("Selwyn's", not "Selwyn'S").
      return capitalise(lower).replace(/(['\u2019])S\b/g, '$1s');
    })
    .join('');
}

/** Joins heading lines into one readable title. */
export function cleanTitle(raw: string): string {
  let s = raw.replace(/\s+/g, ' ').trim();
  s = s.replace(/^[#*_=\s]+|[*_=\s]+$/g, '');
  if (isAllCaps(s)) s = titleCase(s);
  if (s.length > MAX_TITLE) s = `${s.slice(0, MAX_TITLE - 1).trimEnd()}…`;
  return s;
}

/** "Chapter I" + "Down the Mill-Race" -> "Chapter I. Down the Mill-Race". */
export function joinTitle(head: string, title: string): string {
  const t = cleanTitle(title).replace(/^[.:;,\s\u2014\u2013-]+/, '');
  if (!t) return head;
  return `${head}. ${t}`;
}

/**
 * True when a short line reads like a title rather than a sentence: in capitals, or most of its
 * longer words capitalised, and not opening a quotation.
 */
export function looksLikeTitle(s: string): boolean {
  if (!s || s.length > 80 || /^["'\u201c\u2018([]/.test(s) || !/^[\p{Lu}\d]/u.test(s)) return false;
  if (isAllCaps(s)) return true;
  const words = s.split(/\s+/).filter((w) => w.replace(/[^\p{L}]/gu, '').length >= 4);
  if (words.length === 0) return true;
  const capitalised = words.filter((w) => /^[^\p{L}]*\p{Lu}/u.test(w)).length;
  return capitalised / words.length >= 0.6;
}

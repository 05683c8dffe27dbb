// Speakers known only by a lower-case description that recurs in speech tags: "said the cook".
import { HONORIFICS, nounGender, SPEECH_VERBS, type Gender } from './lexicon.js';
import type { Token, TokenList } from './tokens.js';

/** A description must tag speech this often to become a character. */
const MIN_TAGS = 2;
/** Nouns that describe a person, not an object ("said the voice" is anyone). */
const NOT_PERSONS = new Set([
  'voice',
  'other',
  'others',
  'rest',
  'latter',
  'former',
  'same',
  'first',
  'second',
  'last',
  'one',
  'two',
  'three',
  'whole',
  'party',
  'company',
  'crowd',
  'pair',
  'group',
  // Groups: "the men cried" is a chorus, not one voice to cast.
  'men',
  'women',
  'children',
  'people',
  'folk',
]);

/** "the ladies", "the sailors": a plural noun is a group ("the mistress" and "the bus" are not plurals). */
export function isPlural(noun: string): boolean {
  return noun.endsWith('s') && !noun.endsWith('ss') && !noun.endsWith('us');
}

/** Tokens after a tag's last word within which the quotation it introduces must start. */
const QUOTE_AFTER_TAG = 6;

/**
 * Whether a tag from token `first` to token `last` stands beside a quotation: the one just closed
 * before it (`"…," said the cook`) or one opening within a few words after it, before another
 * sentence begins (`The drummer shouted: "…"`, `the cook said sharply, "…"`). Narration that only
 * looks like a tag ("The road went up the hill", "to put the car in the barn") has none.
 */
function besideQuote(tokens: TokenList, first: number, last: number): boolean {
  if (first > 0 && tokens.at(first - 1)!.inQuote) return true;
  for (let k = last + 1; k < tokens.length && k <= last + QUOTE_AFTER_TAG; k++) {
    const t = tokens.at(k)!;
    if (t.inQuote) return true;
    if (t.initial) return false;
  }
  return false;
}

/**
 * Only a role ("the cook", "the jailer") names one person through a book; "the girl", "the old
 * man" or a title ("the count") is a character already named elsewhere.
 */
function isRoleNoun(noun: string): boolean {
  const cap = noun.charAt(0).toUpperCase() + noun.slice(1);
  return !GENERIC_PERSONS.has(noun) && !HONORIFICS.has(cap);
}

const GENERIC_PERSONS = new Set(
  (
    'man woman boy girl lad lass child youth gentleman lady fellow person stranger creature visitor ' +
    'husband wife father mother son daughter brother sister uncle aunt cousin friend companion lover ' +
    'old young elder younger other girl boy baby infant maid widow bachelor'
  ).split(' '),
);

/** Whether a lower-case noun of narration can name a described speaker. */
function speakerNoun(n: Token): boolean {
  return (
    !n.inQuote &&
    !n.cap &&
    n.joined &&
    !n.possessive &&
    !NOT_PERSONS.has(n.text) &&
    !n.text.endsWith('ly') &&
    !isPlural(n.text) &&
    isRoleNoun(n.text)
  );
}

/** English compounds whose last part says the gender: the washerwoman, the coachman, the landlady. */
const GENDERED_ENDINGS: readonly (readonly [string, Gender])[] = [
  ['woman', 'f'],
  ['man', 'm'],
  ['lady', 'f'],
  ['maid', 'f'],
  ['girl', 'f'],
  ['boy', 'm'],
  ['ess', 'f'], // the waitress, the hostess, the governess
];
/** Words with a gendered ending that do not say the gender. */
const UNGENDERED = new Set(['witness']);

/**
 * The gender a description implies (a described speaker's, or a tag noun's): its noun ("the
 * gentleman in the grey waistcoat", "the matron"), the noun's last part or its ending ("the
 * washerwoman", "the pot-boy", "her hostess"), or its first part ("his mother-in-law"), else
 * unknown ("the cook", "the jailer").
 */
export function descriptionGender(description: string): Gender {
  const noun = description.split(' ')[0]!;
  if (UNGENDERED.has(noun)) return 'u';
  const last = noun.slice(noun.lastIndexOf('-') + 1);
  const g = nounGender(last);
  if (g !== 'u') return g;
  for (const [ending, gender] of GENDERED_ENDINGS) if (last.endsWith(ending)) return gender;
  return noun.includes('-') ? nounGender(noun.slice(0, noun.indexOf('-'))) : 'u';
}

/** Counts "said the cook" / "the cook said" in narration; returns nouns used often enough. */
export function findDescribedSpeakers(tokens: TokenList): string[] {
  const counts = new Map<string, number>();
  // "The drummer shouted:", "…," the missionary asked: the description opens its sentence (or
  // follows the quote it tags) and the verb comes straight after the noun.
  for (let i = 0; i + 2 < tokens.length; i++) {
    // The article first, in place: this pass reads every token.
    if (!tokens.isLowerCase(i, 'the')) continue;
    const d = tokens.at(i)!;
    if (!d.initial || d.inQuote) continue;
    const n = tokens.at(i + 1)!;
    const v = tokens.at(i + 2)!;
    if (!speakerNoun(n) || v.inQuote || v.cap || !v.joined || !SPEECH_VERBS.has(v.text)) continue;
    if (!besideQuote(tokens, i, i + 2)) continue;
    counts.set(n.text, (counts.get(n.text) ?? 0) + 1);
  }
  for (let i = 0; i + 2 < tokens.length; i++) {
    // The article first: it rules out nearly every position without slicing a word.
    if (!tokens.is(i + 1, 'the')) continue;
    const v = tokens.at(i)!;
    const d = tokens.at(i + 1)!;
    const n = tokens.at(i + 2)!;
    if (v.inQuote || v.cap || !SPEECH_VERBS.has(v.text) || n.cap || !n.joined || !d.joined) continue;
    const after = tokens.at(i + 3);
    // "said the cook." but not "said the cook's wife" or "said the old gentleman".
    if (n.possessive || NOT_PERSONS.has(n.text) || n.text.endsWith('ly') || isPlural(n.text) || !isRoleNoun(n.text))
      continue;
    if (
      after &&
      after.joined &&
      !after.cap &&
      !SPEECH_VERBS.has(after.text) &&
      !/^(in|with|at|of|to|from|and|who)$/.test(after.text)
    )
      continue;
    if (!besideQuote(tokens, i, i + 2)) continue;
    counts.set(n.text, (counts.get(n.text) ?? 0) + 1);
  }
  for (const [phrase, k] of describedPhrases(tokens)) if (k >= MIN_PHRASE_TAGS) counts.set(phrase, k);
  return [...counts.entries()]
    .filter(([, k]) => k >= MIN_TAGS)
    .map(([n]) => n)
    .sort();
}

/**
 * A detail phrase must tag speech this often: a book that keeps someone unnamed calls them by it
 * throughout, while a named character is given a passing detail in one scene or two.
 */
const MIN_PHRASE_TAGS = 4;
/** Prepositions that attach a telling detail to a generic noun: "the gentleman in the grey waistcoat". */
const DETAIL_PREPOSITIONS = new Set(['in', 'with']);
/** Words at most between the detail's article and its noun ("the grey waistcoat"). */
const DETAIL_WORDS = 3;

/**
 * "said the gentleman in the grey waistcoat": a generic person noun made one person by a detail
 * (a preposition, an article and up to DETAIL_WORDS lower-case words ending the tag). Returns each
 * phrase ("gentleman in the grey waistcoat") with how often it tags speech, verb first.
 */
export function describedPhrases(tokens: TokenList): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 4 < tokens.length; i++) {
    if (!tokens.is(i + 1, 'the')) continue;
    const v = tokens.at(i)!;
    if (v.inQuote || v.cap || !SPEECH_VERBS.has(v.text)) continue;
    const d = tokens.at(i + 1)!;
    if (!d.joined) continue;
    // Up to two describing words, then the noun and the preposition: "the old gentleman in".
    let n = i + 2;
    while (n < i + 4 && tokens.at(n + 1) && !DETAIL_PREPOSITIONS.has(tokens.at(n + 1)!.text)) n++;
    const noun = tokens.at(n);
    const prep = tokens.at(n + 1);
    const art = tokens.at(n + 2);
    if (!noun || !prep || !art || !GENERIC_PERSONS.has(noun.text) || !DETAIL_PREPOSITIONS.has(prep.text)) continue;
    // "in a low voice" tells how it was said; "in the grey waistcoat" tells who.
    if (art.text !== 'the') continue;
    const words: string[] = [];
    let k = n + 1;
    for (; k <= n + 2 + DETAIL_WORDS; k++) {
      const t = tokens.at(k);
      if (!t || t.cap || t.inQuote || !t.joined) break;
      words.push(t.text);
    }
    // The detail ends the tag: punctuation (or a quote) follows its last word, not more words.
    const after = tokens.at(k);
    if (words.length < 3 || (after && after.joined && !after.cap)) continue;
    if (!besideQuote(tokens, i, k - 1)) continue;
    const phrase = [noun.text, ...words].join(' ');
    counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
  }
  return counts;
}

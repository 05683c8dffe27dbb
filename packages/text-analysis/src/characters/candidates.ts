// Collects capitalised name forms ("Mr. Ashcombe", "Margaret", "the Ferryman") with the evidence
// that tells persons from places and ordinary words.
import {
  FEMALE_PRONOUNS,
  HONORIFICS,
  isNationalityWord,
  MALE_PRONOUNS,
  NOT_NAMES,
  PERSON_VERBS,
  PLACE_PREPOSITIONS,
  SPEECH_VERBS,
} from './lexicon.js';
import type { Token, TokenList } from './tokens.js';

export interface FormStats {
  /** "Mr Ashcombe", "Margaret Ashcombe", "Ferryman": honorific (without period) then name words. */
  key: string;
  honorific: string | null;
  words: string[];
  total: number;
  nonInitial: number;
  afterThe: number;
  tags: number;
  /** Pronouns that follow the name in narration: evidence of gender. */
  male: number;
  female: number;
  vocatives: number;
  /** Mentions inside quotations (speech, where dialect spellings live). */
  quoted: number;
  verbAfter: number;
  prepBefore: number;
  firstOffset: number;
}

const PARTICLES = new Set([
  'de',
  'van',
  'von',
  'der',
  'den',
  'ter',
  'ten',
  'des',
  'du',
  'da',
  'di',
  'del',
  'della',
  'le',
  'la',
  'St',
]);

/**
 * Particles written with a capital at a sentence's start or by habit ("De Vere", "Van Holt") that are
 * the same name as "de Vere": the form keeps them in lower case. Not "Di", "Del", "Della", "Des" or
 * "Da", which are names ("Della Marsh", "Des Quill") or words of their own.
 */
const CAPITALISED_PARTICLES = new Set(['De', 'Van', 'Von', 'Der', 'Du', 'Le', 'La']);

/** "Mr. van der Holt": lower-case particles, then a capitalised word, right after token i. */
function particlesThenName(tokens: TokenList, i: number): boolean {
  let k = i + 1;
  while (k < tokens.length && k < i + 4 && tokens.at(k)!.joined && PARTICLES.has(tokens.at(k)!.text)) k++;
  return k > i + 1 && k < tokens.length && tokens.at(k)!.joined && tokens.at(k)!.cap;
}
const MAX_NAME_WORDS = 4;

export function isNameWordIn(t: Token, namesAnyway?: ReadonlySet<string>): boolean {
  return (
    t.cap &&
    t.text.length > 1 &&
    (!NOT_NAMES.has(t.text) || !!namesAnyway?.has(t.text)) &&
    !/^[A-Z]+$/.test(t.text) &&
    // A letter three times running is a cry drawn out ("Ooooh", "Brrr"), not a name.
    !/(\p{L})\1\1/iu.test(t.text) &&
    !isNationalityWord(t.text)
  );
}

/** Months that are also given names: names in a book that gives them a surname ("May Treloar"). */
const MONTH_NAMES = new Set(['April', 'May', 'June', 'August']);
/** Times a month word must lead a full name before it counts as a name in that book. */
const MIN_FULL_NAMES = 3;

/** The month words this text uses as given names: "May Treloar" at least three times, mid-sentence. */
function monthsAsNames(tokens: TokenList): Set<string> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens.at(i)!;
    // Months are capitalised: the flag rules out most words before their text is sliced.
    if (!t.cap || t.initial || !MONTH_NAMES.has(t.text)) continue;
    const next = tokens.at(i + 1)!;
    if (next.joined && isNameWordIn(next)) counts.set(t.text, (counts.get(t.text) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= MIN_FULL_NAMES).map(([w]) => w));
}

/** Number words that a story may give as names to people it counts ("said Nine"). */
const NUMBER_NAMES = new Set(['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten']);
/** Times a number word must follow a speech verb mid-sentence before it counts as a name. */
const MIN_NUMBER_TAGS = 2;

/**
 * The number words this text uses as names: one capitalised mid-sentence right after a speech verb,
 * the tag ending there ("…," said Nine.; not "said Two of them"), at least twice; then the others it
 * capitalises mid-sentence in narration as often, the rest of the count ("Nine and Four").
 */
function numbersAsNames(tokens: TokenList): Set<string> {
  const tags = new Map<string, number>();
  const midSentence = new Map<string, number>();
  for (let i = 1; i + 1 < tokens.length; i++) {
    const t = tokens.at(i)!;
    if (!t.cap || t.initial || t.inQuote || !NUMBER_NAMES.has(t.text)) continue;
    midSentence.set(t.text, (midSentence.get(t.text) ?? 0) + 1);
    const verb = tokens.at(i - 1)!;
    if (!t.joined || verb.inQuote || !SPEECH_VERBS.has(verb.text)) continue;
    const next = tokens.at(i + 1)!;
    if (next.joined && !next.cap) continue;
    tags.set(t.text, (tags.get(t.text) ?? 0) + 1);
  }
  if (![...tags.values()].some((n) => n >= MIN_NUMBER_TAGS)) return new Set();
  return new Set([...midSentence].filter(([, n]) => n >= MIN_NUMBER_TAGS).map(([w]) => w));
}

function stats(map: Map<string, FormStats>, key: string, hon: string | null, words: string[], at: number): FormStats {
  let s = map.get(key);
  if (!s) {
    s = {
      key,
      honorific: hon,
      words,
      total: 0,
      nonInitial: 0,
      male: 0,
      female: 0,
      afterThe: 0,
      tags: 0,
      vocatives: 0,
      quoted: 0,
      verbAfter: 0,
      prepBefore: 0,
      firstOffset: at,
    };
    map.set(key, s);
  }
  return s;
}

/** Lower-case occurrences of every word, to reject capitalised common words ("Well", "Hope" stays). */
export function lowerCounts(tokens: TokenList): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens.at(i)!;
    if (t.cap) continue;
    const word = t.text; // sliced from the source on each read
    m.set(word, (m.get(word) ?? 0) + 1);
  }
  return m;
}

const PRONOUN_WINDOW = 20;

/** The first personal pronoun after a name, before any other name, hints at its gender. */
function countPronoun(s: FormStats, tokens: TokenList, from: number): void {
  // Quotations are skipped: `"…," Jory said. "…" She looked` still tells Jory is a woman.
  let seen = 0;
  for (let i = from; i < tokens.length && seen < PRONOUN_WINDOW; i++) {
    const t = tokens.at(i);
    if (t!.inQuote) continue;
    seen++;
    if (t!.cap && !NOT_NAMES.has(t!.text)) return;
    const w = t!.text.toLowerCase();
    if (MALE_PRONOUNS.has(w)) {
      s.male++;
      return;
    }
    if (FEMALE_PRONOUNS.has(w)) {
      s.female++;
      return;
    }
  }
}

/**
 * "By Orla Quayle" alone on its line, as a title page gives the author: the name run from token i
 * to k names no one in the story.
 */
function isByline(text: string, tokens: TokenList, i: number, k: number): boolean {
  if (i === 0 || tokens.at(i - 1)!.text.toLowerCase() !== 'by') return false;
  const by = tokens.at(i - 1)!;
  const lineStart = text.lastIndexOf('\n', by.start - 1) + 1;
  if (text.slice(lineStart, by.start).trim() !== '') return false;
  const end = tokens.at(k - 1)!.end;
  const lineEnd = text.indexOf('\n', end);
  return text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim() === '';
}

/** Scans the tokens once and gathers every candidate name form. */
export function collectForms(text: string, tokens: TokenList): Map<string, FormStats> {
  const forms = new Map<string, FormStats>();
  const namesAnyway = new Set([...monthsAsNames(tokens), ...numbersAsNames(tokens)]);
  const isNameWord = (t: Token) => isNameWordIn(t, namesAnyway);
  for (let i = 0; i < tokens.length; i++) {
    if (!tokens.isCap(i)) continue;
    const t = tokens.at(i);
    let j = i;
    let hon: string | null = null;
    if (
      HONORIFICS.has(t!.text) &&
      i + 1 < tokens.length &&
      tokens.at(i + 1)!.joined &&
      (tokens.at(i + 1)!.cap || particlesThenName(tokens, i))
    ) {
      hon = t!.text;
      j = i + 1;
    } else if (!isNameWord(t!)) continue;
    const words: string[] = [];
    let k = j;
    while (k < tokens.length && words.length < MAX_NAME_WORDS) {
      const w = tokens.at(k);
      if (k > j && !w!.joined) break;
      // "… than Miss Ashby Miss Quill's": a title before another name starts that name.
      if (
        k > j &&
        HONORIFICS.has(w!.text) &&
        k + 1 < tokens.length &&
        tokens.at(k + 1)!.joined &&
        tokens.at(k + 1)!.cap
      )
        break;
      if (isNameWord(w!))
        words.push(
          CAPITALISED_PARTICLES.has(w!.text) &&
            k + 1 < tokens.length &&
            tokens.at(k + 1)!.joined &&
            tokens.at(k + 1)!.cap
            ? w!.text.toLowerCase()
            : w!.text,
        );
      else if (
        (k > j || hon !== null) &&
        PARTICLES.has(w!.text) &&
        k + 1 < tokens.length &&
        (tokens.at(k + 1)!.cap || PARTICLES.has(tokens.at(k + 1)!.text)) &&
        tokens.at(k + 1)!.joined
      )
        words.push(w!.text);
      else break;
      k++;
      if (w!.possessive) break;
      // A sentence end or comma after a word ends the name.
      if (k < tokens.length && !tokens.at(k)!.joined) break;
    }
    if (words.length === 0) continue;
    if (PARTICLES.has(words[words.length - 1]!)) words.pop();
    // "Madame la Baronne" where "Baronne" is no name word: only the particle was left.
    if (words.length === 0) continue;
    if (isByline(text, tokens, i, k)) {
      i = k - 1;
      continue;
    }
    const key = (hon ? hon + ' ' : '') + words.join(' ');
    const s = stats(forms, key, hon, words, t!.start);
    s.total++;
    if (!t!.initial) s.nonInitial++;
    const prev = i > 0 ? tokens.at(i - 1) : undefined;
    const next = k < tokens.length ? tokens.at(k) : undefined;
    const prevLower = prev ? prev.text.toLowerCase() : '';
    if (prev && prevLower === 'the' && t!.joined) s.afterThe++;
    const nextText = next ? next.text : '';
    const nextNext = k + 1 < tokens.length ? tokens.at(k + 1)!.text : '';
    const prev2 = i > 1 ? tokens.at(i - 2)! : undefined;
    // "said Orla", and "said the Ferryman" for a descriptor used as a name.
    const tagBefore =
      (prev && t!.joined && SPEECH_VERBS.has(prevLower)) ||
      (prevLower === 'the' && prev2 && prev!.joined && SPEECH_VERBS.has(prev2.text));
    const tagAfter =
      next && next.joined && (SPEECH_VERBS.has(nextText) || (nextText.endsWith('ly') && SPEECH_VERBS.has(nextNext)));
    if (!t!.inQuote && (tagBefore || tagAfter)) s.tags++;
    if (t!.inQuote) {
      s.quoted++;
      const before = text.slice(Math.max(0, t!.start - 6), t!.start);
      const endTok = tokens.at(k - 1)!.end;
      const after = text[endTok] ?? '';
      if ((/(?:[,"\u201c\u2018']|\bdear)\s?$/i.test(before) || /^\W*$/.test(before)) && /[,!?.;]/.test(after))
        s.vocatives++;
    } else {
      if (next && !next.cap && PERSON_VERBS.has(nextText)) s.verbAfter++;
      if (prev && PLACE_PREPOSITIONS.has(prevLower)) s.prepBefore++;
    }
    if (!t!.inQuote) countPronoun(s, tokens, k);
    // A run that opens a sentence may start with an ordinary word ("Poor Orla"): let the next
    // token start its own run too.
    if (hon || words.length === 1 || !t!.initial) i = k - 1;
  }
  return forms;
}

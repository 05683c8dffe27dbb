// Decides which name forms are persons and merges the forms of one person into one entity.
import type { FormStats } from './candidates.js';
import { givenNameGender, isGivenName } from './givenNames.js';
import { isOrganisationName, isPlaceName, PLACE_WORDS } from './places.js';
import { titleNoun } from './titles.js';
import {
  FIRST_NAME_HONORIFICS,
  HONORIFICS,
  HONORIFIC_SPELLINGS,
  MARRIED,
  NICKNAMES,
  nounGender,
  UNMARRIED,
  type Gender,
} from './lexicon.js';

export interface Person {
  forms: FormStats[];
  first: string | null;
  last: string | null;
  gender: Gender;
  married: boolean | null;
  /** Known only as "the Ferryman": a descriptor used as a name. */
  descriptor: boolean;
  /** "Mrs. Bram Quill": her first name is her husband's, so the bare "Bram" is not her. */
  husbandsFirst: boolean;
}

const MIN_MENTIONS = 2;
/** Ranks and professions, used with a surname only ("Colonel Selwyn" is not Selwyn Dacre). */
const SURNAME_HONORIFICS = new Set([
  'Colonel',
  'Captain',
  'Major',
  'General',
  'Lieutenant',
  'Sergeant',
  'Admiral',
  'Inspector',
  'Dr',
  'Doctor',
  'Professor',
  'Judge',
  'Capt',
  'Col',
  'Gen',
  'Lt',
  'Sgt',
  'Prof',
]);
const PLACE_RATIO = 0.2;
/**
 * A wife's titles before her (married) surname: a woman called "Madame Quill" and "Countess Quill"
 * (never with a first name) is one woman. Not "Lady", which goes with first names too.
 */
const WIFE_TITLES = new Set([...MARRIED, 'Countess', 'Duchess', 'Baroness']);

function isTitle(word: string): boolean {
  return HONORIFICS.has(word);
}

function genderOf(f: FormStats): Gender {
  if (f.honorific) {
    const g = HONORIFICS.get(f.honorific) ?? 'u';
    if (g !== 'u') return g;
  }
  if (f.words.length === 1 && isTitle(f.words[0]!)) {
    const g = HONORIFICS.get(f.words[0]!) ?? 'u';
    if (g !== 'u') return g;
  }
  // A kinship word for a name settles it, with "the" or without (Granny, the Grandmother), before
  // the given-name lists, where "Granny" stands as a man's name.
  const kin = nounGender(f.words[0]!);
  if (kin !== 'u') return kin;
  // A given name of one gender settles it: the pronouns after "Bram Marsh" may be the woman he
  // is talking to.
  const given = f.afterThe ? 'u' : givenNameGender(f.words[0]!);
  if (given !== 'u') return given;
  const n = f.male + f.female;
  if (n >= 3 && f.male >= 1.5 * f.female) return 'm';
  if (n >= 3 && f.female >= 1.5 * f.male) return 'f';
  return 'u';
}

function marriedOf(f: FormStats): boolean | null {
  if (!f.honorific) return null;
  if (MARRIED.has(f.honorific)) return true;
  if (UNMARRIED.has(f.honorific)) return false;
  return null;
}

/** True when the form is a person and not a place, a common word or a bare title. */
export function isPersonForm(
  f: FormStats,
  lower: Map<string, number>,
  honLasts: Set<string>,
  singles: Set<string> = new Set(),
  fullFirsts: Set<string> = new Set(),
  /** Last words of the place names the text uses ("Ababa" of "Addis Ababa"). */
  placeParts: ReadonlySet<string> = new Set(),
): boolean {
  const lc = (w: string) => lower.get(w.toLowerCase()) ?? 0;
  const descriptor = f.afterThe * 2 >= f.total;
  // "the General Telegraph Office", "the Bank", "the Evening Courier": an institution, even after a title.
  if (isOrganisationName(f.words) && (!f.honorific || f.words.length > 1)) return false;
  // "Miss Margaret Ashcombe" once is a name; "Mr. Hale" once may be a passing mention.
  if (f.honorific) return f.total >= MIN_MENTIONS || f.tags > 0 || f.words.length > 1;
  if (descriptor) {
    // "the Ferryman", "the Queen": a capitalised descriptor is a character only when it speaks.
    return (
      f.tags >= 1 && f.total >= MIN_MENTIONS && f.nonInitial > 0 && lc(f.words[f.words.length - 1]!) <= f.nonInitial
    );
  }
  if (f.words.some(isTitle)) return false;
  const first = f.words[0]!;
  const linked = f.words.some((w) => honLasts.has(w)) || (f.words.length > 1 && singles.has(first));
  if (f.total < MIN_MENTIONS && f.tags === 0 && !linked) return false;
  // A name seen only at sentence starts is a person if a full name begins with it ("Selwyn Dacre").
  if (f.nonInitial === 0 && !(f.words.length === 1 ? fullFirsts.has(first) && lc(first) === 0 : linked)) return false;
  // "Unluckily Idris", "What'll Pellow": a run only ever at a sentence's start is a full name only
  // when its first word is a name too.
  if (f.nonInitial === 0 && f.words.length > 1 && !singles.has(first) && !isGivenName(first)) return false;
  if (!linked && lc(first) * 2 > f.nonInitial) return false;
  // Places follow prepositions ("at Wennacott", "to London") far more often than people do.
  const evident = linked || f.tags >= 2;
  if (!evident && f.prepBefore >= 2 && f.prepBefore >= PLACE_RATIO * f.total) return false;
  if (f.words.some((w) => PLACE_WORDS.has(w))) return false;
  // A country, a capital, a large city or a "-shire" or "-town" is a place unless it speaks more
  // often than it is gone to ("to London", "of Milltown").
  if (isPlaceName(f.words) && (f.tags < 2 || f.prepBefore >= f.tags + f.vocatives)) return false;
  if (f.words.length === 1 && placeParts.has(first) && !evident) return false;
  // "Orla Says", "Marrying Rosamund Quill" (headings): a later word that is common in lower case.
  if (
    f.words.length > 1 &&
    f.tags === 0 &&
    f.words.slice(1).some((w) => !honLasts.has(w) && lc(w) >= 3 && lc(w) > f.total)
  )
    return false;
  // "Marrying Rosamund Quill!": a run seen only at sentence starts may begin with an ordinary word.
  if (f.words.length > 1 && f.nonInitial === 0 && lc(first) > 0) return false;
  const personish = f.tags + f.vocatives + f.verbAfter;
  if (linked || f.tags > 0) return true;
  if (f.words.length > 1) return personish >= 1 && f.prepBefore <= personish;
  return f.vocatives >= 1 || (f.verbAfter >= 2 && f.verbAfter > f.prepBefore);
}

function compatible(p: Person, g: Gender, married: boolean | null): boolean {
  if (g !== 'u' && p.gender !== 'u' && g !== p.gender) return false;
  if (married !== null && p.married !== null && married !== p.married) return false;
  return true;
}

function absorb(p: Person, f: FormStats): void {
  p.forms.push(f);
  const g = genderOf(f);
  if (p.gender === 'u') p.gender = g;
  const m = marriedOf(f);
  if (p.married === null) p.married = m;
}

function total(p: Person): number {
  return p.forms.reduce((a, f) => a + f.total, 0);
}

function newPerson(f: FormStats, first: string | null, last: string | null): Person {
  return {
    forms: [f],
    first,
    last,
    gender: genderOf(f),
    married: marriedOf(f),
    descriptor: false,
    husbandsFirst: false,
  };
}

/** A woman known only by a title and her surname ("Mrs. Quill", "Miss Quill"), never a first name. */
function onlyHonorific(p: Person): boolean {
  return p.gender === 'f' && p.first === p.last && p.forms.every((x) => x.honorific);
}

/** A candidate named this many times more often than every other one is the one meant. */
const DOMINANT = 3;

/**
 * Picks the single candidate, or the one that dominates the others: "Mr. Soames" is "Ludo Soames"
 * (named dozens of times), not "Bertram Soames" met once.
 */
function pick(cands: Person[]): Person | null {
  if (cands.length === 0) return null;
  if (cands.length === 1) return cands[0]!;
  const ranked = [...cands].sort((a, b) => total(b) - total(a));
  return total(ranked[0]!) >= DOMINANT * total(ranked[1]!) ? ranked[0]! : null;
}

function mostMentioned(cands: Person[]): Person | null {
  return cands.length === 0 ? null : cands.reduce((a, b) => (total(b) > total(a) ? b : a));
}

/** "Sammy" of "Sam", "Jonnie" of "Jon", "Archie" of "Arch". */
function isDiminutiveOf(a: string, b: string): boolean {
  if (!a.startsWith(b) || b.length < 3) return false;
  const rest = a.slice(b.length);
  const last = b.charAt(b.length - 1);
  return rest === 'y' || rest === 'ie' || rest === last + 'y' || rest === last + 'ie';
}

function isNicknameOf(a: string, b: string): boolean {
  return (
    (NICKNAMES.get(a) ?? []).includes(b) ||
    (NICKNAMES.get(b) ?? []).includes(a) ||
    isDiminutiveOf(a, b) ||
    isDiminutiveOf(b, a)
  );
}

/** How much more often a bare "Mr. SURNAME" must be used than a full name for them to be two men. */
const BARE_SURNAME_DOMINANCE = 3;
/** Share of a man's names that must be "Mr. FIRST SURNAME" for the first name to be a distinction. */
const REGULAR_SHARE = 0.2;
/**
 * Times a person must be called "Mr. FIRST SURNAME" for the first name to be a distinction, and
 * times a speech tag must name them so: a brother the book keeps apart is called so again and again
 * and speaks under that name, while a formal introduction, a warrant read out or a letter's address
 * repeats a full name a handful of times.
 */
const REGULAR_MIN = 10;
const REGULAR_TAGS = 3;

/**
 * "Mr. John Dacre" beside a far commoner "Mr. Dacre": the first name is there to tell him from the
 * other Mr. Dacre, so the bare form is someone else (his brother, his father). A man regularly
 * called "Mr. FIRST SURNAME" is not "Mr. SURNAME" when the bare form is used over three times as
 * often as all his own names.
 * A first name used only now and then is a distinction too when several of the family are named
 * with one ("Miss Lydia Quill" and "Miss Kitty Quill" are the younger sisters, not "Miss Quill",
 * the eldest: `mergeEldestDaughters`), or when it is her husband's ("Mrs. Wystan Quill" is the
 * young wife beside the elder "Mrs. Quill"). With neither, the full name is the same person's
 * formal name ("Mr. William Pell" read out in court, "Mr. Pell" everywhere else).
 */
function distinguishedByFirstName(p: Person, f: FormStats, namesakes: number, husbands: ReadonlySet<string>): boolean {
  const total = personTotal(p);
  // Regularly, not once in a formal introduction ("Mr. Thomas Caddow, sir"): a fifth of his names.
  const full = p.forms.filter((x) => x.honorific === f.honorific && x.words.length > 1);
  const withFirst = full.reduce((n, x) => n + x.total, 0);
  if (withFirst < REGULAR_SHARE * total) return false;
  const byHusband = p.husbandsFirst || (p.gender === 'f' && husbands.has(`${p.first} ${p.last}`));
  const regular = withFirst >= REGULAR_MIN && full.reduce((n, x) => n + x.tags, 0) >= REGULAR_TAGS;
  if (!regular && !byHusband && namesakes < 2) return false;
  return f.total > BARE_SURNAME_DOMINANCE * total;
}

/** Merges person forms into persons: full names first, then honorific forms, then single names. */
export function mergeForms(forms: FormStats[], compounds: ReadonlySet<string> = new Set()): Person[] {
  const persons: Person[] = [];
  const byFull = new Map<string, Person[]>();
  const sorted = [...forms].sort(
    (a, b) =>
      b.words.length - a.words.length ||
      Number(b.honorific !== null) - Number(a.honorific !== null) ||
      b.total - a.total ||
      (a.key < b.key ? -1 : 1),
  );
  const descriptors = new Map<string, Person>();
  const firsts = (w: string) => persons.filter((p) => p.first === w);
  const lasts = (w: string) => persons.filter((p) => p.last === w);

  for (const f of sorted) {
    const descriptor = f.afterThe * 2 >= f.total && !f.honorific;
    if (descriptor) {
      const key = f.words.join(' ');
      // "the Major" is Major Tregaskis when he is the only major the text names, or named at least
      // three times as often as every other (a Major Pollard met twice).
      const rank = f.words.length === 1 ? titleNoun(f.words[0]!) : undefined;
      const ranked = rank
        ? pick(
            persons.filter((p) => !p.descriptor && p.forms.some((x) => x.honorific && titleNoun(x.honorific) === rank)),
          )
        : null;
      if (ranked) {
        absorb(ranked, f);
        continue;
      }
      // "the Fox" is "the Grey Fox" when only one descriptor ends that way.
      const longer = [...descriptors.entries()].filter(([k]) => k.endsWith(' ' + key));
      if (longer.length === 1) {
        absorb(longer[0]![1], f);
        continue;
      }
      const p = newPerson(f, null, null);
      p.descriptor = true;
      persons.push(p);
      descriptors.set(key, p);
      continue;
    }
    const g = genderOf(f);
    const married = marriedOf(f);
    if (f.words.length >= 2) {
      const full = f.words.join(' ');
      const same = (byFull.get(full) ?? []).filter((p) => compatible(p, g, married));
      if (same.length > 0) {
        absorb(same[0]!, f);
        continue;
      }
      // "The Grey Fox" then "Grey Fox": a descriptor with the same words.
      const d = descriptors.get(full);
      if (d) {
        absorb(d, f);
        continue;
      }
      // "Archie Marsh" and "Archibald Marsh": one person under a nickname and the formal name.
      const first = f.words[0]!;
      const last = f.words[f.words.length - 1]!;
      const kin = lasts(last).find(
        (p) => p.first !== null && p.first !== last && isNicknameOf(first, p.first) && compatible(p, g, married),
      );
      if (kin) {
        absorb(kin, f);
        continue;
      }
      const p = newPerson(f, first, last);
      // "Mrs. Bram Quill" goes by her husband's name: the bare "Bram" and "Bram Quill" are him.
      p.husbandsFirst = married === true && givenNameGender(first) === 'm';
      persons.push(p);
      if (!p.husbandsFirst) byFull.set(full, [...(byFull.get(full) ?? []), p]);
      continue;
    }
    const w = f.words[0]!;
    const d =
      descriptors.get(w!) ?? persons.find((p) => p.descriptor && p.forms[0]!.words[p.forms[0]!.words.length - 1] === w);
    if (d && !f.honorific) {
      absorb(d, f);
      continue;
    }
    if (f.honorific) {
      // "Miss Margaret", "Lady Rosamund", "Sir Ambrose" name a first name; "Mr. Dacre" and
      // "Colonel Selwyn" a surname.
      // A word that is a given name of the honorific's gender is a first name whatever the title:
      // "Lady Hester" and "Aunt Hester" are one woman.
      const givenName = g !== 'u' && givenNameGender(w) === g;
      const byFirst = firsts(w).filter(
        (p) =>
          compatible(p, g, married) &&
          (p.last !== w || givenName || p.forms.some((x) => x.honorific === f.honorific || !x.honorific)),
      );
      // A woman's surname is shared by mother, daughters and sisters-in-law: join a full name only
      // when that person is known with this same honorific.
      const sameSurname = lasts(w).filter(
        (p) =>
          compatible(p, g, married) && p.first !== w && (g !== 'f' || p.forms.some((x) => x.honorific === f.honorific)),
      );
      // "Mrs. Wystan Quill" beside a man called "Wystan Quill": she goes by her husband's name.
      const husbands = new Set(
        lasts(w)
          .filter((p) => p.gender === 'm' && p.first !== null)
          .map((p) => `${p.first} ${p.last}`),
      );
      const byLast = sameSurname.filter((p) => !distinguishedByFirstName(p, f, sameSurname.length, husbands));
      // But a woman known by a wife's title and her surname alone, never with a first name, is the
      // one called by another wife's title: "Madame Quill" is "Countess Quill".
      const wife = WIFE_TITLES.has(f.honorific)
        ? persons.filter(
            (p) =>
              !p.descriptor &&
              p.last === w &&
              onlyHonorific(p) &&
              p.forms.every((x) => x.honorific !== null && WIFE_TITLES.has(x.honorific)),
          )
        : [];
      if (wife.length === 1) {
        absorb(wife[0]!, f);
        continue;
      }
      // "Mlle. Wenna" is "Mademoiselle Wenna": one title however it is spelled.
      const spelled = (titles: ReadonlySet<string>) =>
        titles.has(f.honorific!) || titles.has(canonicalHonorific(f.honorific)!);
      const target = spelled(FIRST_NAME_HONORIFICS)
        ? (mostMentioned(byFirst) ?? pick(byLast))
        : spelled(SURNAME_HONORIFICS)
          ? pick(byLast)
          : (pick(byLast) ?? (byLast.length === 0 ? pick(byFirst.filter((p) => p.last !== w)) : null));
      if (target) {
        absorb(target, f);
        continue;
      }
      // "Miss Wenna" names her by her first name: the bare "Wenna" is her too.
      const firstNameOnly = givenName && spelled(FIRST_NAME_HONORIFICS);
      persons.push(newPerson(f, w, firstNameOnly ? null : w));
      continue;
    }
    // A bare name joins whoever is most often called by a form containing it: "Selwyn" is
    // Colonel Selwyn, not Mr. Selwyn Dacre, named so once.
    // "Archie" is whoever is called "Archie Marsh", even if that person goes by "Archibald Marsh".
    // A woman known only as "Mrs. Quill" or "Miss Quill" is not the bare "Quill": that is her husband
    // or another man of the family.
    const holdersOf = (n: string) =>
      persons.filter(
        (p) =>
          ((p.first === n && !p.husbandsFirst) ||
            p.last === n ||
            p.forms.some((x) => !x.honorific && x.words[0] === n)) &&
          !p.descriptor &&
          !(p.last === n && onlyHonorific(p)),
      );
    let holders = holdersOf(w);
    // A hyphenated name ending in a name ("Tam-the-Pellow") is the holder of that name ("Pellow").
    const tail = holders.length === 0 ? /-([A-Z][^-]*)$/.exec(w)?.[1] : undefined;
    if (tail) holders = holdersOf(tail);
    // With no man of that name, a surname spoken to someone ("Treloar, look here!") is the woman
    // known only as "Mrs. Treloar": a household calls its housekeeper so.
    if (holders.length === 0 && f.vocatives > 0 && genderOf(f) !== 'm') {
      const women = persons.filter(
        (p) =>
          !p.descriptor &&
          p.last === w &&
          onlyHonorific(p) &&
          p.forms.every((x) => x.honorific !== null && MARRIED.has(x.honorific)),
      );
      if (women.length === 1) holders = women;
    }
    if (holders.length > 0) {
      const n = tail ?? w;
      const weight = (p: Person) =>
        p.forms.reduce((a, x) => a + (x.words.includes(n) ? x.total : 0), 0) *
        // A bare surname is the man of the family more often than not ("Ashcombe", "Mossop").
        (p.last === n && p.gender === 'm' ? 2 : 1);
      absorb(
        holders.reduce((a, b) => (weight(b) > weight(a) ? b : a)),
        f,
      );
      continue;
    }
    const p = newPerson(f, w!, null);
    persons.push(p);
  }
  mergeNicknames(persons);
  mergeVariants(persons);
  mergeEldestDaughters(persons);
  mergeDescriptorParts(persons, compounds);
  return persons.filter((p) => p.forms.length > 0);
}

/** "Peggy" and "Meg" join "Margaret" when the text has both and the short form has no surname. */
function mergeNicknames(persons: Person[]): void {
  const byFirst = new Map<string, Person[]>();
  for (const p of persons) if (p.first) byFirst.set(p.first, [...(byFirst.get(p.first) ?? []), p]);
  for (const p of persons) {
    if (!p.first || p.descriptor || p.husbandsFirst || p.forms.length === 0) continue;
    const formal = NICKNAMES.get(p.first);
    if (!formal) continue;
    const tags = (x: Person) => x.forms.reduce((a, f) => a + f.tags, 0);
    for (const name of formal) {
      const targets = (byFirst.get(name) ?? []).filter(
        (t) =>
          t !== p &&
          t.forms.length > 0 &&
          (!p.last || p.last === p.first || !t.last || t.last === t.first || p.last === t.last) &&
          compatible(t, p.gender, null) &&
          // Peggy and Lady Margaret: both speak under their own names, and the formal one is titled.
          !(tags(t) > 0 && tags(p) > 0 && t.forms.some((x) => x.honorific !== null && x.words[0] === name)),
      );
      if (targets.length === 0) continue;
      const t = targets.sort((a, b) => total(b) - total(a))[0];
      for (const f of p.forms) absorb(t!, f);
      p.forms = [];
      break;
    }
  }
}

/** A spelling variant is named at most this share as often as the form it varies. */
const VARIANT_SHARE = 0.25;
/** Shortest name in which one letter's difference is taken for a slip rather than another name. */
const MIN_TYPO_LENGTH = 5;
/** Shortest name in which two letters' difference, in speech only, is taken for a dialect spelling. */
const MIN_DIALECT_LENGTH = 6;

/** Optimal string alignment distance, or `max + 1` once it exceeds `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    rows.push(row);
    if (i > 0 && Math.min(...row) > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

function canonicalHonorific(h: string | null): string | null {
  return h === null ? null : (HONORIFIC_SPELLINGS.get(h) ?? h);
}

/** Most "th"s read back in a lisped word (2^n readings). */
const MAX_LISPED = 3;

/**
 * The words a lisping speaker's "th" may stand for, each "th" read as an "s" or a soft "c":
 * "Thelwood" is "Selwood", "Thabina" is "Sabina".
 */
function lispReadings(w: string): string[] {
  const parts = w.split(/(th)/i);
  const lisps = (parts.length - 1) / 2;
  if (lisps === 0 || lisps > MAX_LISPED) return [];
  let readings = [''];
  for (const part of parts) {
    if (!/^th$/i.test(part)) readings = readings.map((r) => r + part);
    else {
      const upper = part[0] === 'T';
      readings = readings.flatMap((r) => (upper ? [r + 'S', r + 'C'] : [r + 's', r + 'c']));
    }
  }
  return readings;
}

/**
 * One word spelled another way: one letter off in a long name, or, in a name heard only in speech,
 * two letters off or a lisp ("Thelwood" for "Selwood").
 */
function isVariantWord(w: string, k: string, speechOnly: boolean): boolean {
  if (w === k) return false;
  if (speechOnly && lispReadings(w).includes(k)) return true;
  if (w[0] !== k[0]) return false;
  const len = Math.min(w.length, k.length);
  const d = editDistance(w, k);
  return (d === 1 && len >= MIN_TYPO_LENGTH) || (speechOnly && d <= 2 && len >= MIN_DIALECT_LENGTH);
}

/**
 * One name spelled another way: a slip of one letter in a name of five or more ("Mr. Hartwik" for
 * "Mr. Hartwick"), or a spelling of two letters' difference or a lisp heard only in speech
 * ("Bellamee" for "Bellamy", "Thelwood" for "Selwood"); same honorific (in any of its spellings,
 * "Missis" for "Mrs.").
 */
function isVariantForm(rare: FormStats, known: FormStats): boolean {
  if (canonicalHonorific(rare.honorific) !== canonicalHonorific(known.honorific)) return false;
  if (rare.words.length !== known.words.length) return false;
  const speechOnly = rare.quoted === rare.total;
  let differ = 0;
  for (let i = 0; i < rare.words.length; i++) {
    const w = rare.words[i]!;
    const k = known.words[i]!;
    if (w === k) continue;
    if (!isVariantWord(w, k, speechOnly)) return false;
    differ++;
  }
  // The same words under another spelling of the honorific ("Missis Hale") count too.
  return differ === 1 || (differ === 0 && rare.honorific !== known.honorific);
}

/** A form of `rare` that spells a name of `p`: one of its forms, or its bare first or last name. */
function spellsNameOf(r: FormStats, p: Person): boolean {
  if (p.forms.some((k) => isVariantForm(r, k))) return true;
  if (r.honorific || r.words.length !== 1) return false;
  return [p.first, p.last].some((x) => x !== null && isVariantWord(r.words[0]!, x, r.quoted === r.total));
}

/**
 * Joins a rarely named person to the often named one whose name it spells another way: a typo or a
 * dialect spelling of a name is not a new character.
 */
function mergeVariants(persons: Person[]): void {
  const live = persons.filter((p) => p.forms.length > 0 && !p.descriptor);
  const byTotal = [...live].sort((a, b) => total(a) - total(b));
  for (const rare of byTotal) {
    if (rare.forms.length === 0) continue;
    const n = total(rare);
    const target = live
      .filter(
        (p) =>
          p !== rare &&
          p.forms.length > 0 &&
          n <= VARIANT_SHARE * total(p) &&
          compatible(p, rare.gender, rare.married) &&
          rare.forms.every((r) => spellsNameOf(r, p)),
      )
      .sort((a, b) => total(b) - total(a));
    // Two people it could be a misspelling of: leave it alone.
    if (target.length === 1) moveForms(rare, target[0]!);
  }
}

function moveForms(from: Person, to: Person): void {
  for (const f of from.forms) absorb(to, f);
  from.forms = [];
}

/**
 * "Miss Ashcombe" without a first name is the eldest unmarried daughter of the family: the woman of
 * that surname with a first name, not herself called "Miss FIRST" (the younger sisters' form), and
 * clearly the most named of those left; or the family's unmarried aunt.
 */
function mergeEldestDaughters(persons: Person[]): void {
  for (const miss of persons) {
    if (miss.forms.length === 0 || miss.descriptor || !miss.last || miss.first !== miss.last) continue;
    const surname = miss.last;
    // Known as "Miss Quill" (perhaps also as a bare "Quill"), never with a first name.
    if (!miss.forms.some((f) => f.honorific !== null && UNMARRIED.has(f.honorific))) continue;
    if (miss.forms.some((f) => f.words.length !== 1 || (f.honorific !== null && !UNMARRIED.has(f.honorific)))) continue;
    let cands = persons.filter(
      (p) =>
        p !== miss &&
        p.forms.length > 0 &&
        !p.descriptor &&
        p.last === surname &&
        p.first !== null &&
        p.first !== surname &&
        p.gender === 'f' &&
        p.married !== true,
    );
    // But an aunt ("Aunt Hester") is the senior unmarried woman of the family: she is its
    // "Miss Quill" before any niece.
    const aunts = cands.filter((p) => p.forms.some((f) => f.honorific === 'Aunt'));
    if (aunts.length === 1) {
      moveForms(miss, aunts[0]!);
      continue;
    }
    const calledByFirst = (p: Person) =>
      p.forms.some((f) => f.honorific !== null && UNMARRIED.has(f.honorific) && f.words[0] === p.first);
    const eldest = cands.filter((p) => !calledByFirst(p));
    if (eldest.length > 0) cands = eldest;
    const target = pick(cands);
    if (target) moveForms(miss, target);
  }
}

/**
 * "the Grey" and "the Fox" are one character when the text also says "the Grey Fox",
 * even if that full form is too rare to be a character itself.
 */
function mergeDescriptorParts(persons: Person[], compounds: ReadonlySet<string>): void {
  if (compounds.size === 0) return;
  const byKey = new Map<string, Person>();
  for (const p of persons)
    if (p.descriptor && p.forms.length > 0 && p.forms[0]!.words.length === 1) byKey.set(p.forms[0]!.words[0]!, p);
  for (const c of compounds) {
    const words = c.split(' ');
    if (words.length !== 2) continue;
    const a = byKey.get(words[0]!);
    const b = byKey.get(words[1]!);
    if (!a || !b || a === b || a.forms.length === 0 || b.forms.length === 0) continue;
    const [big, small] = total(a) >= total(b) ? [a, b] : [b, a];
    moveForms(small, big);
  }
}

export function personTotal(p: Person): number {
  return total(p);
}

/**
 * Forms too rare to be a person that give a person a rank or office: "Doctor Pellow" met once
 * beside a "Mr. Pellow" used throughout is Pellow, and with it among his names "said the doctor"
 * can name him (`soleTitleHolders`). Added to the one person with that surname, unless the two
 * differ in gender: a "Dr. Pellow" beside a "Mrs. Pellow" is most likely her husband.
 */
export function attachRankForms(persons: readonly Person[], rest: readonly FormStats[]): void {
  for (const f of rest) {
    if (!f.honorific || !titleNoun(f.honorific) || f.words.length !== 1) continue;
    const title = HONORIFICS.get(f.honorific) ?? 'u';
    const holders = persons.filter((p) => !p.descriptor && p.last === f.words[0]);
    const holder = holders.length === 1 ? holders[0]! : undefined;
    // A woman takes only a woman's title: "Dr. Pellow" beside "Mrs. Pellow" is most likely her husband.
    if (holder && (holder.gender === 'f' ? title === 'f' : compatible(holder, title, null))) holder.forms.push(f);
  }
}

// Decides which name forms are persons and merges the forms of one person into one entity.
import type { FormStats } from './candidates.js';
import { givenNameGender } from './givenNames.js';
import { PLACE_WORDS } from './places.js';
import { HONORIFICS, MARRIED, NICKNAMES, UNMARRIED, type Gender } from './lexicon.js';

export interface Person {
  forms: FormStats[];
  first: string | null;
  last: string | null;
  gender: Gender;
  married: boolean | null;
  /** Known only as "the Hatter": a descriptor used as a name. */
  descriptor: boolean;
}

const MIN_MENTIONS = 2;
/** Honorifics used with a given name ("Miss Elizabeth", "Sir William", "Lady Catherine"). */
const FIRST_NAME_HONORIFICS = new Set([
  'Miss',
  'Lady',
  'Sir',
  'Lord',
  'Master',
  'Madame',
  'Mademoiselle',
  'Aunt',
  'Uncle',
  'Don',
  'Father',
  'Sister',
  'Brother',
  'Prince',
  'Princess',
]);
/** Ranks and professions, used with a surname only ("Colonel Fitzwilliam" is not Fitzwilliam Darcy). */
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
  const n = f.male + f.female;
  if (n >= 3 && f.male >= 1.5 * f.female) return 'm';
  if (n >= 3 && f.female >= 1.5 * f.male) return 'f';
  if (!f.afterThe) return givenNameGender(f.words[0]!);
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
): boolean {
  const lc = (w: string) => lower.get(w.toLowerCase()) ?? 0;
  const descriptor = f.afterThe * 2 >= f.total;
  // "Miss Elizabeth Bennet" once is a name; "Mr. Hale" once may be a passing mention.
  if (f.honorific) return f.total >= MIN_MENTIONS || f.tags > 0 || f.words.length > 1;
  if (descriptor) {
    // "the Hatter", "the Queen": a capitalised descriptor is a character only when it speaks.
    return (
      f.tags >= 1 && f.total >= MIN_MENTIONS && f.nonInitial > 0 && lc(f.words[f.words.length - 1]!) <= f.nonInitial
    );
  }
  if (f.words.some(isTitle)) return false;
  const first = f.words[0]!;
  const linked = f.words.some((w) => honLasts.has(w)) || (f.words.length > 1 && singles.has(first));
  if (f.total < MIN_MENTIONS && f.tags === 0 && !linked) return false;
  // A name seen only at sentence starts is a person if a full name begins with it ("Gilbert Blythe").
  if (f.nonInitial === 0 && !(f.words.length === 1 ? fullFirsts.has(first) && lc(first) === 0 : linked)) return false;
  if (!linked && lc(first) * 2 > f.nonInitial) return false;
  // Places follow prepositions ("at Netherfield", "to London") far more often than people do.
  const evident = linked || f.tags >= 2;
  if (!evident && f.prepBefore >= 2 && f.prepBefore >= PLACE_RATIO * f.total) return false;
  if (f.words.some((w) => PLACE_WORDS.has(w))) return false;
  // "Anne Says", "Marrying Sibyl Vane" (headings): a later word that is common in lower case.
  if (
    f.words.length > 1 &&
    f.tags === 0 &&
    f.words.slice(1).some((w) => !honLasts.has(w) && lc(w) >= 3 && lc(w) > f.total)
  )
    return false;
  // "Marrying Sibyl Vane!": a run seen only at sentence starts may begin with an ordinary word.
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
  return { forms: [f], first, last, gender: genderOf(f), married: marriedOf(f), descriptor: false };
}

/** A candidate named this many times more often than every other one is the one meant. */
const DOMINANT = 3;

/**
 * Picks the single candidate, or the one that dominates the others: "Mr. Sikes" is "Bill Sikes"
 * (named dozens of times), not "Bister Sikes" met once.
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

/** "Tommy" of "Tom", "Billy" of "Bill", "Johnnie" of "John". */
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
      // "the Rabbit" is "the White Rabbit" when only one descriptor ends that way.
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
      // "The Mock Turtle" then "Mock Turtle": a descriptor with the same words.
      const d = descriptors.get(full);
      if (d) {
        absorb(d, f);
        continue;
      }
      // "Charley Bates" and "Charles Bates": one person under a nickname and the formal name.
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
      persons.push(p);
      byFull.set(full, [...(byFull.get(full) ?? []), p]);
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
      // "Miss Elizabeth", "Lady Catherine", "Sir William" name a first name; "Mr. Darcy" and
      // "Colonel Fitzwilliam" a surname.
      const byFirst = firsts(w).filter(
        (p) =>
          compatible(p, g, married) &&
          (p.last !== w || p.forms.some((x) => x.honorific === f.honorific || !x.honorific)),
      );
      // A woman's surname is shared by mother, daughters and sisters-in-law: join a full name only
      // when that person is known with this same honorific.
      const byLast = lasts(w).filter(
        (p) =>
          compatible(p, g, married) && p.first !== w && (g !== 'f' || p.forms.some((x) => x.honorific === f.honorific)),
      );
      const target = FIRST_NAME_HONORIFICS.has(f.honorific)
        ? (mostMentioned(byFirst) ?? pick(byLast))
        : SURNAME_HONORIFICS.has(f.honorific)
          ? pick(byLast)
          : (pick(byLast) ?? (byLast.length === 0 ? pick(byFirst.filter((p) => p.last !== w)) : null));
      if (target) {
        absorb(target, f);
        continue;
      }
      persons.push(newPerson(f, w, w));
      continue;
    }
    // A bare name joins whoever is most often called by a form containing it: "Fitzwilliam" is
    // Colonel Fitzwilliam, not Mr. Fitzwilliam Darcy, named so once.
    // "Charley" is whoever is called "Charley Bates", even if that person goes by "Charles Bates".
    const holders = persons.filter(
      (p) => (p.first === w || p.last === w || p.forms.some((x) => !x.honorific && x.words[0] === w)) && !p.descriptor,
    );
    if (holders.length > 0) {
      const weight = (p: Person) =>
        p.forms.reduce((a, x) => a + (x.words.includes(w) ? x.total : 0), 0) *
        // A bare surname is the man of the family more often than not ("Bennet", "Sowerberry").
        (p.last === w && p.gender === 'm' ? 2 : 1);
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
  mergeEldestDaughters(persons);
  mergeDescriptorParts(persons, compounds);
  return persons.filter((p) => p.forms.length > 0);
}

/** "Lizzy" and "Eliza" join "Elizabeth" when the text has both and the short form has no surname. */
function mergeNicknames(persons: Person[]): void {
  const byFirst = new Map<string, Person[]>();
  for (const p of persons) if (p.first) byFirst.set(p.first, [...(byFirst.get(p.first) ?? []), p]);
  for (const p of persons) {
    if (!p.first || p.descriptor || p.forms.length === 0) continue;
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
          // Kitty and Lady Catherine: both speak under their own names, and the formal one is titled.
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

function moveForms(from: Person, to: Person): void {
  for (const f of from.forms) absorb(to, f);
  from.forms = [];
}

/**
 * "Miss Bennet" without a first name is the eldest unmarried daughter of the family: the woman of
 * that surname with a first name, not herself called "Miss FIRST" (the younger sisters' form), and
 * clearly the most named of those left.
 */
function mergeEldestDaughters(persons: Person[]): void {
  for (const miss of persons) {
    if (miss.forms.length === 0 || miss.descriptor || !miss.last || miss.first !== miss.last) continue;
    const surname = miss.last;
    // Known as "Miss Lucas" (perhaps also as a bare "Lucas"), never with a first name.
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
    const calledByFirst = (p: Person) =>
      p.forms.some((f) => f.honorific !== null && UNMARRIED.has(f.honorific) && f.words[0] === p.first);
    const eldest = cands.filter((p) => !calledByFirst(p));
    if (eldest.length > 0) cands = eldest;
    const target = pick(cands);
    if (target) moveForms(miss, target);
  }
}

/**
 * "the Artful" and "the Dodger" are one character when the text also says "the Artful Dodger",
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

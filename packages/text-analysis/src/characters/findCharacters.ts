// Finds the characters of a text: persons named in it, aliases merged, plus a first-person narrator.
import type { Character, Quote } from '@castbook/contracts';
import { mergeAliases } from './aliases.js';
import { collectForms, lowerCounts, type FormStats } from './candidates.js';
import { attachRankForms, isPersonForm, mergeForms, personTotal, type Person } from './persons.js';
import { isGivenName } from './givenNames.js';
import { isPlaceName } from './places.js';
import { descriptionGender, findDescribedSpeakers } from './descriptions.js';
import { HONORIFICS } from './lexicon.js';
import { hasFirstPersonNarrator } from './narrator.js';
import { setProfile } from './profiles.js';
import { tokenize, type TokenList } from './tokens.js';
import { ABBREVIATIONS } from './tokens.js';
import { runToEnd, type Pausing } from '../pauses.js';

export const NARRATOR_NAME = 'Narrator';

/** A character the engine found, before colours (assignColors) and counts are given. */
export function newCharacter(id: string, name: string): Character {
  return {
    id,
    name,
    color: '#808080',
    summary: '',
    mentions: 0,
    alternativeNames: [],
    relationships: [],
    isUserCreated: false,
  };
}

/** "Mr Ashcombe" -> "Mr. Ashcombe"; descriptors keep their article ("the Ferryman"). */
export function renderForm(f: FormStats, descriptor: boolean): string {
  const hon = f.honorific ? (ABBREVIATIONS.has(f.honorific) ? f.honorific + '.' : f.honorific) + ' ' : '';
  const body = hon + f.words.join(' ');
  return descriptor && f.afterThe * 2 >= f.total ? 'the ' + body : body;
}

function toCharacter(p: Person, id: string): Character {
  const forms = [...p.forms].sort((a, b) => b.total - a.total || (a.key < b.key ? -1 : 1));
  // The most used form names the character, but prefer a fuller form used nearly as often.
  let main = forms[0];
  for (const f of forms)
    if (
      f.words.length + (f.honorific ? 1 : 0) > main!.words.length + (main!.honorific ? 1 : 0) &&
      f.total * 3 >= main!.total
    )
      main = f;
  const name = renderForm(main!, p.descriptor);
  const alternativeNames = [...new Set(forms.map((f) => renderForm(f, p.descriptor)))].filter((n) => n !== name);
  const c: Character = {
    id,
    name: name.charAt(0).toUpperCase() + name.slice(1),
    color: '#808080',
    summary: '',
    mentions: personTotal(p),
    alternativeNames,
    relationships: [],
    isUserCreated: false,
  };
  setProfile(c, { gender: p.gender, narrator: false, descriptor: p.descriptor });
  return c;
}

/** Mentions of a singular that make "the Xs" a people or a family ("the Tarrants", "the Tarrant"). */
const PEOPLE_SINGULAR = 3;

/** "Miss Ashcombes" is a group when "Miss Ashcombe" exists. */
function isPlural(f: FormStats, forms: Map<string, FormStats>, honLasts: ReadonlySet<string>): boolean {
  if (!f.key.endsWith('s')) return false;
  // "Giddings" is a name, not the plural of a "Gidding" met once: the singular must dominate.
  const one = forms.get(f.key.slice(0, -1)) ?? forms.get(f.key.slice(0, -2));
  if (!one) return false;
  if (one.total > f.total) return true;
  // "the Tarrants" beside a "Tarrant" met often is a group however often the text names it,
  // unless a title makes the word a surname ("Mr. Edmunds" beside "Edmund").
  return !f.honorific && f.afterThe > 0 && one.total >= PEOPLE_SINGULAR && !honLasts.has(f.words[f.words.length - 1]!);
}

export interface CharacterAnalysis {
  characters: Character[];
  tokens: TokenList;
}

/** Pairs of single capitalised words the text joins with "and" ("Tam and Pellow"), as "A B" both ways. */
function coordinatedNames(tokens: TokenList): Set<string> {
  const pairs = new Set<string>();
  for (let i = 1; i + 1 < tokens.length; i++) {
    if (!tokens.is(i, 'and')) continue;
    const a = tokens.at(i - 1)!;
    const b = tokens.at(i + 1)!;
    if (!a.cap || !b.cap || a.possessive || !tokens.at(i)!.joined || !b.joined) continue;
    // "Mrs. Quarrie and Tam", "Orla Quarrie and Tam": the first name is the end of a longer one.
    const before = i >= 2 ? tokens.at(i - 2)! : null;
    if (before?.cap && (a.joined || HONORIFICS.has(before.text))) continue;
    pairs.add(`${a.text} ${b.text}`).add(`${b.text} ${a.text}`);
  }
  return pairs;
}

/**
 * "Tam Pellow" read from "Tam Pellow and Quarrie's faces" or "Tam and Pellow. Pellow in his coat"
 * (a list without its comma, a sentence without its full stop) is two people when the text also
 * joins the two names with "and": nobody is listed beside themselves.
 */
function isTwoPeople(f: FormStats, paired: ReadonlySet<string>): boolean {
  return !f.honorific && f.words.length === 2 && paired.has(f.key);
}

export function findCharactersDetailed(text: string, quotes: readonly Quote[]): CharacterAnalysis {
  return runToEnd(findCharactersSteps(text, quotes));
}

/** `findCharactersDetailed`, pausing between its passes over the tokens (see `pauses.ts`). */
export function* findCharactersSteps(text: string, quotes: readonly Quote[]): Pausing<CharacterAnalysis> {
  const sortedQuotes = [...quotes].sort((a, b) => a.startOffset - b.startOffset);
  const tokens = tokenize(text, sortedQuotes);
  yield;
  const forms = collectForms(text, tokens);
  yield;
  const lower = lowerCounts(tokens);
  const honLasts = new Set<string>();
  for (const f of forms.values()) if (f.honorific && f.total >= 2) honLasts.add(f.words[f.words.length - 1]!);
  // Single names first, so that "Jago Brand" is a person because "Jago" is.
  const all = [...forms.values()];
  const fullFirsts = new Set<string>();
  for (const f of all) if (f.words.length > 1 && !f.honorific) fullFirsts.add(f.words[0]!);
  // "Ababa" alone is a place when the text goes to "Addis Ababa".
  const placeParts = new Set<string>();
  for (const f of all)
    if (!f.honorific && f.words.length > 1 && f.total >= 2 && isPlaceName(f.words))
      placeParts.add(f.words[f.words.length - 1]!);
  const singles = new Set<string>(
    all
      .filter((f) => f.words.length === 1 && isPersonForm(f, lower, honLasts, new Set(), fullFirsts, placeParts))
      .map((f) => f.words[0]!),
  );
  // "Small" is a surname when the text says "Jonathan Small": a given name of the dataset before it
  // tells a person's full name, though the word is an ordinary one in lower case.
  const surnames = new Set(honLasts);
  for (const f of all)
    if (
      !f.honorific &&
      f.words.length === 2 &&
      f.total >= 2 &&
      isGivenName(f.words[0]!) &&
      isPersonForm(f, lower, honLasts, singles, fullFirsts, placeParts)
    )
      surnames.add(f.words[1]!);
  const paired = coordinatedNames(tokens);
  const personForms = all.filter(
    (f) =>
      isPersonForm(f, lower, f.words.length === 1 ? surnames : honLasts, singles, fullFirsts, placeParts) &&
      !isPlural(f, forms, honLasts) &&
      !isTwoPeople(f, paired),
  );
  // "the Grey Fox": descriptor runs, characters or not, that join their parts.
  const compounds = new Set(
    all.filter((f) => !f.honorific && f.words.length === 2 && f.afterThe * 2 >= f.total).map((f) => f.key),
  );
  const persons = mergeForms(personForms, compounds);
  const chosen = new Set(personForms);
  attachRankForms(
    persons,
    all.filter((f) => !chosen.has(f)),
  );
  persons.sort(
    (a, b) =>
      a.forms.reduce((m, f) => Math.min(m, f.firstOffset), Infinity) -
      b.forms.reduce((m, f) => Math.min(m, f.firstOffset), Infinity),
  );
  const characters = persons.map((p, i) => toCharacter(p, `c${i + 1}`));
  yield;
  for (const noun of findDescribedSpeakers(tokens)) {
    const c = newCharacter(`c${characters.length + 1}`, `The ${noun}`);
    setProfile(c, { gender: descriptionGender(noun), narrator: false, descriptor: true, noun });
    characters.push(c);
  }
  if (hasFirstPersonNarrator(tokens)) {
    const c = newCharacter(`c${characters.length + 1}`, NARRATOR_NAME);
    setProfile(c, { gender: 'u', narrator: true, descriptor: false });
    characters.push(c);
  }
  yield;
  // One person under two names ("X, otherwise Y", "A had married B") is one character.
  return { characters: mergeAliases(text, tokens, characters), tokens };
}

/** The characters of a text, given its quotes (names inside quotes count as address, not narration). */
export function findCharacters(text: string, quotes: readonly Quote[]): Character[] {
  return findCharactersDetailed(text, quotes).characters;
}

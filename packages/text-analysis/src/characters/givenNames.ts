// English given names and their usual gender, from the Moby name lists (the @stdlib datasets, see
// data/generate.mjs): a name in one list settles a character's gender before the text's pronouns
// do (persons.ts genderOf). A name in both lists ("Leslie") tells no gender.
import { EITHER_NAMES, FEMALE_NAMES, MALE_NAMES } from './data/givenNames.data.js';
import type { Gender } from './lexicon.js';
import { inSortedList } from './sortedList.js';

// The lists are sorted and searched in place (sortedList.ts): no table is built per process.
export function givenNameGender(name: string): Gender {
  if (inSortedList(EITHER_NAMES, ' ', name)) return 'u';
  if (inSortedList(MALE_NAMES, ' ', name)) return 'm';
  return inSortedList(FEMALE_NAMES, ' ', name) ? 'f' : 'u';
}

/** True for a common English given name of either gender. */
export function isGivenName(name: string): boolean {
  return (
    inSortedList(EITHER_NAMES, ' ', name) ||
    inSortedList(MALE_NAMES, ' ', name) ||
    inSortedList(FEMALE_NAMES, ' ', name)
  );
}

// English given names and their usual gender, from the Moby name lists (the @stdlib datasets, see
// data/generate.mjs): a generic prior used only when the text's own pronouns do not settle a
// character's gender. A name in both lists ("Leslie") tells no gender.
import { EITHER_NAMES, FEMALE_NAMES, MALE_NAMES } from './data/givenNames.data.js';
import type { Gender } from './lexicon.js';

let prior: Map<string, Gender> | null = null;

function table(): Map<string, Gender> {
  if (!prior) {
    prior = new Map<string, Gender>();
    for (const n of FEMALE_NAMES.split(' ')) prior.set(n, 'f');
    for (const n of MALE_NAMES.split(' ')) prior.set(n, 'm');
    for (const n of EITHER_NAMES.split(' ')) prior.set(n, 'u');
  }
  return prior;
}

export function givenNameGender(name: string): Gender {
  return table().get(name) ?? 'u';
}

/** True for a common English given name of either gender. */
export function isGivenName(name: string): boolean {
  return table().has(name);
}

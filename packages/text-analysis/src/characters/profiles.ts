// Facts about a character that attribution needs but the Character shape does not carry.
import type { Character } from '@castbook/contracts';
import type { Gender } from './lexicon.js';

export interface Profile {
  gender: Gender;
  narrator: boolean;
  /** Known only by a descriptor ("the Ferryman"). */
  descriptor: boolean;
  /** For a speaker known by a lower-case description ("the cook"): the noun. */
  noun?: string;
  /** Nouns of described speakers found to be this character ("the undertaker" → Mr. Pound). */
  roleNouns?: readonly string[];
}

const profiles = new WeakMap<Character, Profile>();

export function setProfile(c: Character, p: Profile): void {
  profiles.set(c, p);
}

export function getProfile(c: Character): Profile | undefined {
  return profiles.get(c);
}

/** Every noun a describing tag can name the character by: its own ("the cook") and its merged roles'. */
export function describingNouns(p: Profile | undefined): string[] {
  return [...(p?.noun ? [p.noun] : []), ...(p?.roleNouns ?? [])];
}

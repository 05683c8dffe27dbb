// Small factories for the entities unit tests build by hand: only the fields a test cares about
// are named at the call site, the rest take the values of a fresh, unedited analysis.
import type { Character } from '@castbook/contracts';

/** A character as the engine found it (not user-created, no aliases, one mention). */
export const character = (id: string, name: string, extra: Partial<Character> = {}): Character => ({
  id,
  name,
  color: '#111111',
  summary: '',
  mentions: 1,
  alternativeNames: [],
  relationships: [],
  isUserCreated: false,
  ...extra,
});

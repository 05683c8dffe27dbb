import { describe, expect, it } from 'vitest';
import type { Character } from '@castbook/contracts';
import { characterEditLabel } from './labels';

const idris: Character = {
  id: 'c1',
  name: 'Idris Quell',
  color: '#aa0000',
  summary: '',
  mentions: 3,
  alternativeNames: [],
  relationships: [],
  isUserCreated: false,
  audioSample: null,
};

describe('characterEditLabel', () => {
  it('names a rename, a recolour and an alias change by the name the character had', () => {
    expect(characterEditLabel(idris, { ...idris, name: 'The Fence' })).toBe('Rename Idris Quell');
    expect(characterEditLabel(idris, { ...idris, color: '#00aa00' })).toBe('Recolour Idris Quell');
    expect(characterEditLabel(idris, { ...idris, alternativeNames: ['The Fence'] })).toBe("Edit Idris Quell's aliases");
  });

  it('calls anything else, or several changes at once, an edit', () => {
    expect(characterEditLabel(idris, { ...idris, summary: 'A fence.' })).toBe('Edit Idris Quell');
    expect(characterEditLabel(idris, { ...idris, name: 'X', color: '#000000' })).toBe('Edit Idris Quell');
    expect(characterEditLabel(undefined, idris)).toBe('Edit Idris Quell');
  });
});

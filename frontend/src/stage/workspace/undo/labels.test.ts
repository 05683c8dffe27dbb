import { describe, expect, it } from 'vitest';
import type { Character } from '@castbook/contracts';
import { characterEditLabel } from './labels';

const fagin: Character = {
  id: 'c1',
  name: 'Fagin',
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
    expect(characterEditLabel(fagin, { ...fagin, name: 'The Jew' })).toBe('Rename Fagin');
    expect(characterEditLabel(fagin, { ...fagin, color: '#00aa00' })).toBe('Recolour Fagin');
    expect(characterEditLabel(fagin, { ...fagin, alternativeNames: ['The Jew'] })).toBe("Edit Fagin's aliases");
  });

  it('calls anything else, or several changes at once, an edit', () => {
    expect(characterEditLabel(fagin, { ...fagin, summary: 'A fence.' })).toBe('Edit Fagin');
    expect(characterEditLabel(fagin, { ...fagin, name: 'X', color: '#000000' })).toBe('Edit Fagin');
    expect(characterEditLabel(undefined, fagin)).toBe('Edit Fagin');
  });
});

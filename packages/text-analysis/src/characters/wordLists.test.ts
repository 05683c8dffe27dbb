import { describe, expect, it } from 'vitest';
import { findQuotes } from '../quotes/findQuotes.js';
import { findCharacters } from './findCharacters.js';
import { givenNameGender, isGivenName } from './givenNames.js';
import { isNationalityWord } from './lexicon.js';
import { editDistance } from './persons.js';
import { isOrganisationName, isPlaceName } from './places.js';

function characters(text: string) {
  return findCharacters(text, findQuotes(text));
}

function names(text: string): string[] {
  return characters(text).flatMap((c) => [c.name, ...c.alternativeNames]);
}

describe('general word lists', () => {
  it('reads given-name genders from the name dataset', () => {
    expect(givenNameGender('Rosamund')).toBe('f');
    expect(givenNameGender('Ambrose')).toBe('m');
    expect(givenNameGender('Zzyzx')).toBe('u');
    expect(isGivenName('Tabitha')).toBe(true);
  });

  it('knows countries, capitals and large cities, and English town endings', () => {
    expect(isPlaceName(['Quito'])).toBe(true);
    expect(isPlaceName(['Addis', 'Ababa'])).toBe(true);
    expect(isPlaceName(['Dunmoreshire'])).toBe(true);
    expect(isPlaceName(['Kellytown'])).toBe(true);
    // A city that is also a given name is not taken for a place.
    expect(isPlaceName(['Rosamund'])).toBe(false);
    expect(isPlaceName(['Peverell'])).toBe(false);
  });

  it('knows institutions by their head noun', () => {
    expect(isOrganisationName(['Telegraph', 'Office'])).toBe(true);
    expect(isOrganisationName(['Harbour', 'Savings', 'Bank'])).toBe(true);
    expect(isOrganisationName(['Peverell'])).toBe(false);
  });

  it('knows nationality words', () => {
    for (const w of ['English', 'Dutchman', 'Frenchwomen', 'Germans']) expect(isNationalityWord(w)).toBe(true);
    for (const w of ['Herman', 'Norman', 'Selwyn']) expect(isNationalityWord(w)).toBe(false);
  });

  it('measures edit distance with transpositions', () => {
    expect(editDistance('Hartwick', 'Hartwik')).toBe(1);
    expect(editDistance('Hartwick', 'Hartwcik')).toBe(1);
    expect(editDistance('Bellamy', 'Bellamee')).toBe(2);
    expect(editDistance('Bellamy', 'Pound')).toBe(3);
  });
});

describe('characters without corpus lists', () => {
  it('does not take an institution with a title-like first word for a person', () => {
    const text = [
      'Captain Fenwick went to the General Telegraph Office. The General Telegraph Office was shut.',
      '"Shut," said Captain Fenwick, and he frowned. "Shut again," said Captain Fenwick.',
      'He wrote to the General Telegraph Office, and the Harbour Savings Bank answered instead.',
      'The Harbour Savings Bank was kind. "Well," said Captain Fenwick.',
    ].join('\n\n');
    const list = names(text);
    expect(list).toContain('Captain Fenwick');
    expect(list.some((n) => /Office|Bank/.test(n))).toBe(false);
  });

  it('does not take a town for a person', () => {
    const text = [
      'Jory Tolley was born in Kellytown. Kellytown was grey, and Kellytown was loud.',
      '"I hate Kellytown," said Jory Tolley. He left Kellytown, and he went to Quito.',
      'Quito was bright. "Quito at last," said Jory Tolley. Kellytown said nothing.',
    ].join('\n\n');
    const list = names(text);
    expect(list).toContain('Jory Tolley');
    expect(list).not.toContain('Kellytown');
    expect(list).not.toContain('Quito');
  });

  it('does not take a nationality for a person', () => {
    const text = [
      '"Go," said the Dutchman. "Stay," said Osric Dacre, and he sat. "Go," said the Dutchman.',
      'Osric Dacre laughed. "Dutchmen always say so," said Osric Dacre.',
    ].join('\n\n');
    expect(names(text).some((n) => /Dutch/.test(n))).toBe(false);
  });

  it('merges a rare one-letter slip in a long surname into the frequent form', () => {
    const lines = ['Mr. Hartwick lived by the mill. Mr. Hartwick was old, and he was kind.'];
    for (let i = 0; i < 4; i++) lines.push(`"Good day," said Mr. Hartwick, and he nodded. Mr. Hartwick went on.`);
    lines.push('"Come in," said Mr. Hartwik, and he opened the door. Mr. Hartwik smiled.');
    const list = characters(lines.join('\n\n'));
    const h = list.find((c) => c.name === 'Mr. Hartwick');
    expect(h).toBeDefined();
    expect(h!.alternativeNames).toContain('Mr. Hartwik');
    expect(list.filter((c) => c.name.startsWith('Mr. Hartwi'))).toHaveLength(1);
  });

  it('merges a dialect spelling heard only in speech', () => {
    const lines = ['Aldous Bellamy kept the inn. Aldous Bellamy was fat, and he was merry.'];
    for (let i = 0; i < 4; i++) lines.push(`"More ale," said Bellamy, and he laughed. Bellamy poured it.`);
    lines.push('"Ho, Bellamee!" cried the carter. "Bellamee, more!" cried the carter again.');
    const list = characters(lines.join('\n\n'));
    const b = list.find((c) => c.name.includes('Bellamy'));
    expect(b).toBeDefined();
    expect(b!.alternativeNames).toContain('Bellamee');
  });

  it('keeps two frequent similar names apart', () => {
    const lines: string[] = [];
    for (let i = 0; i < 4; i++)
      lines.push('"Yes," said Mr. Marten, and he sat. "No," said Mr. Martyn, and he stood. Mr. Marten smiled.');
    const list = characters(lines.join('\n\n'));
    const a = list.find((c) => c.name === 'Mr. Marten');
    const b = list.find((c) => c.name === 'Mr. Martyn');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
  });
});

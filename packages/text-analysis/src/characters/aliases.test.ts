import { describe, expect, it } from 'vitest';
import { findQuotes } from '../quotes/findQuotes.js';
import { findCharacters } from './findCharacters.js';

function characters(text: string) {
  return findCharacters(text, findQuotes(text));
}

function byName(list: ReturnType<typeof characters>, name: string) {
  return list.find((c) => c.name === name || c.alternativeNames.includes(name));
}

describe('naming constructions that give one person two names', () => {
  it('joins "X, otherwise Y" and "X (otherwise Y)"', () => {
    const text = [
      'Mr. Amos Finch, otherwise the Quick Weasel, came in. "Evening," said Mr. Amos Finch.',
      '"Sit," said Ruth Gale, and she smiled. Amos Finch sat down, and he ate.',
      '"Well," said the Weasel. The Weasel laughed, and he drank.',
      '"Again?" said the Weasel, and he winked at Ruth Gale.',
    ].join('\n\n');
    const list = characters(text);
    const finch = byName(list, 'Amos Finch');
    expect(finch).toBeDefined();
    expect(byName(list, 'The Weasel')).toBe(finch);
    expect(byName(list, 'Ruth Gale')).not.toBe(finch);
  });

  it('joins "X, late Y" (a name given up)', () => {
    const text = [
      'Noel Tarrant was a clerk. "Hello," said Noel Tarrant, and he sat.',
      'Later, in town, Mr. Ambrose Marlow, late Tarrant, bowed. "Sir," said Mr. Marlow, and he smiled.',
      '"Yes," said Mr. Marlow. Mr. Marlow left.',
    ].join('\n\n');
    const list = characters(text);
    const noel = byName(list, 'Noel Tarrant');
    expect(noel).toBeDefined();
    expect(byName(list, 'Mr. Marlow')).toBe(noel);
  });

  it('joins "Y, as X was now called"', () => {
    const text = [
      'Jago Brand ran away to sea. "Goodbye," said Jago Brand, and he went.',
      'Years later Captain Hawke, as Jago Brand was now called, came home. "I am back," said Captain Hawke.',
      '"Ale," said Captain Hawke, and he sat.',
    ].join('\n\n');
    const list = characters(text);
    const jago = byName(list, 'Jago Brand');
    expect(jago).toBeDefined();
    expect(byName(list, 'Captain Hawke')).toBe(jago);
  });

  it('takes "Mrs. SURNAME" for the woman whom "Mr. SURNAME had married"', () => {
    const text = [
      '"Tea?" said Mrs. Pardle, and she poured it. Mrs. Pardle smiled at Mr. Crump.',
      '"Thank you," said Mr. Crump, and he drank. Mr. Crump sighed.',
      'Mr. Crump had married Mrs. Pardle, and was master of the house.',
      '"Get up!" said Mrs. Crump, and she frowned. Mrs. Crump was angry.',
      '"Yes, my dear," said Mr. Crump.',
    ].join('\n\n');
    const list = characters(text);
    const pardle = byName(list, 'Mrs. Pardle');
    expect(pardle).toBeDefined();
    expect(byName(list, 'Mrs. Crump')).toBe(pardle);
    expect(byName(list, 'Mr. Crump')).not.toBe(pardle);
  });

  it('takes "Mrs. SURNAME" for "NAME the wife of Mr. SURNAME"', () => {
    const text = [
      '"Tea?" said Tamsin, and she poured it. Tamsin smiled at Mr. Crump.',
      '"Thank you," said Mr. Crump, and he drank. Mr. Crump sighed.',
      'Tamsin the wife of Mr. Crump! Nobody had thought it.',
      '"Sit down," said Mrs. Crump, and she frowned. Mrs. Crump was busy.',
    ].join('\n\n');
    const list = characters(text);
    const tamsin = byName(list, 'Tamsin');
    expect(tamsin).toBeDefined();
    expect(byName(list, 'Mrs. Crump')).toBe(tamsin);
  });

  it('does not read a wish ("make her marry Mr. Crump") or an address in a quote as a marriage', () => {
    const text = [
      '"You must make Lucy marry Mr. Crump," said Mrs. Pardle, and she sighed.',
      '"Lucy married Mr. Crump, I dreamt," said Lucy, and she laughed. Lucy went out.',
      '"Tea?" said Mrs. Crump, and she poured it. Mrs. Crump smiled.',
      '"Thank you," said Mr. Crump, and he drank. Mr. Crump sighed.',
    ].join('\n\n');
    const list = characters(text);
    expect(byName(list, 'Mrs. Crump')).not.toBe(byName(list, 'Lucy'));
    expect(byName(list, 'Mrs. Crump')).not.toBe(byName(list, 'Mrs. Pardle'));
  });
});

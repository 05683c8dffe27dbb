import { describe, expect, it } from 'vitest';
import { findQuotes } from '../quotes/findQuotes.js';
import { findCharacters } from './findCharacters.js';
import { getProfile } from './profiles.js';

function characters(text: string) {
  return findCharacters(text, findQuotes(text));
}

function byName(list: ReturnType<typeof characters>, name: string) {
  return list.find((c) => c.name === name || c.alternativeNames.includes(name));
}

const family = [
  'Miss Elizabeth Bennet lived at Longbourn with her father and mother.',
  '"Lizzy, come here," said Mrs. Bennet.',
  '"Yes, mamma," said Elizabeth, and she went in.',
  '"My dear Eliza," said Mr. Bennet, "you are late."',
  'Elizabeth smiled at him, and she sat down. Mr. Bennet laughed and he took up his book.',
  '"Eliza is always late," said Mrs. Bennet, and she sighed.',
  'On Monday they drove to London, and in April they went to Meryton. At Meryton they stayed.',
  'Elizabeth was glad. "Well, Lizzy?" said Mr. Bennet.',
  'Mrs. Bennet went to London. Elizabeth wrote to Mrs. Bennet from Meryton.',
].join('\n\n');

describe('findCharacters', () => {
  it('merges a full name, the given name, nicknames and an honorific form into one character', () => {
    const list = characters(family);
    const liz = byName(list, 'Elizabeth');
    expect(liz).toBeDefined();
    for (const alias of ['Lizzy', 'Eliza', 'Miss Elizabeth Bennet']) expect(byName(list, alias)).toBe(liz);
  });

  it('keeps Mr. and Mrs. of one surname apart and infers their gender', () => {
    const list = characters(family);
    const mr = byName(list, 'Mr. Bennet');
    const mrs = byName(list, 'Mrs. Bennet');
    expect(mr).toBeDefined();
    expect(mrs).toBeDefined();
    expect(mr).not.toBe(mrs);
    expect(getProfile(mr!)?.gender).toBe('m');
    expect(getProfile(mrs!)?.gender).toBe('f');
  });

  it('leaves out places, months, days, interjections and sentence-initial words', () => {
    const names = characters(family).flatMap((c) => [c.name, ...c.alternativeNames]);
    for (const bad of ['London', 'Meryton', 'Longbourn', 'April', 'Monday', 'Well', 'Yes', 'On', 'At'])
      expect(names).not.toContain(bad);
  });

  it('gives deterministic ids', () => {
    expect(characters(family).map((c) => c.id)).toEqual(characters(family).map((c) => c.id));
    expect(characters(family)[0]?.id).toBe('c1');
  });

  it('adds a first-person narrator', () => {
    const text = [
      'I went down to the river that morning. I was tired, and my feet hurt, so I sat on the bank.',
      '"You look tired," said Holmes.',
      '"I am," said I. I looked at him and I smiled. My pipe was cold, and I lit it again.',
      'Holmes said nothing. I waited, and then I spoke again, for I was curious about my friend.',
    ].join('\n\n');
    const list = characters(text);
    const narrator = list.find((c) => getProfile(c)?.narrator);
    expect(narrator).toBeDefined();
    expect(byName(list, 'Holmes')).toBeDefined();
  });

  it('finds no narrator in a third-person story', () => {
    expect(characters(family).some((c) => getProfile(c)?.narrator)).toBe(false);
  });
});

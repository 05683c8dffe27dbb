import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compareManuscripts, paragraphsOf, sha256Hex } from './manuscript-diff';

const OLD = [
  'CHAPTER I',
  'It was a dark night.',
  '"Who goes there?" said Tom.',
  'Nobody answered him.',
  'The end.',
].join('\n\n');

describe('paragraphsOf', () => {
  it('splits on blank lines and ignores wrapping and spacing', () => {
    expect(paragraphsOf('One line\nwrapped  here.\n\n\n  Two. \r\n\r\nThree')).toEqual([
      'One line wrapped here.',
      'Two.',
      'Three',
    ]);
  });
});

describe('compareManuscripts', () => {
  it('counts added, removed and changed paragraphs', () => {
    const revised = [
      'CHAPTER I',
      'It was a dark and stormy night.', // changed
      '"Who goes there?" said Tom.',
      // 'Nobody answered him.' removed
      'The end.',
      'AFTERWORD', // added
      'Thanks for reading.', // added
    ].join('\n\n');
    const c = compareManuscripts(OLD, revised)!;
    expect({ added: c.added, removed: c.removed, changed: c.changed, unchanged: c.unchanged }).toEqual({
      added: 2,
      removed: 1,
      changed: 1,
      unchanged: 3,
    });
    expect(c.examples[0]).toEqual({
      kind: 'changed',
      before: 'It was a dark night.',
      after: 'It was a dark and stormy night.',
    });
    expect(c.examples.map((e) => e.kind)).toEqual(['changed', 'removed', 'added']);
  });

  it('finds nothing when only the wrapping changed', () => {
    const rewrapped = OLD.replace('a dark night.', 'a dark\nnight.');
    expect(compareManuscripts(OLD, rewrapped)).toEqual({
      added: 0,
      removed: 0,
      changed: 0,
      unchanged: 5,
      examples: [],
    });
  });

  it('pairs a rewrite of several paragraphs in order, the surplus added', () => {
    const revised = OLD.replace('Nobody answered him.', 'Somebody answered.\n\nIt was Ann.');
    const c = compareManuscripts(OLD, revised)!;
    expect([c.changed, c.added, c.removed]).toEqual([1, 1, 0]);
  });
});

describe('sha256Hex', () => {
  it('is the SHA-256 of the UTF-8, as the server computes it', async () => {
    const text = 'Café “quoted” — 𝄞';
    expect(await sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

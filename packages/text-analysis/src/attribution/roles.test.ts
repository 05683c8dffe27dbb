import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze.js';

function speakerName(r: ReturnType<typeof analyze>, pattern: RegExp): string | undefined {
  const q = r.quotes.find((x) => pattern.test(x.text));
  return r.characters.find((c) => c.id === q?.speakerId)?.name;
}

describe('role speakers merged into the named character', () => {
  it('reads an apposition with words before the role ("Mr. Pound, the parochial undertaker")', () => {
    const text = [
      'Oliver met Mr. Pound, the parochial undertaker, at the gate. Oliver was cold.',
      '"Good day," said the undertaker.',
      '"Good day, sir," said Oliver.',
      '"Come in," said the undertaker.',
      '"Thank you," said Mr. Pound, and he smiled.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /Come in/)).toBe('Mr. Pound');
    expect(r.characters.some((c) => c.name === 'The undertaker')).toBe(false);
  });

  it('reads a copula ("Noah was a charity-boy")', () => {
    const text = [
      'Noah Clay sat on a post, and Oliver looked at him. Noah Clay was a charity-boy, and he was rude.',
      '"I kicked," said the charity-boy.',
      '"Did you?" said Oliver.',
      '"Yes," said the charity-boy. "Go away," said Noah Clay.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /I kicked/)).toBe('Noah Clay');
  });

  it('keeps a role apart when appositions name two people alike', () => {
    const text = [
      'Mr. Pound, the undertaker, and Mr. Cole, the undertaker, met Oliver.',
      '"Good day," said the undertaker.',
      '"Good day," said Oliver.',
      '"Come in," said the undertaker.',
      '"Well," said Mr. Pound. "Well," said Mr. Cole.',
    ].join('\n\n');
    const r = analyze(text, { outline: [] });
    expect(speakerName(r, /Come in/)).toBe('The undertaker');
  });
});

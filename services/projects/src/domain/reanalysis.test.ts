import type { Character, Quote } from '@castbook/contracts';
import { describe, expect, it } from 'vitest';
import { markUserEdits, mergeReanalysis, nameKey } from './reanalysis.js';

const ch = (id: string, name: string, extra: Partial<Character> = {}): Character => ({
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
const q = (id: string, text: string, start: number, speakerId: string | null, extra: Partial<Quote> = {}): Quote => ({
  id,
  text,
  startOffset: start,
  endOffset: start + text.length,
  speakerId,
  confidence: 0.8,
  attributionMethod: 'explicit',
  ...extra,
});

const TEXT = 'Intro. "Hello there," said Oliver. Then "Go away!" cried Mr. Bumble. "Hush," said Nancy.';
const at = (s: string) => TEXT.indexOf(s);

describe('mergeReanalysis', () => {
  it('keeps ids and colours of matched characters, and takes the fresh data for untouched ones', () => {
    const previous = { characters: [ch('c1', 'Oliver', { color: '#aaaaaa' }), ch('c2', 'Mr. Bumble')], quotes: [] };
    const fresh = {
      characters: [
        ch('c1', 'Mr Bumble', { mentions: 9, color: '#222222' }),
        ch('c2', 'Oliver Twist', { alternativeNames: ['Oliver'] }),
      ],
      quotes: [q('q1', 'Hello there,', at('Hello'), 'c2'), q('q2', 'Go away!', at('Go away'), 'c1')],
    };
    const r = mergeReanalysis(previous, fresh, TEXT);
    expect(r.characters.map((c) => [c.id, c.name, c.color, c.mentions])).toEqual([
      ['c2', 'Mr Bumble', '#111111', 9],
      ['c1', 'Oliver Twist', '#aaaaaa', 1],
    ]);
    expect(r.quotes.map((x) => x.speakerId)).toEqual(['c1', 'c2']);
  });

  it('keeps user-created and user-edited characters, and a user-set speaker on text that moved', () => {
    const previous = {
      characters: [
        ch('c1', 'Oliver'),
        ch('c2', 'The Artful Dodger', { isUserEdited: true, summary: 'A pickpocket', color: '#ff0000' }),
        ch('c3', 'Voice of God', { isUserCreated: true }),
        ch('c4', 'Monks', { isUserEdited: true }), // no longer in the text
      ],
      // Set by hand on an earlier text 5 characters shorter.
      quotes: [q('q7', 'Hush,', at('Hush') - 5, 'c3', { attributionMethod: 'user', confidence: 1 })],
    };
    const fresh = {
      characters: [
        ch('c1', 'Nancy'),
        ch('c2', 'Oliver'),
        ch('c3', 'Dodger', { alternativeNames: ['the Artful Dodger'] }),
      ],
      quotes: [q('q1', 'Hello there,', at('Hello'), 'c2'), q('q2', 'Hush,', at('Hush'), 'c1')],
    };
    const r = mergeReanalysis(previous, fresh, TEXT + ' The Artful Dodger laughed.');
    const byName = Object.fromEntries(r.characters.map((c) => [c.name, c]));
    expect(byName['The Artful Dodger']).toMatchObject({ id: 'c2', summary: 'A pickpocket', color: '#ff0000' });
    expect(byName['Voice of God']?.id).toBe('c3');
    expect(byName.Monks).toBeUndefined();
    expect(byName.Oliver?.id).toBe('c1');
    // Nancy is new: she must not take any id the project held.
    expect(['c1', 'c2', 'c3', 'c4']).not.toContain(byName.Nancy?.id);
    const hush = r.quotes.find((x) => x.text === 'Hush,')!;
    expect(hush).toMatchObject({ startOffset: at('Hush'), speakerId: 'c3', attributionMethod: 'user' });
    expect(r.quotes.filter((x) => x.text === 'Hush,')).toHaveLength(1);
    expect(new Set(r.quotes.map((x) => x.id)).size).toBe(r.quotes.length);
  });

  it("drops a user's quote whose text is gone, and one whose speaker no longer exists", () => {
    const previous = {
      characters: [ch('c1', 'Ghost')],
      quotes: [
        q('q1', 'Words no longer in the book', 3, null, { attributionMethod: 'user' }),
        q('q2', 'Go away!', at('Go away'), 'c1', { attributionMethod: 'user' }),
      ],
    };
    const fresh = { characters: [ch('c1', 'Mr. Bumble')], quotes: [q('q1', 'Go away!', at('Go away'), 'c1')] };
    const r = mergeReanalysis(previous, fresh, TEXT);
    expect(r.quotes).toHaveLength(1);
    expect(r.quotes[0]).toMatchObject({ text: 'Go away!', attributionMethod: 'explicit' });
    expect(r.quotes[0]!.speakerId).toBe(r.characters.find((c) => c.name === 'Mr. Bumble')!.id);
  });

  it('compares names without honorific dots, articles or case', () => {
    expect(nameKey('Mr. Bumble')).toBe(nameKey('mr bumble'));
    expect(nameKey('The Beadle')).toBe(nameKey('beadle'));
  });
});

describe('markUserEdits', () => {
  it('marks an analysed character whose name, summary or colour changed, and keeps the mark', () => {
    const stored = [ch('c1', 'Oliver'), ch('c2', 'Nancy'), ch('c3', 'Fagin', { isUserEdited: true })];
    const incoming = [
      ch('c1', 'Oliver Twist'),
      ch('c2', 'Nancy', { isUserEdited: true }), // a client cannot set it
      ch('c3', 'Fagin'), // nor clear it
      ch('c9', 'Narrator', { isUserCreated: true }),
    ];
    expect(markUserEdits(stored, incoming).map((c) => c.isUserEdited)).toEqual([true, undefined, true, undefined]);
    expect(markUserEdits(stored, [ch('c2', 'Nancy', { color: '#00ff00' })])[0]!.isUserEdited).toBe(true);
  });
});

import type { Quote } from '@castbook/contracts';
import { character } from '@castbook/test-kit/entities';
import { describe, expect, it } from 'vitest';
import { deleteCharacter, mergeCharacters } from './cast-edits.js';
import { dismissalsOf, dropDismissed, markUserEdits, mergeReanalysis, nameKey } from './reanalysis.js';

const ch = character;
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

const TEXT = 'Intro. "Hello there," said Idris. Then "Go away!" cried Mr. Mossop. "Hush," said Tamsin.';
const at = (s: string) => TEXT.indexOf(s);

describe('mergeReanalysis', () => {
  it('keeps ids and colours of matched characters, and takes the fresh data for untouched ones', () => {
    const previous = { characters: [ch('c1', 'Idris', { color: '#aaaaaa' }), ch('c2', 'Mr. Mossop')], quotes: [] };
    const fresh = {
      characters: [
        ch('c1', 'Mr Mossop', { mentions: 9, color: '#222222' }),
        ch('c2', 'Idris Tolley', { alternativeNames: ['Idris'] }),
      ],
      quotes: [q('q1', 'Hello there,', at('Hello'), 'c2'), q('q2', 'Go away!', at('Go away'), 'c1')],
    };
    const r = mergeReanalysis(previous, fresh, TEXT);
    expect(r.characters.map((c) => [c.id, c.name, c.color, c.mentions])).toEqual([
      ['c2', 'Mr Mossop', '#111111', 9],
      ['c1', 'Idris Tolley', '#aaaaaa', 1],
    ]);
    expect(r.quotes.map((x) => x.speakerId)).toEqual(['c1', 'c2']);
  });

  it('keeps user-created and user-edited characters, and a user-set speaker on text that moved', () => {
    const previous = {
      characters: [
        ch('c1', 'Idris'),
        ch('c2', 'The Grey Fox', { isUserEdited: true, summary: 'A pickpocket', color: '#ff0000' }),
        ch('c3', 'Voice of God', { isUserCreated: true }),
        ch('c4', 'Halloran', { isUserEdited: true }), // no longer in the text
      ],
      // Set by hand on an earlier text 5 characters shorter.
      quotes: [q('q7', 'Hush,', at('Hush') - 5, 'c3', { attributionMethod: 'user', confidence: 1 })],
    };
    const fresh = {
      characters: [ch('c1', 'Tamsin'), ch('c2', 'Idris'), ch('c3', 'Fox', { alternativeNames: ['the Grey Fox'] })],
      quotes: [q('q1', 'Hello there,', at('Hello'), 'c2'), q('q2', 'Hush,', at('Hush'), 'c1')],
    };
    const r = mergeReanalysis(previous, fresh, TEXT + ' The Grey Fox laughed.');
    const byName = Object.fromEntries(r.characters.map((c) => [c.name, c]));
    expect(byName['The Grey Fox']).toMatchObject({ id: 'c2', summary: 'A pickpocket', color: '#ff0000' });
    expect(byName['Voice of God']?.id).toBe('c3');
    expect(byName.Halloran).toBeUndefined();
    expect(byName.Idris?.id).toBe('c1');
    // Tamsin is new: she must not take any id the project held.
    expect(['c1', 'c2', 'c3', 'c4']).not.toContain(byName.Tamsin?.id);
    const hush = r.quotes.find((x) => x.text === 'Hush,')!;
    expect(hush).toMatchObject({ startOffset: at('Hush'), speakerId: 'c3', attributionMethod: 'user' });
    expect(r.quotes.filter((x) => x.text === 'Hush,')).toHaveLength(1);
    expect(new Set(r.quotes.map((x) => x.id)).size).toBe(r.quotes.length);
  });

  it('keeps takes and voice notes: on a matched analysed character, and one the fresh result missed', () => {
    const take = {
      id: 't1',
      url: '/api/upload/audio/0b8f3a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b.wav',
      fileType: 'wav' as const,
      durationSeconds: 3,
      bytes: 48_044,
      createdAt: '2026-11-25T17:00:00.000Z',
      source: 'recorded' as const,
    };
    const previous = {
      characters: [
        ch('c1', 'Idris', { voiceTakes: [take], audioSample: take.url }),
        // Only notes, not edited otherwise: still the user's work, kept while named in the text.
        ch('c2', 'Tamsin', { voiceNotes: { accent: 'Yorkshire', direction: 'gravelly, slow' } }),
        ch('c3', 'Halloran', { voiceNotes: { pitch: 'low' } }), // no longer in the text
      ],
      quotes: [],
    };
    const fresh = { characters: [ch('c9', 'Idris', { mentions: 4 })], quotes: [] };
    const r = mergeReanalysis(previous, fresh, TEXT);
    const byName = Object.fromEntries(r.characters.map((c) => [c.name, c]));
    expect(byName.Idris).toMatchObject({ id: 'c1', mentions: 4, voiceTakes: [take], audioSample: take.url });
    expect(byName.Tamsin).toMatchObject({ id: 'c2', voiceNotes: { accent: 'Yorkshire', direction: 'gravelly, slow' } });
    expect(byName.Halloran).toBeUndefined();
  });

  it("drops a user's quote whose text is gone, and one whose speaker no longer exists", () => {
    const previous = {
      characters: [ch('c1', 'Ghost')],
      quotes: [
        q('q1', 'Words no longer in the book', 3, null, { attributionMethod: 'user' }),
        q('q2', 'Go away!', at('Go away'), 'c1', { attributionMethod: 'user' }),
      ],
    };
    const fresh = { characters: [ch('c1', 'Mr. Mossop')], quotes: [q('q1', 'Go away!', at('Go away'), 'c1')] };
    const r = mergeReanalysis(previous, fresh, TEXT);
    expect(r.quotes).toHaveLength(1);
    expect(r.quotes[0]).toMatchObject({ text: 'Go away!', attributionMethod: 'explicit' });
    expect(r.quotes[0]!.speakerId).toBe(r.characters.find((c) => c.name === 'Mr. Mossop')!.id);
  });

  // The engine's result on TEXT, as it would find it each time.
  const engine = () => ({
    characters: [ch('e1', 'Idris'), ch('e2', 'Mr. Mossop', { alternativeNames: ['Mossop'] }), ch('e3', 'Tamsin')],
    quotes: [
      q('q1', 'Hello there,', at('Hello'), 'e1', {
        candidates: [
          { speakerId: 'e1', probability: 0.7 },
          { speakerId: 'e2', probability: 0.2 },
        ],
      }),
      q('q2', 'Go away!', at('Go away'), 'e2'),
      q('q3', 'Hush,', at('Hush'), 'e3'),
    ],
  });

  it("a merged character does not come back: the engine's character of its name folds into the target", () => {
    const merged = mergeCharacters(engine(), 'e2', 'e1');
    const r = mergeReanalysis(merged, engine(), TEXT);
    expect(r.characters.map((c) => c.id)).toEqual(['e1', 'e3']);
    expect(r.characters[0]).toMatchObject({ name: 'Idris', alternativeNames: ['Mr. Mossop', 'Mossop'] });
    expect(r.quotes.map((x) => x.speakerId)).toEqual(['e1', 'e1', 'e3']);
    // Candidates are renamed like the speakers, and the two that became one are added up.
    expect(r.quotes[0]!.candidates).toEqual([{ speakerId: 'e1', probability: 0.8999999999999999 }]);
  });

  it('a deleted character does not come back: its lines stay unattributed, a created namesake wins', () => {
    const { state, deletedNames } = deleteCharacter(engine(), 'e2');
    const deleted = new Set(deletedNames);
    const r = mergeReanalysis(state, engine(), TEXT, { deleted });
    expect(r.characters.map((c) => c.name)).toEqual(['Idris', 'Tamsin']);
    expect(r.quotes[1]).toMatchObject({ text: 'Go away!', speakerId: null, attributionMethod: 'none', confidence: 0 });
    expect(r.quotes[0]!.candidates).toEqual([{ speakerId: 'e1', probability: 0.7 }]);

    // The user created a Mossop of their own afterwards: the engine's lines go to that one.
    const again = { ...state, characters: [...state.characters, ch('u1', 'Mossop', { isUserCreated: true })] };
    const r2 = mergeReanalysis(again, engine(), TEXT, { deleted });
    expect(r2.quotes[1]).toMatchObject({ speakerId: 'u1', attributionMethod: 'explicit' });
  });

  it('compares names without honorific dots, articles or case', () => {
    expect(nameKey('Mr. Mossop')).toBe(nameKey('mr mossop'));
    expect(nameKey('The Warden')).toBe(nameKey('warden'));
  });
});

describe('markUserEdits', () => {
  it('marks an analysed character whose name, summary or colour changed, and keeps the mark', () => {
    const stored = [ch('c1', 'Idris'), ch('c2', 'Tamsin'), ch('c3', 'Ludo', { isUserEdited: true })];
    const incoming = [
      ch('c1', 'Idris Tolley'),
      ch('c2', 'Tamsin', { isUserEdited: true }), // a client cannot set it
      ch('c3', 'Ludo'), // nor clear it
      ch('c9', 'Narrator', { isUserCreated: true }),
    ];
    expect(markUserEdits(stored, incoming).map((c) => c.isUserEdited)).toEqual([true, undefined, true, undefined]);
    expect(markUserEdits(stored, [ch('c2', 'Tamsin', { color: '#00ff00' })])[0]!.isUserEdited).toBe(true);
  });
});

describe('quotes marked "not dialog"', () => {
  const hush = q('q3', 'Hush,', at('Hush'), 'c3');
  const quotes = [q('q1', 'Hello there,', at('Hello'), 'c1'), q('q2', 'Go away!', at('Go away'), 'c2'), hush];
  const span = ({ startOffset, endOffset, text }: Quote) => ({ startOffset, endOffset, text });

  it('are the quotes a whole list leaves out; one put back at its place is withdrawn', () => {
    const without = quotes.filter((x) => x.id !== 'q2');
    expect(dismissalsOf(quotes, without)).toEqual({ dismissed: [span(quotes[1]!)], restored: [] });
    // Undo: the same quote back, even under a new id.
    expect(
      dismissalsOf(
        without,
        quotes.map((x) => (x.id === 'q2' ? { ...x, id: 'q7' } : x)),
      ),
    ).toEqual({
      dismissed: [],
      restored: [span(quotes[1]!)],
    });
    // A speaker changed is no dismissal.
    expect(
      dismissalsOf(
        quotes,
        quotes.map((x) => ({ ...x, speakerId: 'c9' })),
      ),
    ).toEqual({ dismissed: [], restored: [] });
  });

  it("drop the engine's quotes over their text wherever it moved, and nothing when it is gone", () => {
    const moved = `A new first line. ${TEXT}`;
    const shift = moved.indexOf('Hush') - at('Hush');
    const fresh = quotes.map((x) => ({ ...x, startOffset: x.startOffset + shift, endOffset: x.endOffset + shift }));
    // The engine now finds a longer quote over the dismissed text: it goes too.
    const longer = { ...fresh[2]!, startOffset: fresh[2]!.startOffset - 1, endOffset: fresh[2]!.endOffset + 1 };
    expect(dropDismissed([fresh[0]!, fresh[1]!, longer], [span(hush)], moved).map((x) => x.id)).toEqual(['q1', 'q2']);
    expect(dropDismissed(quotes, [{ ...span(hush), text: 'Not in the book' }], TEXT)).toEqual(quotes);
    // Too far from where it stood: not the same place.
    expect(dropDismissed(fresh, [span(hush)], moved, 5)).toEqual(fresh);
  });

  it('stay out after re-analysis, while the user keeps the speakers they set elsewhere', () => {
    const previous = {
      characters: [ch('c1', 'Idris'), ch('c2', 'Mr. Mossop'), ch('c3', 'Tamsin')],
      quotes: [quotes[0]!, { ...quotes[1]!, speakerId: 'c3', attributionMethod: 'user' as const }],
    };
    const fresh = { characters: previous.characters, quotes };
    const r = mergeReanalysis(previous, fresh, TEXT, { dismissed: [span(hush)] });
    expect(r.quotes.map((x) => [x.text, x.speakerId])).toEqual([
      ['Hello there,', 'c1'],
      ['Go away!', 'c3'],
    ]);
  });
});

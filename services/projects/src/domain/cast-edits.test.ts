import type { Quote, VoiceTake } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';
import { character } from '@castbook/test-kit/entities';
import { describe, expect, it } from 'vitest';
import { CAST_MESSAGES, deleteCharacter, droppedNames, mergeCharacters } from './cast-edits.js';

const ch = character;
const q = (id: string, speakerId: string | null, extra: Partial<Quote> = {}): Quote => ({
  id,
  text: `"${id}"`,
  startOffset: Number(id.slice(1)) * 10,
  endOffset: Number(id.slice(1)) * 10 + 4,
  speakerId,
  confidence: 0.7,
  attributionMethod: 'explicit',
  ...extra,
});
const take = (n: number): VoiceTake => ({
  id: `t${n}`,
  url: `/api/upload/audio/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.wav`,
  fileType: 'wav',
  durationSeconds: 2,
  bytes: 32_044,
  createdAt: '2026-11-25T17:00:00.000Z',
  source: 'recorded',
});

/** The status and message of what `f` throws. */
function refusal(f: () => unknown): [number, string] {
  try {
    f();
  } catch (err) {
    if (err instanceof HttpError) return [err.statusCode, err.message];
    throw err;
  }
  throw new Error('not refused');
}

describe('mergeCharacters', () => {
  const state = {
    characters: [
      ch('c1', 'Quell', { alternativeNames: ['the old ferryman'], mentions: 40, voiceTakes: [take(1)] }),
      ch('c2', 'The Warden', {
        alternativeNames: ['Quell', 'the merry old ferryman'],
        analysedName: 'Warden',
        isUserEdited: true,
        mentions: 12,
        voiceTakes: [take(2), take(3)],
        audioSample: take(2).url,
        voiceNotes: { accent: 'West Country', pitch: 'reedy' },
      }),
      ch('c3', 'Bram'),
    ],
    quotes: [
      q('q1', 'c2', {
        candidates: [
          { speakerId: 'c2', probability: 0.5 },
          { speakerId: 'c1', probability: 0.3 },
        ],
      }),
      q('q2', 'c2', { attributionMethod: 'user', confidence: 1 }),
      q('q3', 'c3', {
        candidates: [
          { speakerId: 'c3', probability: 0.6 },
          { speakerId: 'c2', probability: 0.2 },
        ],
      }),
      q('q4', 'c1'),
    ],
  };

  it('moves names, lines, takes and empty notes to the target, and the merged one is gone', () => {
    const into = { ...state.characters[0]!, voiceNotes: { accent: 'Cornish' } };
    const r = mergeCharacters({ ...state, characters: [into, ...state.characters.slice(1)] }, 'c2', 'c1');
    expect(r.characters.map((c) => c.id)).toEqual(['c1', 'c3']);
    expect(r.characters[0]).toMatchObject({
      name: 'Quell',
      // 'Quell' is the target's own name, 'Warden' the same name as 'The Warden': the rest in order, once.
      alternativeNames: ['the old ferryman', 'The Warden', 'the merry old ferryman'],
      mentions: 52,
      isUserEdited: true,
      voiceTakes: [take(1), take(2), take(3)],
      // The target had takes but no chosen sample: the merged one's choice is kept.
      audioSample: take(2).url,
      voiceNotes: { accent: 'Cornish', pitch: 'reedy' },
    });
    // Lines move; method and confidence stay; candidates of both become one.
    expect(r.quotes[0]).toMatchObject({
      speakerId: 'c1',
      attributionMethod: 'explicit',
      confidence: 0.7,
      candidates: [{ speakerId: 'c1', probability: 0.8 }],
    });
    expect(r.quotes[1]).toMatchObject({ speakerId: 'c1', attributionMethod: 'user', confidence: 1 });
    expect(r.quotes[2]).toMatchObject({
      speakerId: 'c3',
      candidates: [
        { speakerId: 'c3', probability: 0.6 },
        { speakerId: 'c1', probability: 0.2 },
      ],
    });
    expect(r.quotes[3]).toBe(state.quotes[3]);
  });

  it('refuses more than 5 takes together, itself, no target and unknown ids, changing nothing', () => {
    const full = {
      ...state,
      characters: state.characters.map((c) => (c.id === 'c1' ? { ...c, voiceTakes: [4, 5, 6, 7].map(take) } : c)),
    };
    expect(refusal(() => mergeCharacters(full, 'c2', 'c1'))).toEqual([409, CAST_MESSAGES.tooManyTakes(6)]);
    expect(refusal(() => mergeCharacters(state, 'c2', 'c2'))).toEqual([400, CAST_MESSAGES.intoItself]);
    expect(refusal(() => mergeCharacters(state, 'c2', ''))).toEqual([400, CAST_MESSAGES.intoRequired]);
    expect(refusal(() => mergeCharacters(state, 'c2', 'c9'))).toEqual([404, 'Character not found: c9']);
    expect(refusal(() => mergeCharacters(state, 'c9', 'c1'))).toEqual([404, 'Character not found: c9']);
  });

  it("a created target stays created (not marked edited); an analysed one becomes the user's", () => {
    const created = { ...state, characters: [ch('u1', 'Narrator', { isUserCreated: true }), ch('c3', 'Bram')] };
    expect(mergeCharacters(created, 'c3', 'u1').characters[0]!.isUserEdited).toBeUndefined();
    expect(mergeCharacters(created, 'u1', 'c3').characters[0]).toMatchObject({
      isUserEdited: true,
      alternativeNames: ['Narrator'],
    });
  });
});

describe('deleteCharacter', () => {
  it("unattributes its lines (the user's too), drops it as a candidate and names what it went by", () => {
    const state = {
      characters: [
        ch('c1', 'Mr. Pellow', { alternativeNames: ['the warden'], analysedName: 'Pellow' }),
        ch('c2', 'Bram'),
      ],
      quotes: [
        q('q1', 'c1', {
          candidates: [
            { speakerId: 'c1', probability: 0.6 },
            { speakerId: 'c2', probability: 0.3 },
          ],
          evidence: ['tagName'],
        }),
        q('q2', 'c1', { attributionMethod: 'user', confidence: 1 }),
        q('q3', 'c2', {
          candidates: [
            { speakerId: 'c2', probability: 0.9 },
            { speakerId: 'c1', probability: 0.1 },
          ],
        }),
      ],
    };
    const { state: r, deletedNames } = deleteCharacter(state, 'c1');
    expect(r.characters.map((c) => c.id)).toEqual(['c2']);
    expect(r.quotes[0]).toMatchObject({
      speakerId: null,
      attributionMethod: 'none',
      confidence: 0,
      evidence: [],
      candidates: [{ speakerId: 'c2', probability: 0.3 }],
    });
    expect(r.quotes[1]).toMatchObject({ speakerId: null, attributionMethod: 'none', confidence: 0 });
    expect(r.quotes[2]).toMatchObject({ speakerId: 'c2', candidates: [{ speakerId: 'c2', probability: 0.9 }] });
    expect(deletedNames).toEqual(['mr pellow', 'pellow', 'warden']);
    expect(refusal(() => deleteCharacter(state, 'c9'))).toEqual([404, 'Character not found: c9']);
  });
});

describe('droppedNames', () => {
  const pellow = ch('c1', 'Mr. Pellow', { alternativeNames: ['the warden'], analysedName: 'Pellow' });
  const bram = ch('c2', 'Bram');
  const quayle = ch('c3', 'Quayle', { alternativeNames: ['Hester Quayle'] });

  it('names what the characters a new list leaves out went by', () => {
    expect(droppedNames([pellow, bram, quayle], [bram])).toEqual([
      'mr pellow',
      'pellow',
      'warden',
      'quayle',
      'hester quayle',
    ]);
    expect(droppedNames([pellow, bram], [bram, pellow])).toEqual([]);
    expect(droppedNames([bram], [bram, quayle])).toEqual([]);
  });

  it('keeps the names a character still in the list goes by (a merge by hand)', () => {
    const bramWithQuayleNames = { ...bram, alternativeNames: ['Quayle'] };
    expect(droppedNames([bram, quayle], [bramWithQuayleNames])).toEqual(['hester quayle']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Character, Quote, VoiceTake } from '@castbook/contracts';
import { chosenTake, lineup, linesToRead } from './voice-data';

const quote = (id: string, speakerId: string | null, text: string, startOffset: number): Quote => ({
  id,
  text,
  startOffset,
  endOffset: startOffset + text.length,
  speakerId,
  confidence: 1,
  attributionMethod: 'user',
});

const take = (id: string, playUrl?: string): VoiceTake => ({
  id,
  url: `/api/upload/audio/${id}.wav`,
  fileType: 'wav',
  durationSeconds: 3,
  bytes: 96_044,
  createdAt: '2026-11-25T17:00:00.000Z',
  source: 'recorded',
  ...(playUrl ? { playUrl } : {}),
});

const character = (id: string, extra: Partial<Character> = {}): Character => ({
  id,
  name: id,
  color: '#123456',
  summary: '',
  mentions: 0,
  alternativeNames: [],
  relationships: [],
  isUserCreated: false,
  audioSample: null,
  ...extra,
});

describe('linesToRead', () => {
  const quotes = [
    quote('1', 'alice', '"Short."', 10),
    quote('2', 'bob', '"Bob says something very long indeed, longer than all of Alice\'s."', 20),
    quote('3', 'alice', '“Curiouser and curiouser!”', 30),
    quote('4', 'alice', '"A middling line, quite long."', 40),
    quote('5', 'alice', '“Curiouser and curiouser!”', 50),
    quote('6', null, '"Nobody\'s line that is the longest of all of them by far, really."', 60),
    quote('7', 'alice', '"Same  length 1."', 70),
    quote('8', 'alice', '"Same length 2."', 5),
  ];

  it("gives only the character's own lines, longest first, each once, without the quotation marks", () => {
    expect(linesToRead(quotes, 'alice')).toEqual([
      'A middling line, quite long.',
      'Curiouser and curiouser!',
      'Same length 2.',
      'Same length 1.',
      'Short.',
    ]);
  });

  it('keeps the book order between lines of the same length and honours the limit', () => {
    expect(linesToRead(quotes, 'alice', 2)).toEqual(['A middling line, quite long.', 'Curiouser and curiouser!']);
    expect(linesToRead(quotes, 'nobody')).toEqual([]);
  });
});

describe('chosenTake and lineup', () => {
  it('finds the take whose url is the audioSample', () => {
    const c = character('a', { voiceTakes: [take('t1'), take('t2')], audioSample: '/api/upload/audio/t2.wav' });
    expect(chosenTake(c)?.id).toBe('t2');
    expect(chosenTake({ ...c, audioSample: null })).toBeUndefined();
    expect(chosenTake({ ...c, audioSample: '/api/upload/audio/other.wav' })).toBeUndefined();
  });

  it('plays the main characters with a playable chosen take, most lines first', () => {
    const withVoice = (id: string, mentions = 0) =>
      character(id, {
        mentions,
        voiceTakes: [take(`${id}-t`, `/api/upload/audio/${id}-t.wav?expires=1&signature=ab`)],
        audioSample: `/api/upload/audio/${id}-t.wav`,
      });
    const characters = [
      withVoice('minor'),
      character('silent', { voiceTakes: [take('s-t', '/x')] }), // takes but none chosen
      withVoice('lead'),
      character('unsigned', { voiceTakes: [take('u-t')], audioSample: '/api/upload/audio/u-t.wav' }),
      withVoice('second', 5),
      withVoice('tied', 1),
    ];
    const counts = new Map([
      ['lead', 40],
      ['second', 10],
      ['tied', 10],
      ['minor', 1],
    ]);
    expect(lineup(characters, counts).map((e) => e.character.id)).toEqual(['lead', 'second', 'tied', 'minor']);
    expect(lineup(characters, counts, 2).map((e) => e.take.id)).toEqual(['lead-t', 'second-t']);
  });
});

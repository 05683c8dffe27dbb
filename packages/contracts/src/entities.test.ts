import { describe, expect, it } from 'vitest';
import {
  character,
  hasRealSummary,
  MAX_VOICE_TAKES,
  outlineClass,
  outlineItem,
  OUTLINE_LEVELS,
  voiceNotes,
} from './entities.js';
import { PLANS, UNLIMITED_PROJECTS } from './plans.js';

describe('entities', () => {
  it('maps outline types to their class by level (SPEC §3)', () => {
    expect(outlineClass('series')).toBe('book');
    expect(outlineClass('volume')).toBe('book');
    expect(outlineClass('act')).toBe('part');
    expect(outlineClass('section')).toBe('part');
    expect(outlineClass('prologue')).toBe('chapter');
    expect(outlineClass('scene')).toBe('chapter');
    expect(OUTLINE_LEVELS.episode).toBe(38);
  });

  it('validates nested outline items and rejects reversed offsets', () => {
    const child = { id: 'c', parentId: 'p', type: 'chapter', title: 'I', startOffset: 5, endOffset: 9, children: [] };
    expect(
      outlineItem.safeParse({
        id: 'p',
        parentId: null,
        type: 'part',
        title: 'One',
        startOffset: 0,
        endOffset: 9,
        children: [child],
      }).success,
    ).toBe(true);
    expect(outlineItem.safeParse({ ...child, startOffset: 10 }).success).toBe(false);
    expect(outlineItem.safeParse({ ...child, type: 'stanza' }).success).toBe(false);
  });

  it("treats 'Character named {name}' as no summary", () => {
    expect(hasRealSummary({ name: 'Anne', summary: 'Character named Anne' })).toBe(false);
    expect(hasRealSummary({ name: 'Anne', summary: '  ' })).toBe(false);
    expect(hasRealSummary({ name: 'Anne', summary: 'An orphan with red hair.' })).toBe(true);
  });

  it('requires six-digit hex colours on characters', () => {
    expect(character.safeParse({ id: 'c1', name: 'Anne', color: '#a1b2c3' }).success).toBe(true);
    expect(character.safeParse({ id: 'c1', name: 'Anne', color: 'red' }).success).toBe(false);
  });

  it('takes at most five voice takes, each an issued recording of an accepted type, and one-line notes', () => {
    const base = { id: 'c1', name: 'Anne', color: '#a1b2c3' };
    const take = {
      id: '0b8f3a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      url: '/api/upload/audio/0b8f3a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b.wav',
      fileType: 'wav',
      durationSeconds: 3.2,
      bytes: 51_244,
      createdAt: '2026-11-25T17:00:00.000Z',
      source: 'recorded',
    };
    const takes = (n: number) => Array.from({ length: n }, () => take);
    expect(character.safeParse({ ...base, voiceTakes: takes(MAX_VOICE_TAKES) }).success).toBe(true);
    expect(character.safeParse({ ...base, voiceTakes: takes(MAX_VOICE_TAKES + 1) }).success).toBe(false);
    expect(character.safeParse({ ...base, voiceTakes: [{ ...take, url: 'https://evil.example/a.wav' }] }).success).toBe(
      false,
    );
    expect(character.safeParse({ ...base, voiceTakes: [{ ...take, fileType: 'flac' }] }).success).toBe(false);
    expect(character.safeParse({ ...base, voiceTakes: [{ ...take, durationSeconds: 301 }] }).success).toBe(false);
    expect(character.safeParse({ ...base, voiceTakes: [{ ...take, source: 'stolen' }] }).success).toBe(false);
    expect(voiceNotes.safeParse({ accent: 'Yorkshire', direction: 'gravelly, slow', ipa: 'ˈæn' }).success).toBe(true);
    expect(voiceNotes.safeParse({ pitch: 'x'.repeat(201) }).success).toBe(false);
    expect(voiceNotes.safeParse({ direction: 'two\nlines' }).success).toBe(false);
    // Unknown keys are dropped, not stored.
    expect(character.parse({ ...base, voiceNotes: { age: '40s', mood: 'x' } }).voiceNotes).toEqual({ age: '40s' });
  });

  it('keeps the plan catalogue of PRODUCT.md', () => {
    expect(PLANS.free.limits.maxProjects).toBe(1);
    expect(PLANS.pro.limits.maxProjects).toBe(UNLIMITED_PROJECTS);
    expect(PLANS.pro.priceMonthlyUsd).toBe(19);
    expect(PLANS.pro.trialDays).toBe(14);
    expect(PLANS.enterprise.limits.maxWordsPerProject).toBeNull();
    expect(PLANS.enterprise.selfServe).toBe(false);
  });
});

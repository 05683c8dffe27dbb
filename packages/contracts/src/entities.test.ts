import { describe, expect, it } from 'vitest';
import { character, hasRealSummary, outlineClass, outlineItem, OUTLINE_LEVELS } from './entities.js';
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

  it('keeps the plan catalogue of PRODUCT.md', () => {
    expect(PLANS.free.limits.maxProjects).toBe(1);
    expect(PLANS.pro.limits.maxProjects).toBe(UNLIMITED_PROJECTS);
    expect(PLANS.pro.priceMonthlyUsd).toBe(19);
    expect(PLANS.pro.trialDays).toBe(14);
    expect(PLANS.enterprise.limits.maxWordsPerProject).toBeNull();
    expect(PLANS.enterprise.selfServe).toBe(false);
  });
});

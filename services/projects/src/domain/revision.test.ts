import { describe, expect, it } from 'vitest';
import { etagOf, matches, preconditionOf } from './revision.js';

describe('If-Match on project edits', () => {
  it('has no precondition without the header', () => {
    expect(preconditionOf(undefined)).toBeUndefined();
  });

  it('matches the revision its ETag names, and only that one', () => {
    const pre = preconditionOf(etagOf(12))!;
    expect(matches(pre, 12)).toBe(true);
    expect(matches(pre, 13)).toBe(false);
  });

  it('takes a list of tags and * for any revision', () => {
    const pre = preconditionOf('"3", "5"')!;
    expect([3, 4, 5].map((r) => matches(pre, r))).toEqual([true, false, true]);
    expect(matches(preconditionOf(' * ')!, 99)).toBe(true);
    expect(matches(preconditionOf(['"1"', '"2"'])!, 2)).toBe(true);
  });

  it('never matches a weak or foreign tag (a 409, not a 400)', () => {
    expect(matches(preconditionOf('W/"12"')!, 12)).toBe(false);
    expect(matches(preconditionOf('"abc"')!, 0)).toBe(false);
  });

  it('refuses what is not an entity tag', () => {
    for (const bad of ['12', '"12', '', 'W/12', '"1",,"2"']) {
      expect(() => preconditionOf(bad), bad).toThrow(/If-Match must be/);
    }
  });
});

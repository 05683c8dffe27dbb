import { describe, expect, it } from 'vitest';
import { parseSidebarState, serializeSidebarState } from './sidebar-state';

const DAY = 24 * 60 * 60 * 1000;

describe('sidebar state kept 7 days', () => {
  it('reads back what was saved within 7 days', () => {
    const saved = serializeSidebarState(false, 0);
    expect(parseSidebarState(saved, 6 * DAY)).toBe(false);
    expect(parseSidebarState(serializeSidebarState(true, 0), 7 * DAY - 1)).toBe(true);
  });

  it('forgets it after 7 days', () => {
    expect(parseSidebarState(serializeSidebarState(false, 0), 7 * DAY)).toBeNull();
  });

  it('ignores missing or malformed values', () => {
    expect(parseSidebarState(null, 0)).toBeNull();
    expect(parseSidebarState('true', 0)).toBeNull();
    expect(parseSidebarState('{"open":"yes","expiresAt":99}', 0)).toBeNull();
    expect(parseSidebarState('{not json', 0)).toBeNull();
  });
});

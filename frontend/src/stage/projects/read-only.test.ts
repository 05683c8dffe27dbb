import { describe, expect, it } from 'vitest';
import { READ_ONLY_FALLBACK, readOnlyOf } from './read-only';

describe('read-only projects', () => {
  it("shows the server's reason for a read-only project", () => {
    const reason =
      'This project is read-only: your Free plan allows 1 project. Upgrade or delete a project to edit it.';
    expect(readOnlyOf({ readOnly: true, readOnlyReason: reason })).toEqual({ readOnly: true, reason });
  });
  it('falls back to its own words when the server gives none', () => {
    expect(readOnlyOf({ readOnly: true })).toEqual({ readOnly: true, reason: READ_ONLY_FALLBACK });
    expect(readOnlyOf({ readOnly: true, readOnlyReason: '  ' }).reason).toBe(READ_ONLY_FALLBACK);
  });
  it('treats anything but readOnly: true as writable', () => {
    expect(readOnlyOf({ readOnly: false, readOnlyReason: 'stale' })).toEqual({ readOnly: false, reason: '' });
    expect(readOnlyOf({})).toEqual({ readOnly: false, reason: '' });
    expect(readOnlyOf(undefined).readOnly).toBe(false);
  });
});

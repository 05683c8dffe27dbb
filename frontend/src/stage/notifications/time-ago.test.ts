import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('timeAgo', () => {
  it.each([
    [10_000, 'just now'],
    [5 * 60_000, '5 minutes ago'],
    [3 * 3600_000, '3 hours ago'],
    [26 * 3600_000, 'yesterday'],
    [3 * 86_400_000, '3 days ago'],
    [15 * 86_400_000, '2 weeks ago'],
    [400 * 86_400_000, 'last year'],
  ])('%d ms ago reads %s', (ms, text) => {
    expect(timeAgo(ago(ms), NOW)).toBe(text);
  });
});

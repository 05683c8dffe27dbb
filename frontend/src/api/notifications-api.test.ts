import { describe, expect, it } from 'vitest';
import type { Notification } from '@castbook/contracts';
import { markedRead } from './notifications-api';

const n = (id: string, readAt: string | null): Notification => ({
  id,
  kind: 'analysis_completed',
  title: 'Analysis complete',
  message: '“Book”: 2 characters and 3 quotes.',
  link: '/stage/projects/p',
  projectId: 'p',
  createdAt: '2026-11-25T10:00:00.000Z',
  readAt,
});

describe('markedRead', () => {
  const list = { notifications: [n('a', null), n('b', '2026-11-25T11:00:00.000Z'), n('c', null)], unreadCount: 2 };
  it('marks one and counts it off once', () => {
    const one = markedRead(list, new Set(['a']), 'T');
    expect(one.notifications.map((x) => x.readAt)).toEqual(['T', '2026-11-25T11:00:00.000Z', null]);
    expect(one.unreadCount).toBe(1);
    // A read one stays as it was.
    expect(markedRead(list, new Set(['b']), 'T')).toEqual(list);
  });
  it('marks all', () => {
    const all = markedRead(list, 'all', 'T');
    expect(all.unreadCount).toBe(0);
    expect(all.notifications.every((x) => x.readAt !== null)).toBe(true);
  });
});

// The user's notifications (issue 19; services/projects README "Notifications"): analysis completed or
// failed, trial ending, payment failed. The bell reads them through SWR; marking read updates the
// cache at once and then asks the server.
import useSWR, { mutate } from 'swr';
import type { Notification, NotificationList } from '@castbook/contracts';
import { api } from './client';
import { withAction } from './call-error';

export type { Notification, NotificationList } from '@castbook/contracts';

export const NOTIFICATIONS_KEY = '/api/notifications';
/** How often the bell looks for news while the app is open (and on focus, and on opening it). */
export const NOTIFICATIONS_REFRESH_MS = 20_000;

export const fetchNotifications = () =>
  withAction('Failed to load notifications', async () => {
    const body = await api.request<{ success: true; data: NotificationList }>(NOTIFICATIONS_KEY);
    return body.data;
  });

export function useNotifications() {
  return useSWR<NotificationList>(NOTIFICATIONS_KEY, fetchNotifications, {
    refreshInterval: NOTIFICATIONS_REFRESH_MS,
    revalidateOnFocus: true,
    // A failed look keeps what was shown; the next refresh tries again.
    shouldRetryOnError: false,
  });
}

/** Looks again now (an analysis just ended in this tab). */
export const revalidateNotifications = () => mutate(NOTIFICATIONS_KEY);

/** The list with these marked read (at `at`), for the optimistic update. */
export function markedRead(list: NotificationList, ids: ReadonlySet<string> | 'all', at: string): NotificationList {
  const notifications = list.notifications.map((n) =>
    n.readAt === null && (ids === 'all' || ids.has(n.id)) ? { ...n, readAt: at } : n,
  );
  const newlyRead = list.notifications.filter((n, i) => n.readAt === null && notifications[i]!.readAt !== null).length;
  return { notifications, unreadCount: Math.max(0, list.unreadCount - newlyRead) };
}

async function optimistic(ids: ReadonlySet<string> | 'all', call: () => Promise<unknown>) {
  await mutate<NotificationList>(
    NOTIFICATIONS_KEY,
    async (list) => {
      await call();
      return list && markedRead(list, ids, new Date().toISOString());
    },
    {
      optimisticData: (list) =>
        list ? markedRead(list, ids, new Date().toISOString()) : { notifications: [], unreadCount: 0 },
      rollbackOnError: true,
      revalidate: true,
    },
  );
}

export const markNotificationRead = (id: string) =>
  optimistic(new Set([id]), () =>
    withAction('Failed to mark the notification read', () =>
      api.request<{ success: true; data: Notification }>(`${NOTIFICATIONS_KEY}/${encodeURIComponent(id)}/read`, {
        method: 'POST',
        json: {},
      }),
    ),
  );

export const markAllNotificationsRead = () =>
  optimistic('all', () =>
    withAction('Failed to mark the notifications read', () =>
      api.request<{ success: true; data: { marked: number } }>(`${NOTIFICATIONS_KEY}/read-all`, {
        method: 'POST',
        json: {},
      }),
    ),
  );

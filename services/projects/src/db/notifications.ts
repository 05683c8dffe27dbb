// notifications (issue 19): the user's notices. The only place their SQL lives; every query is scoped
// by the caller's user id, so another user's notification is simply not found.
import type { Notification, NotificationKind } from '@castbook/contracts';
import type { Queryable } from '@castbook/platform';
import { randomUUID } from 'node:crypto';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  projectId: string | null;
  title: string;
  message: string;
  link: string;
  /** The event it comes from: one notification per event, whatever redelivers it. */
  sourceEventId: string;
  createdAt: Date;
}

interface Row {
  id: string;
  kind: NotificationKind;
  project_id: string | null;
  title: string;
  message: string;
  link: string;
  created_at: Date;
  read_at: Date | null;
}

const COLUMNS = 'id, kind, project_id, title, message, link, created_at, read_at';

const toNotification = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  projectId: r.project_id,
  title: r.title,
  message: r.message,
  link: r.link,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at?.toISOString() ?? null,
});

/** Adds it unless its event already made one; answers whether it was added. */
export async function insertNotification(db: Queryable, n: NewNotification): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO notifications (id, user_id, kind, project_id, title, message, link, source_event_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (source_event_id) DO NOTHING`,
    [randomUUID(), n.userId, n.kind, n.projectId, n.title, n.message, n.link, n.sourceEventId, n.createdAt],
  );
  return rowCount === 1;
}

export async function listNotifications(
  db: Queryable,
  userId: string,
  limit: number,
): Promise<{ notifications: Notification[]; unreadCount: number }> {
  const [list, unread] = await Promise.all([
    db.query<Row>(`SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2`, [
      userId,
      limit,
    ]),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [
      userId,
    ]),
  ]);
  return { notifications: list.rows.map(toNotification), unreadCount: unread.rows[0]!.n };
}

/** Marks one read (a second call keeps the first time); undefined when the user has no such one. */
export async function markRead(db: Queryable, userId: string, id: string): Promise<Notification | undefined> {
  const { rows } = await db.query<Row>(
    `UPDATE notifications SET read_at = coalesce(read_at, now())
     WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [userId, id],
  );
  return rows[0] && toNotification(rows[0]);
}

/** Marks all the user's unread ones read; answers how many were. */
export async function markAllRead(db: Queryable, userId: string): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return rowCount ?? 0;
}

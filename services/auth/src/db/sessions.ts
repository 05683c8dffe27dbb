// Sessions table: one row per sign-in, revoked by logout, password change and password reset.
import type { Queryable } from '@castbook/platform';
import type { DeviceInfo } from '@castbook/contracts';

export interface SessionRow {
  id: string;
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertSession(
  db: Queryable,
  s: {
    id: string;
    userId: string;
    deviceInfo: DeviceInfo | null;
    ip: string | null;
    rememberMe: boolean;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (id, user_id, device_info, ip, remember_me, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      s.id,
      s.userId,
      s.deviceInfo === null ? null : JSON.stringify(s.deviceInfo),
      s.ip,
      s.rememberMe,
      s.now,
      s.expiresAt,
    ],
  );
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    'SELECT id, user_id, expires_at, revoked_at FROM sessions WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** Revokes one session if still active; answers whether this call revoked it. */
export async function revokeSession(db: Queryable, id: string, reason: string, now: Date): Promise<boolean> {
  const res = await db.query(
    'UPDATE sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL',
    [id, now, reason],
  );
  return res.rowCount === 1;
}

/** Revokes every active session of the user except `keep`; answers the ids it revoked. */
export async function revokeUserSessions(
  db: Queryable,
  userId: string,
  reason: string,
  now: Date,
  keep: string | null = null,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = $2, revoked_reason = $3
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND ($4::uuid IS NULL OR id <> $4::uuid)
     RETURNING id`,
    [userId, now, reason, keep],
  );
  return rows.map((r) => r.id);
}

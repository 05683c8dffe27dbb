// Password-reset tokens, stored as SHA-256 hashes. Consuming one is a single UPDATE, so two
// concurrent uses of the same link cannot both succeed.
import type { Queryable } from '@castbook/platform';

export async function insertReset(
  db: Queryable,
  r: { tokenHash: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    r.tokenHash,
    r.userId,
    r.now,
    r.expiresAt,
  ]);
}

export async function countRecentResets(db: Queryable, userId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND created_at > $2',
    [userId, since],
  );
  return rows[0]?.n ?? 0;
}

/** Marks an unused, unexpired token used; answers its user, or undefined for a bad/used/expired one. */
export async function consumeReset(db: Queryable, tokenHash: string, now: Date): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    `UPDATE password_resets SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING user_id`,
    [tokenHash, now],
  );
  return rows[0]?.user_id;
}

/** Voids every other pending link of the user (after any password change). */
export async function voidResets(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query('UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
}

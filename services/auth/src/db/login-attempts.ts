// Sign-in attempts per email in a fixed window. An attempt is counted *before* the password is
// checked (one atomic upsert), so parallel guesses cannot slip past the limit; a success clears it.
import type { Queryable } from '@castbook/platform';

export interface AttemptWindow {
  attempts: number;
  windowStartedAt: Date;
}

export async function countAttempt(
  db: Queryable,
  emailKey: string,
  now: Date,
  windowMs: number,
): Promise<AttemptWindow> {
  const { rows } = await db.query<{ attempts: number; window_started_at: Date }>(
    `INSERT INTO login_attempts AS a (email_key, attempts, window_started_at) VALUES ($1, 1, $2)
     ON CONFLICT (email_key) DO UPDATE SET
       attempts = CASE WHEN a.window_started_at <= $2 - make_interval(secs => $3 / 1000.0) THEN 1 ELSE a.attempts + 1 END,
       window_started_at = CASE WHEN a.window_started_at <= $2 - make_interval(secs => $3 / 1000.0) THEN $2 ELSE a.window_started_at END
     RETURNING attempts, window_started_at`,
    [emailKey, now, windowMs],
  );
  const row = rows[0]!;
  return { attempts: row.attempts, windowStartedAt: row.window_started_at };
}

export async function clearAttempts(db: Queryable, emailKey: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE email_key = $1', [emailKey]);
}

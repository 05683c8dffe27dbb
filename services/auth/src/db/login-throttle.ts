// Failed sign-ins, per (account, client address) pair and per address. Each attempt is counted
// *before* the password is checked, in one atomic statement that also refuses it while the pair or
// the address is held back, so parallel guesses cannot slip past; a success takes its count back.
import type { Queryable } from '@castbook/platform';

const MS = "interval '1 millisecond'";

/** The failure count a counted attempt gives the pair: one more, or 1 after a quiet spell ($5 ms). */
const NEXT_FAILURES = `CASE WHEN t.last_attempt_at <= $3::timestamptz - $5::float8 * ${MS} THEN 1 ELSE t.failures + 1 END`;
/** When a pair with `n` failures may try again: schedule entry n ($4, ms; its last entry repeats). */
const lockedUntil = (n: string) => {
  const delay = `($4::bigint[])[LEAST(${n}, cardinality($4::bigint[]))]`;
  return `CASE WHEN ${delay} > 0 THEN $3::timestamptz + ${delay}::float8 * ${MS} END`;
};

export type PairAttempt = { counted: true } | { counted: false; lockedUntil: Date };

/**
 * Counts an attempt of the pair as a failure and sets the delay its count calls for, unless the pair
 * is held back: then nothing changes and the answer says until when.
 */
export async function countPairAttempt(
  db: Queryable,
  pair: { accountKey: string; address: string },
  now: Date,
  schedule: number[],
  memoryMs: number,
): Promise<PairAttempt> {
  const { rows } = await db.query(
    `INSERT INTO login_throttle AS t (account_key, address, failures, last_attempt_at, locked_until)
     VALUES ($1, $2, 1, $3, ${lockedUntil('1')})
     ON CONFLICT (account_key, address) DO UPDATE SET
       failures = ${NEXT_FAILURES},
       last_attempt_at = $3,
       locked_until = ${lockedUntil(NEXT_FAILURES)}
     WHERE t.locked_until IS NULL OR t.locked_until <= $3
     RETURNING failures`,
    [pair.accountKey, pair.address, now, schedule, memoryMs],
  );
  if (rows.length > 0) return { counted: true };
  const held = await db.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM login_throttle WHERE account_key = $1 AND address = $2',
    [pair.accountKey, pair.address],
  );
  // Cleared by a success in between: still refused, for the shortest while.
  return { counted: false, lockedUntil: held.rows[0]?.locked_until ?? now };
}

/** The right password: the pair starts again from zero. */
export async function clearPair(db: Queryable, pair: { accountKey: string; address: string }): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE account_key = $1 AND address = $2', [pair.accountKey, pair.address]);
}

/** A password reset proves the mailbox: every pair of the account starts again. */
export async function clearAccount(db: Queryable, accountKey: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE account_key = $1', [accountKey]);
}

export interface AddressWindow {
  failures: number;
  windowStartedAt: Date;
}

/** Counts an attempt from the address in its fixed window (a new window once the last one ended). */
export async function countAddressAttempt(
  db: Queryable,
  address: string,
  now: Date,
  windowMs: number,
): Promise<AddressWindow> {
  const { rows } = await db.query<{ failures: number; window_started_at: Date }>(
    `INSERT INTO login_address_failures AS a (address, failures, window_started_at) VALUES ($1, 1, $2)
     ON CONFLICT (address) DO UPDATE SET
       failures = CASE WHEN a.window_started_at <= $2::timestamptz - $3::float8 * ${MS} THEN 1 ELSE a.failures + 1 END,
       window_started_at = CASE WHEN a.window_started_at <= $2::timestamptz - $3::float8 * ${MS} THEN $2 ELSE a.window_started_at END
     RETURNING failures, window_started_at`,
    [address, now, windowMs],
  );
  const row = rows[0]!;
  return { failures: row.failures, windowStartedAt: row.window_started_at };
}

/** The attempt turned out right: it does not count against the address. */
export async function refundAddressAttempt(db: Queryable, address: string): Promise<void> {
  await db.query('UPDATE login_address_failures SET failures = GREATEST(failures - 1, 0) WHERE address = $1', [
    address,
  ]);
}

/** Deletes pairs quiet for `memoryMs` and address windows over for `windowMs`; answers how many. */
export async function prune(db: Queryable, now: Date, memoryMs: number, windowMs: number): Promise<number> {
  const pairs = await db.query(
    `DELETE FROM login_throttle
     WHERE last_attempt_at <= $1::timestamptz - $2::float8 * ${MS} AND (locked_until IS NULL OR locked_until <= $1)`,
    [now, memoryMs],
  );
  const addresses = await db.query(
    `DELETE FROM login_address_failures WHERE window_started_at <= $1::timestamptz - $2::float8 * ${MS}`,
    [now, windowMs],
  );
  return (pairs.rowCount ?? 0) + (addresses.rowCount ?? 0);
}

// Subscriptions table: the only place its SQL lives.
import type { Queryable } from '@castbook/platform';
import type { SubscriptionRecord } from '../domain/subscriptions.js';

interface Row {
  user_id: string;
  tier: SubscriptionRecord['tier'];
  status: SubscriptionRecord['status'];
  start_date: Date;
  end_date: Date | null;
  is_trial: boolean;
  payment_reference_id: string | null;
  origin: SubscriptionRecord['origin'];
}

const COLUMNS = 'user_id, tier, status, start_date, end_date, is_trial, payment_reference_id, origin';

function toRecord(r: Row): SubscriptionRecord {
  return {
    userId: r.user_id,
    tier: r.tier,
    status: r.status,
    startDate: r.start_date,
    endDate: r.end_date,
    isTrial: r.is_trial,
    paymentReferenceId: r.payment_reference_id,
    origin: r.origin,
  };
}

/** The user's subscription; `lock` holds the row until the transaction ends. */
export async function findSubscription(
  db: Queryable,
  userId: string,
  lock = false,
): Promise<SubscriptionRecord | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM subscriptions WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] && toRecord(rows[0]);
}

/** Inserts unless the user has one already; answers whether it inserted. */
export async function insertSubscription(db: Queryable, s: SubscriptionRecord, now: Date): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO subscriptions (${COLUMNS}, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (user_id) DO NOTHING`,
    [s.userId, s.tier, s.status, s.startDate, s.endDate, s.isTrial, s.paymentReferenceId, s.origin, now],
  );
  return res.rowCount === 1;
}

export async function replaceSubscription(db: Queryable, s: SubscriptionRecord, now: Date): Promise<void> {
  await db.query(
    `UPDATE subscriptions SET tier = $2, status = $3, start_date = $4, end_date = $5, is_trial = $6,
       payment_reference_id = $7, origin = $8, updated_at = $9
     WHERE user_id = $1`,
    [s.userId, s.tier, s.status, s.startDate, s.endDate, s.isTrial, s.paymentReferenceId, s.origin, now],
  );
}

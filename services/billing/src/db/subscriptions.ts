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
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  provider_status: string | null;
  cancel_at_period_end: boolean;
  payment_failed_at: Date | null;
  trial_used: boolean;
  trial_notice_sent_at: Date | null;
}

const FIELDS = [
  'user_id',
  'tier',
  'status',
  'start_date',
  'end_date',
  'is_trial',
  'payment_reference_id',
  'origin',
  'provider_customer_id',
  'provider_subscription_id',
  'provider_status',
  'cancel_at_period_end',
  'payment_failed_at',
  'trial_used',
  'trial_notice_sent_at',
] as const;
const COLUMNS = FIELDS.join(', ');

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
    providerCustomerId: r.provider_customer_id,
    providerSubscriptionId: r.provider_subscription_id,
    providerStatus: r.provider_status,
    cancelAtPeriodEnd: r.cancel_at_period_end,
    paymentFailedAt: r.payment_failed_at,
    trialUsed: r.trial_used,
    trialNoticeSentAt: r.trial_notice_sent_at,
  };
}

function values(s: SubscriptionRecord): unknown[] {
  return [
    s.userId,
    s.tier,
    s.status,
    s.startDate,
    s.endDate,
    s.isTrial,
    s.paymentReferenceId,
    s.origin,
    s.providerCustomerId,
    s.providerSubscriptionId,
    s.providerStatus,
    s.cancelAtPeriodEnd,
    s.paymentFailedAt,
    s.trialUsed,
    s.trialNoticeSentAt,
  ];
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

/** The user whose provider customer this is, if any. */
export async function userOfCustomer(db: Queryable, customerId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM subscriptions WHERE provider_customer_id = $1',
    [customerId],
  );
  return rows[0]?.user_id;
}

/** The user whose current provider subscription this is, if any. */
export async function userOfProviderSubscription(db: Queryable, subscriptionId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM subscriptions WHERE provider_subscription_id = $1',
    [subscriptionId],
  );
  return rows[0]?.user_id;
}

/** Inserts unless the user has one already; answers whether it inserted. */
export async function insertSubscription(db: Queryable, s: SubscriptionRecord, now: Date): Promise<boolean> {
  const placeholders = FIELDS.map((_, i) => `$${i + 1}`).join(', ');
  const res = await db.query(
    `INSERT INTO subscriptions (${COLUMNS}, created_at, updated_at)
     VALUES (${placeholders}, $${FIELDS.length + 1}, $${FIELDS.length + 1})
     ON CONFLICT (user_id) DO NOTHING`,
    [...values(s), now],
  );
  return res.rowCount === 1;
}

export async function replaceSubscription(db: Queryable, s: SubscriptionRecord, now: Date): Promise<void> {
  const sets = FIELDS.slice(1)
    .map((f, i) => `${f} = $${i + 2}`)
    .join(', ');
  await db.query(`UPDATE subscriptions SET ${sets}, updated_at = $${FIELDS.length + 1} WHERE user_id = $1`, [
    ...values(s),
    now,
  ]);
}

/**
 * Users whose Pro may have run out by `now` (the domain's expiryReason decides, under a lock): a
 * cheap superset, so the sweeper does not read every row.
 */
export async function possiblyExpired(db: Queryable, now: Date, graceMs: number): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM subscriptions
     WHERE tier = 'pro' AND (
       end_date <= $1
       OR payment_failed_at <= $1 - make_interval(secs => $2::double precision / 1000)
     )
     LIMIT 1000`,
    [now, graceMs],
  );
  return rows.map((r) => r.user_id);
}

/**
 * Marks the trial notice as sent for trials ending within `windowMs` of `now` that have not had it,
 * and answers whom to mail. Marking first means a notice goes out at most once, across replicas too.
 */
export async function claimTrialNotices(
  db: Queryable,
  now: Date,
  windowMs: number,
): Promise<Array<{ userId: string; email: string; name: string; endDate: Date }>> {
  const { rows } = await db.query<{ user_id: string; email: string; name: string; end_date: Date }>(
    `UPDATE subscriptions s SET trial_notice_sent_at = $1
     FROM billing_users u
     WHERE u.user_id = s.user_id AND s.tier = 'pro' AND s.is_trial AND s.trial_notice_sent_at IS NULL
       AND NOT s.cancel_at_period_end
       AND s.end_date > $1 AND s.end_date <= $1 + make_interval(secs => $2::double precision / 1000)
     RETURNING s.user_id, u.email, u.name, s.end_date`,
    [now, windowMs],
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.name, endDate: r.end_date }));
}

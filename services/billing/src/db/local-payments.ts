// The local payment provider's tables (migrations/002_payments.sql): the only place their SQL lives.
import type { Queryable } from '@castbook/platform';

export interface LocalCustomer {
  id: string;
  userId: string;
  email: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  cardExp: string | null;
  cardName: string | null;
  cardFails: boolean;
}

export interface LocalSubscription {
  id: string;
  customerId: string;
  userId: string;
  status: string;
  trialEnd: Date | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  createdAt: Date;
}

export interface LocalInvoice {
  id: string;
  number: string;
  customerId: string;
  subscriptionId: string;
  amountCents: number;
  currency: string;
  status: string;
  periodStart: Date;
  periodEnd: Date;
  createdAt: Date;
}

export interface LocalCheckoutSession {
  id: string;
  userId: string;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  trialDays: number;
  status: 'open' | 'complete';
  subscriptionId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface LocalPortalSession {
  id: string;
  customerId: string;
  returnUrl: string;
  expiresAt: Date;
}

const camel = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v]),
  );

export async function insertCheckoutSession(db: Queryable, s: LocalCheckoutSession) {
  await db.query(
    `INSERT INTO local_checkout_sessions
       (id, user_id, email, success_url, cancel_url, trial_days, status, subscription_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      s.id,
      s.userId,
      s.email,
      s.successUrl,
      s.cancelUrl,
      s.trialDays,
      s.status,
      s.subscriptionId,
      s.createdAt,
      s.expiresAt,
    ],
  );
}

export async function findCheckoutSession(db: Queryable, id: string, lock = false) {
  const { rows } = await db.query(`SELECT * FROM local_checkout_sessions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return rows[0] ? (camel(rows[0]) as unknown as LocalCheckoutSession) : undefined;
}

export async function completeCheckoutSession(db: Queryable, id: string, subscriptionId: string) {
  await db.query(`UPDATE local_checkout_sessions SET status = 'complete', subscription_id = $2 WHERE id = $1`, [
    id,
    subscriptionId,
  ]);
}

export async function insertPortalSession(db: Queryable, s: LocalPortalSession) {
  await db.query(
    'INSERT INTO local_portal_sessions (id, customer_id, return_url, expires_at) VALUES ($1, $2, $3, $4)',
    [s.id, s.customerId, s.returnUrl, s.expiresAt],
  );
}

export async function findPortalSession(db: Queryable, id: string) {
  const { rows } = await db.query('SELECT * FROM local_portal_sessions WHERE id = $1', [id]);
  return rows[0] ? (camel(rows[0]) as unknown as LocalPortalSession) : undefined;
}

export async function findCustomer(db: Queryable, id: string) {
  const { rows } = await db.query('SELECT * FROM local_customers WHERE id = $1', [id]);
  return rows[0] ? (camel(rows[0]) as unknown as LocalCustomer) : undefined;
}

export async function findCustomerOfUser(db: Queryable, userId: string) {
  const { rows } = await db.query('SELECT * FROM local_customers WHERE user_id = $1 FOR UPDATE', [userId]);
  return rows[0] ? (camel(rows[0]) as unknown as LocalCustomer) : undefined;
}

export async function insertCustomer(db: Queryable, c: LocalCustomer, now: Date) {
  await db.query(
    `INSERT INTO local_customers (id, user_id, email, card_brand, card_last4, card_exp, card_name, card_fails, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [c.id, c.userId, c.email, c.cardBrand, c.cardLast4, c.cardExp, c.cardName, c.cardFails, now],
  );
}

export async function updateCard(
  db: Queryable,
  customerId: string,
  card: Pick<LocalCustomer, 'cardBrand' | 'cardLast4' | 'cardExp' | 'cardName' | 'cardFails'>,
) {
  await db.query(
    `UPDATE local_customers SET card_brand = $2, card_last4 = $3, card_exp = $4, card_name = $5, card_fails = $6
     WHERE id = $1`,
    [customerId, card.cardBrand, card.cardLast4, card.cardExp, card.cardName, card.cardFails],
  );
}

export async function insertSubscription(db: Queryable, s: LocalSubscription) {
  await db.query(
    `INSERT INTO local_subscriptions (id, customer_id, user_id, status, trial_end, current_period_start,
       current_period_end, cancel_at_period_end, canceled_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      s.id,
      s.customerId,
      s.userId,
      s.status,
      s.trialEnd,
      s.currentPeriodStart,
      s.currentPeriodEnd,
      s.cancelAtPeriodEnd,
      s.canceledAt,
      s.createdAt,
    ],
  );
}

export async function findSubscription(db: Queryable, id: string, lock = false) {
  const { rows } = await db.query(`SELECT * FROM local_subscriptions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? (camel(rows[0]) as unknown as LocalSubscription) : undefined;
}

/** The customer's live subscription (not canceled), if any. */
export async function liveSubscriptionOf(db: Queryable, customerId: string, lock = false) {
  const { rows } = await db.query(
    `SELECT * FROM local_subscriptions WHERE customer_id = $1 AND status <> 'canceled'
     ORDER BY created_at DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [customerId],
  );
  return rows[0] ? (camel(rows[0]) as unknown as LocalSubscription) : undefined;
}

export async function saveSubscription(db: Queryable, s: LocalSubscription) {
  await db.query(
    `UPDATE local_subscriptions SET status = $2, trial_end = $3, current_period_start = $4, current_period_end = $5,
       cancel_at_period_end = $6, canceled_at = $7
     WHERE id = $1`,
    [s.id, s.status, s.trialEnd, s.currentPeriodStart, s.currentPeriodEnd, s.cancelAtPeriodEnd, s.canceledAt],
  );
}

/** Live subscriptions whose period has ended by `now`, locked (others skip them: replicas agree). */
export async function dueSubscriptions(db: Queryable, now: Date) {
  const { rows } = await db.query(
    `SELECT * FROM local_subscriptions
     WHERE status IN ('trialing', 'active', 'past_due') AND current_period_end <= $1
     ORDER BY current_period_end LIMIT 100 FOR UPDATE SKIP LOCKED`,
    [now],
  );
  return rows.map((r) => camel(r) as unknown as LocalSubscription);
}

export async function insertInvoice(db: Queryable, i: Omit<LocalInvoice, 'number'>): Promise<LocalInvoice> {
  const { rows } = await db.query<{ number: string }>(
    `INSERT INTO local_invoices (id, number, customer_id, subscription_id, amount_cents, currency, status,
       period_start, period_end, created_at)
     VALUES ($1, 'CB-' || lpad(nextval('local_invoice_numbers')::text, 6, '0'), $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING number`,
    [
      i.id,
      i.customerId,
      i.subscriptionId,
      i.amountCents,
      i.currency,
      i.status,
      i.periodStart,
      i.periodEnd,
      i.createdAt,
    ],
  );
  return { ...i, number: rows[0]!.number };
}

export async function invoicesOf(db: Queryable, customerId: string) {
  const { rows } = await db.query(
    'SELECT * FROM local_invoices WHERE customer_id = $1 ORDER BY created_at DESC, number DESC LIMIT 100',
    [customerId],
  );
  return rows.map((r) => camel(r) as unknown as LocalInvoice);
}

export async function findInvoice(db: Queryable, id: string) {
  const { rows } = await db.query('SELECT * FROM local_invoices WHERE id = $1', [id]);
  return rows[0] ? (camel(rows[0]) as unknown as LocalInvoice) : undefined;
}

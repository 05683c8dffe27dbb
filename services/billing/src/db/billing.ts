// Billing's other tables: who the users are (from user.registered.v1), storage usage, processed
// webhook events and sales leads. The only place their SQL lives.
import type { Queryable } from '@castbook/platform';

export async function rememberUser(db: Queryable, user: { userId: string; email: string; name: string }) {
  await db.query(
    `INSERT INTO billing_users (user_id, email, name) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name`,
    [user.userId, user.email, user.name],
  );
}

export async function findUser(db: Queryable, userId: string) {
  const { rows } = await db.query<{ email: string; name: string }>(
    'SELECT email, name FROM billing_users WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

/** Keeps the newest figure per user and source; an event older than the stored one changes nothing. */
export async function recordUsage(
  db: Queryable,
  u: { userId: string; source: 'projects' | 'authors'; storageBytes: number; projectCount: number; asOf: Date },
) {
  await db.query(
    `INSERT INTO usage (user_id, source, storage_bytes, project_count, as_of) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, source) DO UPDATE
       SET storage_bytes = EXCLUDED.storage_bytes, project_count = EXCLUDED.project_count, as_of = EXCLUDED.as_of
       WHERE usage.as_of <= EXCLUDED.as_of`,
    [u.userId, u.source, u.storageBytes, u.projectCount, u.asOf],
  );
}

export async function usageOf(db: Queryable, userId: string): Promise<{ projects: number; storageBytes: number }> {
  const { rows } = await db.query<{ projects: string | null; bytes: string | null }>(
    `SELECT sum(project_count) AS projects, sum(storage_bytes) AS bytes FROM usage WHERE user_id = $1`,
    [userId],
  );
  return { projects: Number(rows[0]?.projects ?? 0), storageBytes: Number(rows[0]?.bytes ?? 0) };
}

/** Records a provider event by id; answers false when it was processed before (a replay). */
export async function claimWebhookEvent(db: Queryable, e: { id: string; type: string; created: Date }) {
  const res = await db.query(
    'INSERT INTO webhook_events (id, type, created) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
    [e.id, e.type, e.created],
  );
  return res.rowCount === 1;
}

export async function lastWebhookAt(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>('SELECT max(received_at) AS at FROM webhook_events');
  return rows[0]?.at ?? null;
}

export interface Lead {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  company: string;
  seats: number;
  message: string;
  address: string | null;
}

export async function insertLead(db: Queryable, lead: Lead, now: Date) {
  await db.query(
    `INSERT INTO sales_leads (id, user_id, name, email, company, seats, message, address, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [lead.id, lead.userId, lead.name, lead.email, lead.company, lead.seats, lead.message, lead.address, now],
  );
}

/** Leads from this email, and from this address, since `since`. */
export async function recentLeads(db: Queryable, email: string, address: string | null, since: Date) {
  const { rows } = await db.query<{ by_email: string; by_address: string }>(
    `SELECT count(*) FILTER (WHERE lower(email) = lower($1)) AS by_email,
            count(*) FILTER (WHERE address = $2) AS by_address
     FROM sales_leads WHERE created_at > $3`,
    [email, address, since],
  );
  return { byEmail: Number(rows[0]?.by_email ?? 0), byAddress: Number(rows[0]?.by_address ?? 0) };
}

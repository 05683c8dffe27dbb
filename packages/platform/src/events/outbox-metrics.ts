// Outbox backlog as Prometheus gauges, read from the service's own outbox table at each scrape:
// how many events wait to be published, and how long the oldest has waited. A growing age means the
// relay is not publishing (the bus is down, or no relay holds the lock).
import client from 'prom-client';
import type { Database } from '../db/database.js';

export function registerOutboxMetrics(registry: client.Registry, db: Database): void {
  let last: Promise<{ pending: number; age: number }> | undefined;
  // Both gauges share one query per scrape.
  const read = () =>
    (last ??= db.pool
      .query<{ pending: number; age: number }>(
        `SELECT count(*)::int AS pending,
                coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS age
         FROM outbox WHERE sent_at IS NULL`,
      )
      .then((r) => r.rows[0] ?? { pending: 0, age: 0 })
      .finally(() => setImmediate(() => (last = undefined))));
  new client.Gauge({
    name: 'castbook_outbox_pending_events',
    help: 'Events written to the outbox and not yet published',
    registers: [registry],
    async collect() {
      this.set((await read()).pending);
    },
  });
  new client.Gauge({
    name: 'castbook_outbox_oldest_pending_seconds',
    help: 'Age of the oldest event not yet published (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await read()).age);
    },
  });
}

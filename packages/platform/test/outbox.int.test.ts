// Outbox relay and idempotent consumer on a real PostgreSQL (embedded), with the memory bus.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventEnvelope } from '@castbook/contracts';
import { Database } from '../src/db/database.js';
import { createLogger } from '../src/logging/logger.js';
import { MemoryEventBus } from '../src/events/memory-bus.js';
import { enqueueEvents, newEvent, OutboxRelay } from '../src/events/outbox.js';
import { handleBatchOnce, handleOnce, subscribeIdempotent } from '../src/events/idempotent-consumer.js';
import { createTestDatabase, waitFor } from '@castbook/test-kit';
import { projectEvent } from './project-event.js';

const logger = createLogger('outbox-test', 'silent');
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function freshDb(): Promise<Database> {
  const db = new Database({ url: await createTestDatabase('outbox'), logger });
  cleanups.push(() => db.close());
  await db.migrate();
  await db.query('CREATE TABLE effects (event_id uuid NOT NULL, note text NOT NULL)');
  return db;
}

function bus(): MemoryEventBus {
  const b = new MemoryEventBus();
  cleanups.push(() => b.stop());
  return b;
}

function relay(db: Database, b: MemoryEventBus, extra: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) {
  const r = new OutboxRelay({ db, bus: b, logger, pollIntervalMs: 200, ...extra });
  cleanups.push(() => r.stop({ drainTimeoutMs: 0 }));
  return r;
}

/** The ids a plain 'reader' group receives on projects.events, in arrival order. */
async function readIds(b: MemoryEventBus): Promise<string[]> {
  const got: string[] = [];
  await b.subscribe({ groupId: 'reader', topics: ['projects.events'], handler: async (e) => void got.push(e.id) });
  return got;
}

const unsentRows = async (db: Database) =>
  (await db.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL')).rows[0]!.n as number;

const allMarkedSent = (db: Database, what = 'every row marked sent') =>
  waitFor(async () => (await unsentRows(db)) === 0, what);

describe('newEvent', () => {
  it('builds a validated envelope and refuses a bad payload', () => {
    const e = projectEvent('p1', 10);
    expect(e).toMatchObject({ type: 'project.updated.v1', version: 1, key: 'p1', userId: 'user-1', metadata: {} });
    expect(e.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(e.occurredAt)).toBeGreaterThan(Date.now() - 5000);
    expect(() => newEvent('project.updated.v1', 'p1', null, { projectId: 'p1' } as never)).toThrow();
  });
});

describe('outbox relay', () => {
  it('publishes committed events in order and never one from a rolled-back transaction', async () => {
    const db = await freshDb();
    const b = bus();
    const got: EventEnvelope[] = [];
    await b.subscribe({ groupId: 'reader', topics: ['projects.events'], handler: async (e) => void got.push(e) });
    relay(db, b).start();

    const doomed = projectEvent('p1', 0);
    await expect(
      db.transaction(async (tx) => {
        await enqueueEvents(tx, [doomed]);
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');

    const committed = Array.from({ length: 5 }, (_, i) => projectEvent('p1', i + 1));
    for (const e of committed) await db.transaction((tx) => enqueueEvents(tx, [e]));
    // A later event of another topic, enqueued with an explicit topic.
    const custom: EventEnvelope = { ...projectEvent('p1', 99), type: 'custom.happened.v1' };
    await db.transaction((tx) => enqueueEvents(tx, [{ event: custom, topic: 'custom.events' }]));

    await waitFor(() => got.length >= 5, 'five events published', 10_000);
    expect(got.map((e) => e.id)).toEqual(committed.map((e) => e.id));
    await allMarkedSent(db);
    const rows = await db.query('SELECT event_id, topic FROM outbox ORDER BY position');
    expect(rows.rows.map((r) => r.event_id)).toEqual([...committed.map((e) => e.id), custom.id]);
    expect(rows.rows.at(-1)!.topic).toBe('custom.events');
    expect(got.some((e) => e.id === doomed.id)).toBe(false);
  });

  it('drains a backlog batch after batch in order, reading the next batch while one is published', async () => {
    const db = await freshDb();
    const b = bus();
    const got = await readIds(b);
    const events = Array.from({ length: 40 }, (_, i) => projectEvent('p-backlog', i));
    await db.transaction((tx) => enqueueEvents(tx, events));
    // Each publish is slow and notes what was already marked sent meanwhile.
    const publishedBatches: string[][] = [];
    const slow = Object.create(b) as MemoryEventBus;
    slow.publish = async (records) => {
      publishedBatches.push(records.map((r) => r.event.id));
      await new Promise((r) => setTimeout(r, 20));
      return b.publish(records);
    };
    relay(db, slow, { batchSize: 7 }).start();

    await waitFor(() => got.length === 40, 'all 40 events', 10_000);
    expect(got).toEqual(events.map((e) => e.id));
    // No event went out twice: the read that overlapped a publish left that publish's rows out.
    expect(publishedBatches.flat()).toEqual(events.map((e) => e.id));
    expect(publishedBatches.map((batch) => batch.length)).toEqual([7, 7, 7, 7, 7, 5]);
    await allMarkedSent(db);
  });

  it('marks only what was published when a publish fails in the middle of a backlog, and resumes in order', async () => {
    const db = await freshDb();
    const b = bus();
    const got = await readIds(b);
    const events = Array.from({ length: 20 }, (_, i) => projectEvent('p-fail', i));
    await db.transaction((tx) => enqueueEvents(tx, events));
    let publishes = 0;
    const flaky = Object.create(b) as MemoryEventBus;
    flaky.publish = async (records) => {
      if (++publishes === 3) throw new Error('broker hiccup');
      return b.publish(records);
    };
    relay(db, flaky, { batchSize: 5, maxBackoffMs: 50 }).start();

    await waitFor(() => got.length === 20, 'all 20 events', 10_000);
    // The third batch failed before reaching the bus, so every event arrives once, in order.
    expect(got).toEqual(events.map((e) => e.id));
    await allMarkedSent(db);
  });

  it('refuses an event type that is not in the contracts without an explicit topic', async () => {
    const db = await freshDb();
    const odd: EventEnvelope = { ...projectEvent('p1', 1), type: 'unknown.thing.v1' };
    await expect(db.transaction((tx) => enqueueEvents(tx, [odd]))).rejects.toThrow(/not in the contracts/);
  });

  it('lets only one relay per database be active, and a standby takes over', async () => {
    const db = await freshDb();
    const b = bus();
    const first = relay(db, b);
    const second = relay(db, b);
    first.start();
    await waitFor(() => first.isActive, 'the first relay to become active');
    second.start();
    const got = await readIds(b);
    const e1 = projectEvent('p2', 1);
    await db.transaction((tx) => enqueueEvents(tx, [e1]));
    await waitFor(() => got.includes(e1.id), 'e1 published');
    expect(second.isActive).toBe(false);
    // The standby heard e1's notification too; it still only tries the lock at its poll interval.
    const queries = vi.spyOn(pg.Client.prototype, 'query');
    cleanups.push(async () => queries.mockRestore());
    await new Promise((r) => setTimeout(r, 1000));
    const lockTries = queries.mock.calls.filter(([q]) => String(q).includes('pg_try_advisory_lock')).length;
    expect(lockTries).toBeGreaterThanOrEqual(2);
    expect(lockTries).toBeLessThanOrEqual(8);

    await first.stop();
    await waitFor(() => second.isActive, 'the standby to take over', 10_000);
    const e2 = projectEvent('p2', 2);
    await db.transaction((tx) => enqueueEvents(tx, [e2]));
    await waitFor(() => got.includes(e2.id), 'e2 published by the standby');
    expect(got).toEqual([e1.id, e2.id]);
  });

  it('keeps rows while the bus is down and publishes them once it is back', async () => {
    const db = await freshDb();
    const b = bus();
    let down = true;
    const flaky = Object.create(b) as MemoryEventBus;
    let failedPublishes = 0;
    flaky.publish = async (records) => {
      if (down) {
        failedPublishes++;
        throw new Error('broker unreachable');
      }
      return b.publish(records);
    };
    const got = await readIds(b);
    relay(db, flaky, { maxBackoffMs: 200 }).start();
    const e = projectEvent('p3', 1);
    await db.transaction((tx) => enqueueEvents(tx, [e]));
    await waitFor(() => failedPublishes >= 2, 'the relay to retry');
    down = false;
    await waitFor(() => got.includes(e.id), 'the event after the bus came back', 10_000);
  });

  it('republishes a batch whose relay stopped between publish and mark-sent; the consumer applies it once', async () => {
    const db = await freshDb();
    const b = bus();
    // Every copy the relay publishes, seen by a plain (non-idempotent) group.
    const published: string[] = [];
    await b.subscribe({
      groupId: 'audit',
      topics: ['projects.events'],
      handler: async (e) => void published.push(e.id),
    });
    const effectRuns: string[] = [];
    await subscribeIdempotent(b, db, {
      groupId: 'effects',
      topics: ['projects.events'],
      handlers: {
        'project.updated.v1': async (event, tx) => {
          effectRuns.push(event.id);
          await tx.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, event.payload.title]);
        },
      },
    });
    // The seen-but-ignored path: an event type without a handler changes nothing.
    const ignored = newEvent('project.deleted.v1', 'p4', 'user-1', { ...projectEvent('p4', 1).payload });

    let crashed = 0;
    const crashing = relay(db, b, {
      maxBackoffMs: 60_000,
      testHookAfterPublishBeforeMarkSent: () => {
        crashed++;
        throw new Error('simulated crash after publish');
      },
    });
    const events = [projectEvent('p4', 1), projectEvent('p4', 2), ignored];
    await db.transaction((tx) => enqueueEvents(tx, events));
    crashing.start();
    await waitFor(() => crashed === 1, 'the relay to publish and "crash"');
    await crashing.stop({ drainTimeoutMs: 0 });
    expect(await unsentRows(db)).toBe(3);

    relay(db, b).start();
    await allMarkedSent(db, 'the second relay to mark the rows sent');
    const handled = events.slice(0, 2).map((e) => e.id);
    const all = events.map((e) => e.id);
    await waitFor(() => all.every((id) => published.filter((d) => d === id).length === 2), 'two copies of each');
    // The idempotent group has handled both copies once its records are in handled_events ...
    await waitFor(
      async () =>
        (await db.query("SELECT count(*)::int AS n FROM handled_events WHERE consumer_group = 'effects'")).rows[0]!
          .n === 2,
      'the idempotent consumer to handle the events',
    );
    // ... and the memory bus handles a partition in order, so once the audit group saw the second copies
    // the effects group gets them too; wait for its offsets to pass them before judging.
    const marker = projectEvent('p4', 3);
    await db.transaction((tx) => enqueueEvents(tx, [marker]));
    await waitFor(() => effectRuns.includes(marker.id), 'the marker after the duplicates');
    expect(effectRuns.filter((id) => id !== marker.id).sort()).toEqual([...handled].sort());
    const effects = await db.query('SELECT event_id FROM effects WHERE event_id <> $1 ORDER BY event_id', [marker.id]);
    expect(effects.rows.map((r) => r.event_id)).toEqual([...handled].sort());
    const recorded = await db.query(
      "SELECT event_id FROM handled_events WHERE consumer_group = 'effects' AND event_id <> $1",
      [marker.id],
    );
    expect(recorded.rows.map((r) => r.event_id).sort()).toEqual([...handled].sort());
  });
});

describe('handleOnce', () => {
  it('applies an effect once however often, and however concurrently, the event arrives', async () => {
    const db = await freshDb();
    const event = { id: randomUUID() };
    const effect = (tx: { query: Database['query'] }) =>
      tx.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, 'x']).then(() => undefined);
    const results = await Promise.all([1, 2, 3, 4].map(() => handleOnce(db, 'g1', event, effect)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await handleOnce(db, 'g1', event, effect)).toBe(false);
    // Another group has its own record of what it handled.
    expect(await handleOnce(db, 'g2', event, effect)).toBe(true);
    const n = await db.query('SELECT count(*)::int AS n FROM effects WHERE event_id = $1', [event.id]);
    expect(n.rows[0]!.n).toBe(2);
  });

  it('applies a batch in one transaction, skipping events already handled, all or nothing', async () => {
    const db = await freshDb();
    const events = [randomUUID(), randomUUID(), randomUUID()].map((id) => ({ id }));
    const insert = (event: { id: string }, tx: { query: Database['query'] }) =>
      tx.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, 'batch']).then(() => undefined);
    expect(await handleOnce(db, 'g1', events[1]!, (tx) => insert(events[1]!, tx))).toBe(true);
    await expect(
      handleBatchOnce(db, 'g1', events, async (event, tx) => {
        await insert(event, tx);
        if (event === events[2]) throw new Error('third effect failed');
      }),
    ).rejects.toThrow('third effect failed');
    expect((await db.query('SELECT count(*)::int AS n FROM effects')).rows[0]!.n).toBe(1);
    const applied = await handleBatchOnce(db, 'g1', events, insert);
    expect(applied).toEqual([events[0], events[2]]);
    const n = await db.query('SELECT count(*)::int AS n FROM effects');
    expect(n.rows[0]!.n).toBe(3);
    expect(await handleBatchOnce(db, 'g1', events, insert)).toEqual([]);
  });

  it('records nothing when the effect fails, so a redelivery applies it', async () => {
    const db = await freshDb();
    const event = { id: randomUUID() };
    await expect(
      handleOnce(db, 'g1', event, async (tx) => {
        await tx.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, 'half']);
        throw new Error('effect failed');
      }),
    ).rejects.toThrow('effect failed');
    expect(
      await handleOnce(db, 'g1', event, async (tx) => {
        await tx.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, 'whole']);
      }),
    ).toBe(true);
    const rows = await db.query('SELECT note FROM effects WHERE event_id = $1', [event.id]);
    expect(rows.rows).toEqual([{ note: 'whole' }]);
  });
});

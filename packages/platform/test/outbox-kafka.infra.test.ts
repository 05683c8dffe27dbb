// Outbox → Kafka → idempotent consumer across real processes: a consumer in another process gets an
// event committed through the outbox; a relay killed between publish and mark-sent republishes and
// the effect still happens once; what a consumer killed before committing its offsets had handled is
// redelivered to the next member and still applied once; a failing consumer is retried and
// dead-lettered without blocking.
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterEach, expect, inject, it } from 'vitest';
import type { EventEnvelope } from '@castbook/contracts';
import { Database } from '../src/db/database.js';
import { createLogger } from '../src/logging/logger.js';
import { KafkaEventBus } from '../src/events/kafka-bus.js';
import { enqueueEvents, OutboxRelay } from '../src/events/outbox.js';
import { subscribeIdempotent } from '../src/events/idempotent-consumer.js';
import { DEAD_LETTER_METADATA, deadLetterTopic } from '../src/events/delivery.js';
import { createTestDatabase, infraDescribe, waitFor } from '@castbook/test-kit';
import { startChild, type Child } from './fixtures/child.js';
import { projectEvent } from './project-event.js';

const logger = createLogger('outbox-kafka-test', 'silent');
const RELAY_EXIT_CODE = 75;

infraDescribe('outbox through Kafka', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function setup() {
    const url = await createTestDatabase('outbox_kafka');
    const db = new Database({ url, logger });
    cleanups.push(() => db.close());
    await db.migrate();
    await db.query('CREATE TABLE effects (event_id uuid NOT NULL, note text NOT NULL)');
    const bus = new KafkaEventBus({ brokers: inject('kafkaBrokers').split(','), logger });
    cleanups.push(() => bus.stop());
    const topic = `outbox.${randomUUID().slice(0, 8)}`;
    await bus.start([topic]);
    const childEnv = { DATABASE_URL: url, KAFKA_BROKERS: inject('kafkaBrokers'), TOPIC: topic };
    const child = (env: Record<string, string>): Child => {
      const c = startChild({ ...childEnv, ...env });
      cleanups.push(() => c.stop());
      return c;
    };
    const enqueue = (events: EventEnvelope[]) =>
      db.transaction((tx) =>
        enqueueEvents(
          tx,
          events.map((event) => ({ event, topic })),
        ),
      );
    const count = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0]!.n as number;
    return { db, bus, topic, child, enqueue, count };
  }

  it('delivers an event committed through the outbox to a consumer in another process', async () => {
    const { db, bus, child, enqueue, count } = await setup();
    const consumer = child({ CHILD_MODE: 'consume', GROUP_ID: `child-${randomUUID()}` });
    await waitFor(() => consumer.lines.some((l) => l.ready), 'the consumer process to start', 60_000);

    const relay = new OutboxRelay({ db, bus, logger });
    relay.start();
    cleanups.push(() => relay.stop());
    const event = projectEvent('p-cross', 1);
    await enqueue([event]);

    // The child prints inside its transaction, so wait for the committed row, not only the line.
    await waitFor(() => consumer.lines.some((l) => l.received === event.id), 'the other process to print it', 60_000);
    const effect = () => db.query('SELECT note FROM effects WHERE event_id = $1', [event.id]);
    await waitFor(async () => (await effect()).rows.length > 0, 'the effect to be committed', 60_000);
    expect((await effect()).rows).toEqual([{ note: `pid ${consumer.process.pid}` }]);
    expect(consumer.process.pid).not.toBe(process.pid);
    expect(await count('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL')).toBe(0);
  });

  it('republishes after the relay process dies between publish and mark-sent; the effect happens once', async () => {
    const { db, bus, topic, child, enqueue, count } = await setup();
    // Every copy on the topic, as a plain (non-idempotent) group sees it.
    const copies: string[] = [];
    const audit = await bus.subscribe({
      groupId: `audit-${topic}`,
      topics: [topic],
      handler: async (e) => void copies.push(e.id),
    });
    cleanups.push(() => audit.stop());
    const applied: string[] = [];
    const consumer = await subscribeIdempotent(bus, db, {
      groupId: `effects-${topic}`,
      topics: [topic],
      handlers: {
        'project.updated.v1': async (event, tx) => {
          applied.push(event.id);
          await tx.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, 'applied']);
        },
      },
    });
    cleanups.push(() => consumer.stop());

    const events = [projectEvent('p-crash', 1), projectEvent('p-crash', 2), projectEvent('p-crash', 3)];
    await enqueue(events);
    const dying = child({ CHILD_MODE: 'relay', CASTBOOK_TEST_RELAY_EXIT_AFTER_PUBLISH: '1' });
    expect(await dying.exited).toBe(RELAY_EXIT_CODE);
    expect(dying.lines.find((l) => l.publishedThenExiting)?.publishedThenExiting).toEqual(events.map((e) => e.id));
    expect(await count('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL')).toBe(3);

    const restarted = child({ CHILD_MODE: 'relay' });
    await waitFor(
      async () => (await count('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL')) === 0,
      'the restarted relay to mark the rows sent',
      60_000,
    );
    await restarted.stop();
    const ids = events.map((e) => e.id);
    await waitFor(() => ids.every((id) => copies.filter((c) => c === id).length === 2), 'two copies of each', 60_000);

    // A marker with the same key follows the copies in their partition: once it is applied, the
    // idempotent group has been through the duplicates too.
    const marker = projectEvent('p-crash', 4);
    const relay = new OutboxRelay({ db, bus, logger });
    relay.start();
    cleanups.push(() => relay.stop());
    await enqueue([marker]);
    await waitFor(() => applied.includes(marker.id), 'the marker to be applied', 60_000);
    expect(applied.filter((id) => id !== marker.id)).toEqual(ids);
    expect(await count('SELECT count(*)::int AS n FROM effects WHERE event_id = ANY($1::uuid[])', [ids])).toBe(3);
    expect(await count('SELECT count(*)::int AS n FROM handled_events WHERE event_id = ANY($1::uuid[])', [ids])).toBe(
      3,
    );
  });

  it('redelivers what a killed consumer handled but had not committed; the effect happens once', async () => {
    const { db, bus, topic, child, enqueue, count } = await setup();
    const groupId = `killed-${topic}`;
    const relay = new OutboxRelay({ db, bus, logger });
    relay.start();
    cleanups.push(() => relay.stop());
    // The first member commits its offsets only every 10 minutes: when it dies, none are committed.
    const first = child({ CHILD_MODE: 'consume', GROUP_ID: groupId, COMMIT_INTERVAL_MS: '600000' });
    await waitFor(() => first.lines.some((l) => l.ready), 'the first consumer process to start', 60_000);
    const events = Array.from({ length: 6 }, (_, i) => projectEvent(`p-killed-${i}`, i));
    await enqueue(events);
    const ids = events.map((e) => e.id);
    await waitFor(
      () => ids.every((id) => first.lines.some((l) => l.received === id)),
      'the first consumer to apply all six',
      60_000,
    );
    // Killed only once its transactions have committed: the point is offsets not yet committed.
    await waitFor(
      async () => (await count('SELECT count(*)::int AS n FROM effects WHERE event_id = ANY($1::uuid[])', [ids])) === 6,
      'the first consumer to commit all six effects',
      60_000,
    );
    first.process.kill('SIGKILL');
    await first.exited;

    const admin = new Kafka({ brokers: inject('kafkaBrokers').split(','), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    cleanups.push(() => admin.disconnect());
    const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
    expect(offsets!.partitions.every((p) => p.offset === '-1')).toBe(true); // nothing committed

    // The next member starts from the beginning, so it reads the six again; the idempotent consumer
    // skips them, and a later event is applied as usual.
    const second = child({ CHILD_MODE: 'consume', GROUP_ID: groupId });
    const marker = projectEvent('p-killed-0', 99);
    await enqueue([marker]);
    await waitFor(
      () => second.lines.some((l) => l.received === marker.id),
      'the second consumer to apply the marker',
      60_000,
    );
    expect(second.lines.filter((l) => l.received).map((l) => l.received)).toEqual([marker.id]);
    expect(await count('SELECT count(*)::int AS n FROM effects WHERE event_id = ANY($1::uuid[])', [ids])).toBe(6);
    const markerEffects = () => count('SELECT count(*)::int AS n FROM effects WHERE event_id = $1', [marker.id]);
    await waitFor(async () => (await markerEffects()) > 0, 'the marker effect to be committed', 60_000);
    expect(await markerEffects()).toBe(1);
  });

  it('retries a failing consumer, then dead-letters its event without blocking the others', async () => {
    const { db, bus, topic, enqueue, count } = await setup();
    const attempts: number[] = [];
    const group = `failing-${topic}`;
    const consumer = await subscribeIdempotent(bus, db, {
      groupId: group,
      topics: [topic],
      maxAttempts: 3,
      retryBaseDelayMs: 200,
      handlers: {
        'project.updated.v1': async (event, tx) => {
          if (event.key === 'poison') {
            attempts.push(Date.now());
            throw new Error('poison pill');
          }
          await tx.query('INSERT INTO effects (event_id, note) VALUES ($1, $2)', [event.id, 'ok']);
        },
      },
    });
    cleanups.push(() => consumer.stop());
    const dead: EventEnvelope[] = [];
    const dlq = await bus.subscribe({
      groupId: `dlq-${topic}`,
      topics: [deadLetterTopic(topic)],
      handler: async (e) => void dead.push(e),
    });
    cleanups.push(() => dlq.stop());
    const relay = new OutboxRelay({ db, bus, logger });
    relay.start();
    cleanups.push(() => relay.stop());

    const poison = projectEvent('poison', 0);
    const good = Array.from({ length: 20 }, (_, i) => projectEvent(`good-${i}`, i));
    await enqueue([poison, ...good]);

    await waitFor(() => dead.length === 1, 'the poison in the dead-letter topic', 60_000);
    await waitFor(
      async () => (await count("SELECT count(*)::int AS n FROM effects WHERE note = 'ok'")) === 20,
      'every good event applied',
      60_000,
    );
    // Three counted attempts, plus the batched try (with the poison's neighbours) that preceded them.
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(dead[0]).toMatchObject({
      id: poison.id,
      metadata: {
        [DEAD_LETTER_METADATA.attempts]: '3',
        [DEAD_LETTER_METADATA.group]: group,
        [DEAD_LETTER_METADATA.error]: 'poison pill',
      },
    });
    // The failed attempts left nothing behind: no effect, no handled record.
    expect(await count('SELECT count(*)::int AS n FROM handled_events WHERE event_id = $1', [poison.id])).toBe(0);
    // Good events of other partitions did not wait for the poison's retries (~600 ms of backoff).
    const firstGoodApplied = await db.query<{ t: Date }>(
      "SELECT min(h.handled_at) AS t FROM handled_events h JOIN effects e USING (event_id) WHERE e.note = 'ok'",
    );
    expect(firstGoodApplied.rows[0]!.t.getTime()).toBeLessThan(attempts.at(-1)!);
  });
});

// Benchmark of the event path: outbox → relay → bus → consumer with handleOnce, on Kafka (started
// by the infra harness) and on the memory bus. Prints events/s and publish-to-handle latency
// (handled time − occurredAt). Figures only: it never fails on time.
//
//   npm run bench -w packages/platform
// Knobs (environment): BENCH_EVENTS (20000), BENCH_WRITERS (4), BENCH_TX_EVENTS (20),
// BENCH_PARTITIONS (Kafka topic partitions, 6), BENCH_CONCURRENCY (partitions a consumer handles at
// once; default: all), BENCH_STAGES=1 (print when enqueue, relay and handling finished),
// BENCH_KAFKA_ONLY=1.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { EventEnvelope } from '@castbook/contracts';
import { Database, ensureDatabase } from '../src/db/database.js';
import { createLogger } from '../src/logging/logger.js';
import type { EventBus } from '../src/events/event-bus.js';
import { KafkaEventBus } from '../src/events/kafka-bus.js';
import { MemoryEventBus } from '../src/events/memory-bus.js';
import { enqueueEvents, newEvent, OutboxRelay } from '../src/events/outbox.js';
import { handleBatchOnce, handleOnce } from '../src/events/idempotent-consumer.js';
// The infra harness's starters (re-exported by test-support/infra-setup.ts; canonical module here).
import { findInstall, startInfra } from '../../../infra/scripts/lib/index.js';

const N = Number(process.env.BENCH_EVENTS ?? 20_000);
/** Events per enqueueing transaction, and transactions in flight at once. */
const TX_EVENTS = Number(process.env.BENCH_TX_EVENTS ?? 20);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
/** Rate of the latency run: steady load well below capacity, as latency under backlog means nothing. */
const PACED_RATE = 2_000;
const PACED_SECONDS = 5;

const logger = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');

interface Result {
  events: number;
  seconds: number;
  latencies: number[];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function print(label: string, r: Result): void {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const rate = Math.round(r.events / r.seconds);
  console.log(
    `${label.padEnd(44)} ${String(rate).padStart(7)} events/s   p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms   ` +
      `p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms   (${r.events} events)`,
  );
}

function benchEvent(i: number): EventEnvelope {
  const projectId = `project-${i % 64}`;
  return newEvent('project.updated.v1', projectId, 'user-1', {
    projectId,
    userId: 'user-1',
    authorId: null,
    title: 'Benchmark',
    contentVersion: i,
    wordCount: i,
  });
}

/** One full pipeline run on a fresh database: `total` events, enqueued by `pace` (or flat out). */
async function runPipeline(bus: EventBus, adminUrl: string, total: number, ratePerSecond?: number): Promise<Result> {
  const url = new URL(adminUrl);
  url.pathname = `/bench_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await ensureDatabase(url.toString());
  const db = new Database({ url: url.toString(), logger, max: 20 });
  await db.migrate();
  const topic = `bench.${randomUUID().slice(0, 8)}`;
  await bus.start([topic]);

  const latencies: number[] = [];
  let handled = 0;
  let allHandled: () => void = () => undefined;
  const done = new Promise<void>((r) => (allHandled = r));
  // Receipt is the handled_events row written by handleOnce / handleBatchOnce (what subscribeIdempotent
  // does); latency is taken once that transaction has committed.
  const received = (events: EventEnvelope[]) => {
    const now = Date.now();
    for (const event of events) {
      if (event.type === 'warmup') continue;
      latencies.push(now - Date.parse(event.occurredAt));
      if (++handled === total) allHandled();
    }
  };
  const sub = await bus.subscribe({
    groupId: `bench-${topic}`,
    topics: [topic],
    batch: {
      maxSize: 200,
      handler: async (records) =>
        received(
          await handleBatchOnce(
            db,
            'bench',
            records.map((r) => r.event),
            async () => undefined,
          ),
        ),
    },
    handler: async (event) => {
      if (await handleOnce(db, 'bench', event, async () => undefined)) received([event]);
    },
  });
  const relay = new OutboxRelay({ db, bus, logger });
  relay.start();

  // Warm-up: the consumer group has joined and every connection is open before the clock starts.
  const warm = { ...benchEvent(0), type: 'warmup' };
  await db.transaction((tx) => enqueueEvents(tx, [{ event: warm, topic }]));
  const warmDeadline = Date.now() + 60_000;
  while ((await db.query('SELECT 1 FROM handled_events WHERE event_id = $1', [warm.id])).rowCount === 0) {
    if (Date.now() > warmDeadline) throw new Error('warm-up event not handled within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }

  const started = performance.now();
  let next = 0;
  const writer = async () => {
    while (next < total) {
      const from = next;
      next = Math.min(total, next + TX_EVENTS);
      if (ratePerSecond) {
        const due = started + (from / ratePerSecond) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      const events = Array.from({ length: next - from }, (_, k) => ({ event: benchEvent(from + k), topic }));
      await db.transaction((tx) => enqueueEvents(tx, events));
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const enqueuedAt = performance.now();
  // When the relay has marked everything sent (BENCH_STAGES=1 prints the stages).
  let relayedAt = NaN;
  let finished = false;
  const relayWatch = (async () => {
    while (!finished && Number.isNaN(relayedAt)) {
      const pending = await db.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
      if (pending.rows[0]!.n === 0) relayedAt = performance.now();
      else await new Promise((r) => setTimeout(r, 10));
    }
  })();
  await done;
  const seconds = (performance.now() - started) / 1000;
  finished = true;
  await relayWatch;
  if (process.env.BENCH_STAGES) {
    const s = (t: number) => ((t - started) / 1000).toFixed(2);
    console.log(`  stages: enqueued ${s(enqueuedAt)} s, relayed ${s(relayedAt)} s, handled ${seconds.toFixed(2)} s`);
  }

  await relay.stop();
  await sub.stop();
  await db.close();
  return { events: total, seconds, latencies };
}

/** The bus alone: publish to one consumer, no database. */
async function rawMemoryBus(total: number, ratePerSecond?: number): Promise<Result> {
  const bus = new MemoryEventBus();
  await bus.start(['raw']);
  const latencies: number[] = [];
  let count = 0;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((r) => (finish = r));
  await bus.subscribe({
    groupId: 'raw',
    topics: ['raw'],
    handler: async (e) => {
      latencies.push(Date.now() - Date.parse(e.occurredAt));
      if (++count === total) finish();
    },
  });
  const started = performance.now();
  const chunk = ratePerSecond ? Math.max(1, Math.round(ratePerSecond / 200)) : 500;
  for (let i = 0; i < total; i += chunk) {
    if (ratePerSecond) {
      const wait = started + (i / ratePerSecond) * 1000 - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await bus.publish(
      Array.from({ length: Math.min(chunk, total - i) }, (_, k) => ({ topic: 'raw', event: benchEvent(i + k) })),
    );
  }
  await done;
  await bus.stop();
  return { events: total, seconds: (performance.now() - started) / 1000, latencies };
}

async function main(): Promise<void> {
  const install = findInstall();
  if (install.missing) {
    console.log(`Kafka benchmark skipped: ${install.missing}`);
  }
  console.log(
    `events bench: ${N} events, transactions of ${TX_EVENTS} events from ${WRITERS} writers; ` +
      `latency run paced at ${PACED_RATE} events/s for ${PACED_SECONDS} s\n`,
  );
  const infra = await startInfra({ minio: false, kafka: install.missing ? false : {} });
  try {
    const adminUrl = infra.postgres!.adminUrl;
    if (infra.kafka) {
      const partitions = Number(process.env.BENCH_PARTITIONS ?? 6);
      const concurrency = process.env.BENCH_CONCURRENCY ? Number(process.env.BENCH_CONCURRENCY) : undefined;
      const kafka = new KafkaEventBus({
        brokers: infra.kafka.brokers.split(','),
        logger,
        partitions,
        partitionsConsumedConcurrently: concurrency,
      });
      try {
        print('outbox → Kafka → handleOnce, flat out', await runPipeline(kafka, adminUrl, N));
        print(
          `outbox → Kafka → handleOnce, ${PACED_RATE}/s`,
          await runPipeline(kafka, adminUrl, PACED_RATE * PACED_SECONDS, PACED_RATE),
        );
      } finally {
        await kafka.stop();
      }
    }
    if (process.env.BENCH_KAFKA_ONLY) return;
    const memory = new MemoryEventBus();
    print('outbox → memory bus → handleOnce, flat out', await runPipeline(memory, adminUrl, N));
    print(
      `outbox → memory bus → handleOnce, ${PACED_RATE}/s`,
      await runPipeline(memory, adminUrl, PACED_RATE * PACED_SECONDS, PACED_RATE),
    );
    await memory.stop();
    print('memory bus alone (publish → handler), flat out', await rawMemoryBus(N * 5));
    print('memory bus alone, 10000/s', await rawMemoryBus(50_000, 10_000));
  } finally {
    await infra.stop();
    if (infra.dataDir) await rm(infra.dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

await main();

// Benchmark of the event path: outbox → relay → bus → consumer with handleOnce, on Kafka (started
// by the infra harness) and on the memory bus. Prints events/s and publish-to-handle latency: from
// the writer's COMMIT request to the commit of the consumer's handled_events row (and, second, from
// the event's creation, which adds the writer's own transaction). Figures only: it never fails on time.
//
// The writers and the relay (the producing service) run in this process; on Kafka the consumer (the
// consuming service) runs in a process of its own, as in distributed mode. Three runs per bus:
// - backlog drained: every event is enqueued first, then the relay, bus and consumer drain them:
//   the path's capacity, with no writer competing for the CPU;
// - writers flat out: writers enqueue as fast as they can while the path runs (its latency is
//   mostly queueing behind the writers);
// - paced: writers offer a steady rate, by default 5,000 events/s for 10 s: the latency at the aim
//   for a 2-core machine (≥ 5,000 events/s with p95 < 100 ms).
// The Kafka runs follow a minute of load at 3,000 events/s, so the new broker's JIT has settled.
// A run during which PostgreSQL checkpointed says so: a checkpoint's writes show in the tail.
//
//   npm run bench -w packages/platform
// Knobs (environment): BENCH_EVENTS (backlog and flat-out runs, 40000), BENCH_RATE (paced run,
// 5000 events/s), BENCH_SECONDS (paced run, 10), BENCH_WRITERS (4), BENCH_TX_EVENTS (20),
// BENCH_WARMUP_SECONDS (60; 0 skips it), BENCH_PARTITIONS (Kafka topic partitions, 6), BENCH_CONCURRENCY (partitions a consumer handles at
// once; default: all), BENCH_STAGES=1 (print when enqueue, relay and handling finished),
// BENCH_KAFKA_ONLY=1.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { rm } from 'node:fs/promises';
import type { EventEnvelope } from '@castbook/contracts';
import { Database, ensureDatabase } from '../src/db/database.js';
import { createLogger } from '../src/logging/logger.js';
import type { EventBus } from '../src/events/event-bus.js';
import { KafkaEventBus } from '../src/events/kafka-bus.js';
import { MemoryEventBus } from '../src/events/memory-bus.js';
import { enqueueEvents, newEvent, OutboxRelay } from '../src/events/outbox.js';
import { startBenchConsumer, WARMUP_TYPE, type Consumed } from './bench-consumer.js';
// The infra harness's starters (the ones the infra test tier uses).
import { findInstall, startInfra } from '@castbook/test-kit/servers';

const N = Number(process.env.BENCH_EVENTS ?? 40_000);
/** Events per enqueueing transaction, and transactions in flight at once. */
const TX_EVENTS = Number(process.env.BENCH_TX_EVENTS ?? 20);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
/** The latency run: a steady load below capacity, as latency behind a backlog measures the backlog. */
const PACED_RATE = Number(process.env.BENCH_RATE ?? 5_000);
const PACED_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Load before the Kafka figures, not counted. A broker the bench has just started spends its first
 * minute JIT-compiling: measured, its C2 compiler threads took 10 s of CPU in the first 60 s of load
 * (more than the broker's request threads) and under 0.1 s per 10 s after 80 s. A production broker
 * is long past that, so the figures are taken after it.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 60);
const WARMUP_RATE = 3_000;

const logger = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');

interface Result {
  events: number;
  seconds: number;
  /** Publish to handle: from the writer's COMMIT request to the consumer's commit, ms. */
  latencies: number[];
  /** From the event's creation (occurredAt), so including the writer's own transaction, ms. */
  sinceCreated?: number[];
  /** PostgreSQL checkpoints that ran during the run. */
  checkpoints?: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function print(label: string, r: Result, { latency = true } = {}): void {
  const rate = Math.round(r.events / r.seconds);
  // A drained backlog's latencies are the time spent waiting in it: only its rate means something.
  const figures = latency ? percentiles(r.latencies) : '(its latency is time in the backlog)'.padEnd(53);
  const checkpoints = r.checkpoints ? `, ${r.checkpoints} checkpoint${r.checkpoints > 1 ? 's' : ''} during it` : '';
  console.log(
    `${label.padEnd(48)} ${String(rate).padStart(7)} events/s   ${figures}   (${r.events} events${checkpoints})`,
  );
  if (latency && r.sinceCreated) {
    console.log(`${'  from event creation (+ the writer transaction)'.padEnd(65)}${percentiles(r.sinceCreated)}`);
  }
}

function percentiles(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return [50, 95, 99].map((p) => `p${p} ${percentile(sorted, p).toFixed(1).padStart(7)} ms`).join('   ');
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

/**
 * How a run offers its events: 'backlog' enqueues them all while the relay is stopped and times the
 * relay, Kafka and consumer draining them (the path's capacity, with no writer competing for the
 * CPU); 'flat out' has the writers enqueue as fast as they can while the path runs; a number paces
 * the writers at that many events per second.
 */
type Load = 'backlog' | 'flat out' | number;

/** Checkpoints the server has run (PostgreSQL 17's pg_stat_checkpointer). */
async function checkpointCount(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT (num_timed + num_requested)::int AS n FROM pg_stat_checkpointer',
  );
  return rows[0]!.n;
}

/** A bus, and where its consumer runs. */
interface Setup {
  name: string;
  bus: EventBus;
  startConsumer(dbUrl: string, db: Database, topic: string, total: number): Promise<ConsumerHandle>;
}

interface ConsumerHandle {
  done: Promise<Consumed>;
  stop(): Promise<void>;
}

/** The consumer in the bench process: the memory bus only delivers within its process. */
async function inProcessConsumer(bus: EventBus, db: Database, topic: string, total: number): Promise<ConsumerHandle> {
  const consumer = await startBenchConsumer(bus, db, topic, total);
  return { done: consumer.done, stop: () => consumer.subscription.stop() };
}

/**
 * The consumer in a process of its own, as a consuming service runs apart from the producing one
 * (and as the relay and the consumer would otherwise share one event loop).
 */
async function childConsumer(
  brokers: string,
  dbUrl: string,
  topic: string,
  total: number,
  kafka: { partitions: number; concurrency?: number },
): Promise<ConsumerHandle> {
  const child = fork(fileURLToPath(new URL('./consumer-process.ts', import.meta.url)), {
    execArgv: ['--conditions=@castbook/source', '--import', 'tsx'],
    env: {
      ...process.env,
      KAFKA_BROKERS: brokers,
      DATABASE_URL: dbUrl,
      TOPIC: topic,
      TOTAL: String(total),
      PARTITIONS: String(kafka.partitions),
      CONCURRENCY: kafka.concurrency ? String(kafka.concurrency) : '',
    },
  });
  let stopping = false;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => !stopping && reject(new Error(`bench consumer process exited (${code})`))),
  );
  exited.catch(() => undefined);
  const message = <T>(pick: (m: Record<string, unknown>) => T | undefined) =>
    Promise.race([
      exited,
      new Promise<T>((resolve) => {
        const listener = (m: unknown) => {
          const picked = pick(m as Record<string, unknown>);
          if (picked === undefined) return;
          child.off('message', listener);
          resolve(picked);
        };
        child.on('message', listener);
      }),
    ]);
  const done = message((m) =>
    m.handled
      ? { handledAt: new Map(m.handled as Array<[string, number]>), sinceCreated: m.sinceCreated as number[] }
      : undefined,
  );
  done.catch(() => undefined);
  await message((m) => (m.ready ? true : undefined));
  return {
    done,
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null) return;
      const gone = once(child, 'exit');
      child.send('stop');
      await gone;
    },
  };
}

/** One full pipeline run on a fresh database: `total` events offered as `load` says. */
async function runPipeline(setup: Setup, adminUrl: string, total: number, load: Load): Promise<Result> {
  const { bus } = setup;
  const ratePerSecond = typeof load === 'number' ? load : undefined;
  const url = new URL(adminUrl);
  url.pathname = `/bench_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  await ensureDatabase(url.toString());
  const db = new Database({ url: url.toString(), logger, max: 20 });
  await db.migrate();
  const topic = `bench.${randomUUID().slice(0, 8)}`;
  await bus.start([topic]);

  // Publish is the writer's COMMIT request (taken just before it, so the figure errs high); receipt
  // is the consumer's commit of the event's handled_events row.
  const commitRequestedAt = new Map<string, number>();
  const consumer = await setup.startConsumer(url.toString(), db, topic, total);
  let relay = new OutboxRelay({ db, bus, logger });
  relay.start();

  // Warm-up: the consumer group has joined and every connection is open before the clock starts.
  const warm = { ...benchEvent(0), type: WARMUP_TYPE };
  await db.transaction((tx) => enqueueEvents(tx, [{ event: warm, topic }]));
  const warmDeadline = Date.now() + 60_000;
  while ((await db.query('SELECT 1 FROM handled_events WHERE event_id = $1', [warm.id])).rowCount === 0) {
    if (Date.now() > warmDeadline) throw new Error('warm-up event not handled within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  if (load === 'backlog') await relay.stop();

  const checkpointsBefore = await checkpointCount(db);
  let started = performance.now();
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
      await db.transaction(async (tx) => {
        await enqueueEvents(tx, events);
        const now = Date.now();
        for (const { event } of events) commitRequestedAt.set(event.id, now);
      });
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  if (load === 'backlog') {
    started = performance.now();
    relay = new OutboxRelay({ db, bus, logger });
    relay.start();
  }
  const enqueuedAt = performance.now();
  // When the relay has marked everything sent (BENCH_STAGES=1 prints the stages; the polling adds
  // load, so it only runs then).
  let relayedAt = NaN;
  let finished = !process.env.BENCH_STAGES;
  const relayWatch = (async () => {
    while (!finished && Number.isNaN(relayedAt)) {
      const pending = await db.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
      if (pending.rows[0]!.n === 0) relayedAt = performance.now();
      else await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const consumed = await consumer.done;
  const seconds = (performance.now() - started) / 1000;
  finished = true;
  await relayWatch;
  if (process.env.BENCH_STAGES) {
    const s = (t: number) => ((t - started) / 1000).toFixed(2);
    console.log(`  stages: enqueued ${s(enqueuedAt)} s, relayed ${s(relayedAt)} s, handled ${seconds.toFixed(2)} s`);
  }

  const checkpoints = (await checkpointCount(db)) - checkpointsBefore;
  await relay.stop();
  await consumer.stop();
  await db.close();
  const latencies = [...consumed.handledAt].map(([id, at]) => at - commitRequestedAt.get(id)!);
  return { events: total, seconds, latencies, sinceCreated: consumed.sinceCreated, checkpoints };
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

/** The three runs on one bus: its backlog drained, writers flat out, writers paced. */
async function runAll(setup: Setup, adminUrl: string, { warmUpSeconds = 0 } = {}): Promise<void> {
  const label = (what: string) => `outbox → ${setup.name} → handleOnce, ${what}`;
  if (warmUpSeconds > 0) {
    console.log(`warming up: ${WARMUP_RATE} events/s through ${setup.name} for ${warmUpSeconds} s (not counted)`);
    await runPipeline(setup, adminUrl, WARMUP_RATE * warmUpSeconds, WARMUP_RATE);
  }
  print(label('backlog drained'), await runPipeline(setup, adminUrl, N, 'backlog'), { latency: false });
  print(label('writers flat out'), await runPipeline(setup, adminUrl, N, 'flat out'));
  print(label(`${PACED_RATE}/s`), await runPipeline(setup, adminUrl, PACED_RATE * PACED_SECONDS, PACED_RATE));
}

async function main(): Promise<void> {
  const install = findInstall();
  if (install.missing) {
    console.log(`Kafka benchmark skipped: ${install.missing}`);
  }
  console.log(
    `events bench: ${N} events (backlog, flat out), transactions of ${TX_EVENTS} events from ${WRITERS} writers; ` +
      `latency run paced at ${PACED_RATE} events/s for ${PACED_SECONDS} s.\n` +
      `Latency: from the writer's COMMIT to the consumer's commit of handled_events.\n`,
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
        const brokers = infra.kafka.brokers;
        await runAll(
          {
            name: 'Kafka',
            bus: kafka,
            startConsumer: (dbUrl, _db, topic, total) =>
              childConsumer(brokers, dbUrl, topic, total, { partitions, concurrency }),
          },
          adminUrl,
          { warmUpSeconds: WARMUP_SECONDS },
        );
      } finally {
        await kafka.stop();
      }
    }
    if (process.env.BENCH_KAFKA_ONLY) return;
    const memory = new MemoryEventBus();
    await runAll(
      {
        name: 'memory bus',
        bus: memory,
        startConsumer: (_dbUrl, db, topic, total) => inProcessConsumer(memory, db, topic, total),
      },
      adminUrl,
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

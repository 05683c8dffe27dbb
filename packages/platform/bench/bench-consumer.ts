// The bench's consuming service: one consumer group applying events through handleBatchOnce /
// handleOnce (what subscribeIdempotent does) with no effect of its own. It notes when each event's
// handled_events row had committed. Used in the bench process (memory bus) and in a process of its
// own (consumer-process.ts, for Kafka), as a consuming service runs apart from the producing one.
import type { EventEnvelope } from '@castbook/contracts';
import type { Database } from '../src/db/database.js';
import type { EventBus, Subscription } from '../src/events/event-bus.js';
import { handleBatchOnce, handleOnce } from '../src/events/idempotent-consumer.js';

/** Events the bench sends to check the path is up; not counted. */
export const WARMUP_TYPE = 'warmup';

export interface Consumed {
  /** Event id → when its handled_events row had committed (ms since the epoch). */
  handledAt: Map<string, number>;
  /** Handled time − occurredAt, per event, ms. */
  sinceCreated: number[];
}

export interface BenchConsumer {
  /** Resolves once `total` events (warm-up events aside) have been handled. */
  done: Promise<Consumed>;
  subscription: Subscription;
}

export async function startBenchConsumer(
  bus: EventBus,
  db: Database,
  topic: string,
  total: number,
): Promise<BenchConsumer> {
  const consumed: Consumed = { handledAt: new Map(), sinceCreated: [] };
  let finish: (c: Consumed) => void = () => undefined;
  const done = new Promise<Consumed>((resolve) => (finish = resolve));
  const received = (events: EventEnvelope[]) => {
    const now = Date.now();
    for (const event of events) {
      if (event.type === WARMUP_TYPE) continue;
      consumed.handledAt.set(event.id, now);
      consumed.sinceCreated.push(now - Date.parse(event.occurredAt));
      if (consumed.handledAt.size === total) finish(consumed);
    }
  };
  const subscription = await bus.subscribe({
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
  return { done, subscription };
}

// The bench's consumer in a process of its own, on Kafka (forked by events.ts). Environment:
// KAFKA_BROKERS, DATABASE_URL, TOPIC, TOTAL, PARTITIONS, CONCURRENCY (optional).
// IPC: sends { ready: true } once subscribed, then { handled: [id, ms][], sinceCreated: ms[] } once
// TOTAL events are handled; exits when the parent sends 'stop' (or disconnects).
import { Database } from '../src/db/database.js';
import { KafkaEventBus } from '../src/events/kafka-bus.js';
import { createLogger } from '../src/logging/logger.js';
import { startBenchConsumer } from './bench-consumer.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const send = (message: unknown) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

const logger = createLogger('bench-consumer', process.env.LOG_LEVEL ?? 'warn');
const db = new Database({ url: env('DATABASE_URL'), logger, max: 20 });
const bus = new KafkaEventBus({
  brokers: env('KAFKA_BROKERS').split(','),
  clientId: 'bench-consumer',
  logger,
  partitions: Number(env('PARTITIONS')),
  partitionsConsumedConcurrently: process.env.CONCURRENCY ? Number(process.env.CONCURRENCY) : undefined,
});
const topic = env('TOPIC');
await bus.start([topic]);
const consumer = await startBenchConsumer(bus, db, topic, Number(env('TOTAL')));

const stopped = new Promise<void>((resolve) => {
  process.on('message', (m) => m === 'stop' && resolve());
  process.on('disconnect', resolve);
});
await send({ ready: true });
const consumed = await Promise.race([consumer.done, stopped]);
if (consumed) await send({ handled: [...consumed.handledAt], sinceCreated: consumed.sinceCreated });
await stopped;
await consumer.subscription.stop();
await bus.stop();
await db.close();
process.exit(0);

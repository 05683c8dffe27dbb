// The Kafka bus against a real broker: the shared contract, plus what only Kafka has (start-up
// against an unreachable broker, health, the record format other Kafka clients see).
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterEach, expect, inject, it } from 'vitest';
import { createLogger } from '../src/logging/logger.js';
import { freePort } from '../src/net/free-port.js';
import { KafkaEventBus } from '../src/events/kafka-bus.js';
import { newEvent } from '../src/events/outbox.js';
import { infraDescribe, waitFor } from '@castbook/test-kit';
import { describeEventBusContract } from './event-bus-contract.js';
import { projectEvent } from './project-event.js';

const logger = createLogger('kafka-bus-test', 'silent');
const brokers = () => inject('kafkaBrokers').split(',');

infraDescribe('Kafka event bus', () => {
  describeEventBusContract('kafka', async () => new KafkaEventBus({ brokers: brokers(), logger }), {
    timeoutMs: 30_000,
  });

  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (stops.length) await stops.pop()!();
  });

  it('fails start() fast, naming the brokers, when none is reachable', async () => {
    const dead = `127.0.0.1:${await freePort()}`;
    const bus = new KafkaEventBus({ brokers: [dead], logger });
    stops.push(() => bus.stop());
    const started = Date.now();
    await expect(bus.start(['never.created'])).rejects.toThrow(`cannot connect to Kafka brokers ${dead}`);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await bus.health()).ok).toBe(false);
  });

  it('reports health and writes keyed JSON records with event headers', async () => {
    const bus = new KafkaEventBus({ brokers: brokers(), logger });
    stops.push(() => bus.stop());
    const topic = `format.${randomUUID().slice(0, 8)}`;
    await bus.start([topic]);
    expect(await bus.health()).toEqual({ ok: true });

    const event = newEvent(
      'project.created.v1',
      'project-42',
      'user-1',
      { projectId: 'project-42', userId: 'user-1', authorId: null, title: 'T', contentVersion: 0, wordCount: 0 },
      { requestId: 'req-7' },
    );
    await bus.publish([{ topic, event }]);

    // Read it with a plain kafkajs consumer, as any other Kafka client would.
    const kafka = new Kafka({ brokers: brokers(), logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    stops.push(() => admin.disconnect());
    const meta = await admin.fetchTopicMetadata({ topics: [topic, `${topic}.dead-letter`] });
    expect(meta.topics.map((t) => t.partitions.length)).toEqual([6, 6]);

    const consumer = kafka.consumer({ groupId: `raw.${topic}` });
    stops.push(() => consumer.disconnect());
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    const seen: Array<{ key: string; value: unknown; headers: Record<string, string> }> = [];
    await consumer.run({
      eachMessage: async ({ message }) => {
        const headers = Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]));
        seen.push({ key: message.key!.toString(), value: JSON.parse(message.value!.toString()), headers });
      },
    });
    await waitFor(() => seen.length === 1, 'the raw record', 30_000);
    expect(seen[0]).toEqual({
      key: 'project-42',
      value: event,
      headers: { 'event-type': 'project.created.v1', 'event-id': event.id, 'request-id': 'req-7' },
    });
  });

  it('commits handled offsets in the background, while the subscription keeps running', async () => {
    const bus = new KafkaEventBus({ brokers: brokers(), logger, commitIntervalMs: 100 });
    stops.push(() => bus.stop());
    const topic = `commits.${randomUUID().slice(0, 8)}`;
    const groupId = `group.${topic}`;
    await bus.start([topic]);
    const events = Array.from({ length: 12 }, (_, i) => projectEvent(`p${i}`));
    await bus.publish(events.map((event) => ({ topic, event })));
    const got: string[] = [];
    await bus.subscribe({ groupId, topics: [topic], handler: async (e) => void got.push(e.id) });
    await waitFor(() => got.length === 12, 'the 12 events', 30_000);

    const admin = new Kafka({ brokers: brokers(), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    stops.push(() => admin.disconnect());
    const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, p.high]));
    await waitFor(
      async () => {
        const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
        return committed!.partitions.every((p) => p.offset === ends.get(p.partition));
      },
      'the group to have committed every partition to its end',
      10_000,
    );
  });

  it('commits what it handled when a subscription stops, so the next member of the group starts after it', async () => {
    // No background commit within the test: only the commit on stop can save the offsets.
    const bus = new KafkaEventBus({ brokers: brokers(), logger, commitIntervalMs: 600_000 });
    stops.push(() => bus.stop());
    const topic = `stop-commit.${randomUUID().slice(0, 8)}`;
    const groupId = `group.${topic}`;
    await bus.start([topic]);
    const events = Array.from({ length: 12 }, (_, i) => projectEvent(`p${i}`));
    await bus.publish(events.map((event) => ({ topic, event })));
    const first: string[] = [];
    const sub = await bus.subscribe({ groupId, topics: [topic], handler: async (e) => void first.push(e.id) });
    await waitFor(() => first.length === 12, 'the 12 events', 30_000);
    await sub.stop();

    const marker = projectEvent('p0');
    await bus.publish([{ topic, event: marker }]);
    const second: string[] = [];
    await bus.subscribe({ groupId, topics: [topic], handler: async (e) => void second.push(e.id) });
    await waitFor(() => second.includes(marker.id), 'the marker', 30_000);
    expect(second).toEqual([marker.id]);
  });

  it("deletes a per-replica group when its subscription or the bus stops, and keeps a shared group's", async () => {
    const bus = new KafkaEventBus({ brokers: brokers(), logger });
    stops.push(() => bus.stop());
    const topic = `per-replica.${randomUUID().slice(0, 8)}`;
    await bus.start([topic]);
    const seen: string[] = [];
    const subscribe = (groupId: string, perReplica: boolean) =>
      bus.subscribe({
        groupId,
        perReplica,
        topics: [topic],
        handler: async (e) => void seen.push(`${groupId} ${e.id}`),
      });
    const own = await subscribe(`own.${topic}`, true);
    await subscribe(`own-till-bus-stops.${topic}`, true);
    await subscribe(`shared.${topic}`, false);
    const event = projectEvent('p1');
    await bus.publish([{ topic, event }]);
    await waitFor(() => seen.length === 3, 'each group to get the event', 30_000);

    const admin = new Kafka({ brokers: brokers(), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    stops.push(() => admin.disconnect());
    const groups = async () =>
      (await admin.listGroups()).groups
        .map((g) => g.groupId)
        .filter((g) => g.endsWith(topic))
        .sort();
    expect(await groups()).toEqual([`own-till-bus-stops.${topic}`, `own.${topic}`, `shared.${topic}`]);
    await own.stop();
    expect(await groups()).toEqual([`own-till-bus-stops.${topic}`, `shared.${topic}`]);
    await bus.stop();
    expect(await groups()).toEqual([`shared.${topic}`]);
  });
});

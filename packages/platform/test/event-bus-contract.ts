// One behavioural contract for every EventBus implementation (memory and Kafka): ordering per key,
// redelivery after a failure, consumer groups sharing partitions, independent groups, dead-lettering
// without blocking other partitions, and redelivery of a record a stopping member did not finish.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@castbook/test-kit';
import type { EventEnvelope } from '@castbook/contracts';
import { DEAD_LETTER_SUFFIX, type DeliveryContext, type EventBus, type Subscription } from '../src/events/event-bus.js';
import { DEAD_LETTER_METADATA } from '../src/events/delivery.js';

export interface ContractOptions {
  /** Deadline of each wait: Kafka group joins and rebalances take seconds. */
  timeoutMs: number;
}

interface Handled {
  event: EventEnvelope;
  ctx: DeliveryContext;
  member: string;
  at: number;
}

function testEvent(key: string, seq: number): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'contract.tested.v1',
    version: 1,
    occurredAt: new Date().toISOString(),
    key,
    userId: null,
    payload: { seq },
    metadata: { requestId: `req-${key}-${seq}` },
  };
}

const seqOf = (e: EventEnvelope) => (e.payload as { seq: number }).seq;

export function describeEventBusContract(
  name: string,
  makeBus: () => Promise<EventBus>,
  { timeoutMs }: ContractOptions = { timeoutMs: 10_000 },
): void {
  describe(`EventBus contract: ${name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      while (cleanups.length) await cleanups.pop()!();
    });

    async function setup(topicCount = 1) {
      const bus = await makeBus();
      cleanups.push(() => bus.stop());
      const run = randomUUID().slice(0, 8);
      const topics = Array.from({ length: topicCount }, (_, i) => `contract.t${i}.${run}`);
      await bus.start(topics);
      const subs: Subscription[] = [];
      cleanups.push(async () => {
        await Promise.all(subs.map((s) => s.stop()));
      });
      const handled: Handled[] = [];
      const subscribe = async (
        member: string,
        groupId: string,
        opts: { topics?: string[]; maxAttempts?: number; retryBaseDelayMs?: number } = {},
        behaviour: (e: EventEnvelope, ctx: DeliveryContext) => Promise<void> | void = () => undefined,
      ) => {
        const sub = await bus.subscribe({
          groupId: `${groupId}.${run}`,
          topics: opts.topics ?? topics,
          maxAttempts: opts.maxAttempts,
          retryBaseDelayMs: opts.retryBaseDelayMs,
          handler: async (event, ctx) => {
            await behaviour(event, ctx);
            handled.push({ event, ctx, member, at: Date.now() });
          },
        });
        subs.push(sub);
        return sub;
      };
      return { bus, topic: topics[0]!, topics, handled, subscribe, run };
    }

    it('delivers asynchronously and keeps the order of each key', async () => {
      const { bus, topic, handled, subscribe } = await setup();
      // Every handler waits at a gate that opens only once the last publish has returned: a bus
      // whose publish() waited for handling would never return. (Checking after each publish that
      // some records were still unhandled raced on Kafka, whose consumer can finish a batch before
      // the producer's continuation runs.)
      let openGate: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      await subscribe('a', 'order', {}, () => gate);
      const keys = ['k1', 'k2', 'k3', 'k4', 'k5'];
      const sent: EventEnvelope[] = [];
      for (let round = 0; round < 4; round++) {
        const batch = [];
        for (let i = 0; i < 5; i++) for (const key of keys) batch.push(testEvent(key, round * 5 + i));
        sent.push(...batch);
        await bus.publish(batch.map((event) => ({ topic, event })));
      }
      expect(handled).toHaveLength(0);
      openGate();
      await waitFor(() => handled.length >= sent.length, 'all records handled', timeoutMs);
      for (const key of keys) {
        const seqs = handled.filter((h) => h.event.key === key).map((h) => seqOf(h.event));
        expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i));
      }
      // The envelope arrives intact, metadata included.
      const first = handled.find((h) => h.event.id === sent[0]!.id)!;
      expect(first.event).toEqual(sent[0]);
      expect(first.ctx).toMatchObject({ topic, attempt: 1 });
    });

    it('redelivers a record whose handler failed, before the records after it', async () => {
      const { bus, topic, handled, subscribe } = await setup();
      const failures: number[] = [];
      await subscribe('a', 'redeliver', { retryBaseDelayMs: 50 }, (event, ctx) => {
        if (seqOf(event) === 2 && ctx.attempt < 3) {
          failures.push(ctx.attempt);
          throw new Error('transient failure');
        }
      });
      const events = Array.from({ length: 5 }, (_, i) => testEvent('same-key', i));
      await bus.publish(events.map((event) => ({ topic, event })));
      await waitFor(() => handled.length >= 5, 'five records handled', timeoutMs);
      expect(failures).toEqual([1, 2]);
      expect(handled.map((h) => seqOf(h.event))).toEqual([0, 1, 2, 3, 4]);
      expect(handled.find((h) => seqOf(h.event) === 2)!.ctx.attempt).toBe(3);
    });

    it('shares partitions among the members of a group and rebalances when one leaves', async () => {
      const { bus, topic, handled, subscribe } = await setup();
      const a = await subscribe('a', 'shared');
      await subscribe('b', 'shared');
      // Probe until both members own partitions (a Kafka group join completes asynchronously).
      let probe = 0;
      await waitFor(
        async () => {
          const members = new Set(handled.filter((h) => h.event.key.startsWith('probe')).map((h) => h.member));
          if (members.size === 2) return true;
          const batch = Array.from({ length: 12 }, (_, i) => testEvent(`probe-${probe}-${i}`, probe));
          probe++;
          await bus.publish(batch.map((event) => ({ topic, event })));
          await new Promise((r) => setTimeout(r, 200)); // pacing of the probes, not an assertion wait
          return false;
        },
        'both members to receive records',
        timeoutMs * 3,
      );
      const before = handled.length;
      const events = Array.from({ length: 60 }, (_, i) => testEvent(`key-${i % 30}`, i));
      await bus.publish(events.map((event) => ({ topic, event })));
      const ids = new Set(events.map((e) => e.id));
      const real = () => handled.slice(before).filter((h) => ids.has(h.event.id));
      await waitFor(() => new Set(real().map((h) => h.event.id)).size === 60, 'all 60 records handled', timeoutMs);
      expect(real()).toHaveLength(60); // each record handled once across the group
      const perMember = new Map<string, number>();
      for (const h of real()) perMember.set(h.member, (perMember.get(h.member) ?? 0) + 1);
      expect(perMember.get('a')).toBeGreaterThan(0);
      expect(perMember.get('b')).toBeGreaterThan(0);

      // Member a leaves: b takes over every partition.
      await a.stop();
      const later = Array.from({ length: 30 }, (_, i) => testEvent(`key-${i}`, 100 + i));
      await bus.publish(later.map((event) => ({ topic, event })));
      const laterIds = new Set(later.map((e) => e.id));
      await waitFor(
        () => new Set(handled.filter((h) => laterIds.has(h.event.id)).map((h) => h.event.id)).size === 30,
        'records after the rebalance handled',
        timeoutMs * 3,
      );
      expect(handled.filter((h) => laterIds.has(h.event.id)).every((h) => h.member === 'b')).toBe(true);
    });

    it('gives every record to each of two groups', async () => {
      const { bus, topic, handled, subscribe } = await setup();
      await subscribe('x', 'group-x');
      await subscribe('y', 'group-y');
      const events = Array.from({ length: 30 }, (_, i) => testEvent(`key-${i % 7}`, i));
      await bus.publish(events.map((event) => ({ topic, event })));
      await waitFor(() => handled.length >= 60, 'both groups to handle all records', timeoutMs);
      for (const member of ['x', 'y']) {
        const got = handled.filter((h) => h.member === member).map((h) => h.event.id);
        expect(new Set(got)).toEqual(new Set(events.map((e) => e.id)));
      }
    });

    it('dead-letters a record after maxAttempts without blocking other partitions', async () => {
      const { bus, topic, handled, subscribe } = await setup();
      const badAttempts: number[] = [];
      const badAttemptAt: number[] = [];
      await subscribe('a', 'dlq', { maxAttempts: 3, retryBaseDelayMs: 300 }, (event, ctx) => {
        if (event.key === 'poison') {
          badAttempts.push(ctx.attempt);
          badAttemptAt.push(Date.now());
          throw new Error('cannot handle poison');
        }
      });
      const dead: Handled[] = [];
      await bus.subscribe({
        groupId: `dlq-reader.${topic}`,
        topics: [`${topic}${DEAD_LETTER_SUFFIX}`],
        handler: async (event, ctx) => void dead.push({ event, ctx, member: 'dlq', at: Date.now() }),
      });
      const poison = testEvent('poison', 0);
      const good = Array.from({ length: 40 }, (_, i) => testEvent(`good-${i}`, i));
      await bus.publish([{ topic, event: poison }]);
      await waitFor(() => badAttempts.length >= 1, 'the first failing attempt', timeoutMs);
      await bus.publish(good.map((event) => ({ topic, event })));

      await waitFor(() => dead.length >= 1, 'the dead-lettered record', timeoutMs);
      await waitFor(() => handled.length >= 40, 'all good records', timeoutMs);
      expect(badAttempts).toEqual([1, 2, 3]);
      expect(dead).toHaveLength(1);
      const dl = dead[0]!.event;
      expect(dl.id).toBe(poison.id);
      expect(dl.payload).toEqual(poison.payload);
      expect(dl.metadata).toMatchObject({
        requestId: poison.metadata.requestId,
        [DEAD_LETTER_METADATA.attempts]: '3',
        [DEAD_LETTER_METADATA.group]: expect.stringContaining('dlq'),
        [DEAD_LETTER_METADATA.error]: 'cannot handle poison',
        [DEAD_LETTER_METADATA.topic]: topic,
      });

      // The poison's partition could not be known before it was handled; its ctx tells us now.
      const poisonPartition = Number(dl.metadata[DEAD_LETTER_METADATA.partition]);
      const lastPoisonAttempt = badAttemptAt[2]!;
      const elsewhere = handled.filter((h) => h.ctx.partition !== poisonPartition);
      const behind = handled.filter((h) => h.ctx.partition === poisonPartition);
      expect(elsewhere.length).toBeGreaterThan(0);
      // Other partitions moved on while the poison was still being retried ...
      expect(elsewhere.every((h) => h.at < lastPoisonAttempt)).toBe(true);
      // ... and records behind it in its own partition waited for it (order), then were handled.
      expect(behind.every((h) => h.at >= lastPoisonAttempt)).toBe(true);
    });

    it('hands consecutive records to a batch handler, falling back to one by one when a batch fails', async () => {
      const { bus, topic, run } = await setup();
      const log: Array<{ id: string; key: string; seq: number; via: 'batch' | 'single'; attempt: number }> = [];
      const batchSizes: number[] = [];
      const dead: EventEnvelope[] = [];
      await bus.subscribe({
        groupId: `dlq-reader.${run}`,
        topics: [`${topic}${DEAD_LETTER_SUFFIX}`],
        handler: async (event) => void dead.push(event),
      });
      await bus.subscribe({
        groupId: `batching.${run}`,
        topics: [topic],
        maxAttempts: 2,
        retryBaseDelayMs: 50,
        batch: {
          maxSize: 50,
          handler: async (records) => {
            if (records.some((r) => r.event.key === 'poison')) throw new Error('batch contains poison');
            batchSizes.push(records.length);
            for (const { event, ctx } of records) {
              log.push({ id: event.id, key: event.key, seq: seqOf(event), via: 'batch', attempt: ctx.attempt });
            }
          },
        },
        handler: async (event, ctx) => {
          if (event.key === 'poison') throw new Error('poison');
          log.push({ id: event.id, key: event.key, seq: seqOf(event), via: 'single', attempt: ctx.attempt });
        },
      });
      const events = Array.from({ length: 40 }, (_, i) => testEvent(`k${i % 4}`, Math.floor(i / 4)));
      events.splice(20, 0, testEvent('poison', 0));
      await bus.publish(events.map((event) => ({ topic, event })));
      await waitFor(
        () => dead.length === 1 && log.length >= 40,
        'good records handled and poison dead-lettered',
        timeoutMs,
      );

      expect(dead[0]!.metadata[DEAD_LETTER_METADATA.attempts]).toBe('2');
      expect(log).toHaveLength(40); // each good record exactly once, by one path or the other
      for (const key of ['k0', 'k1', 'k2', 'k3']) {
        expect(log.filter((l) => l.key === key).map((l) => l.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i));
      }
      expect(Math.max(...batchSizes)).toBeGreaterThan(1);
      // The poison's partition fell back to single deliveries; the others stayed batched.
      expect(log.some((l) => l.via === 'single')).toBe(true);
      expect(log.every((l) => l.attempt === 1)).toBe(true);
    });

    it('redelivers to another member a record a stopping member had not finished', async () => {
      const { bus, topic, handled, subscribe } = await setup();
      let releaseA: () => void = () => undefined;
      const aStarted: EventEnvelope[] = [];
      const a = await subscribe('a', 'handover', { retryBaseDelayMs: 200 }, async (event) => {
        aStarted.push(event);
        // Member a fails the record and is stopped during its retry backoff.
        await new Promise<void>((r) => (releaseA = r));
        throw new Error('member a is shutting down');
      });
      const event = testEvent('handover', 0);
      await bus.publish([{ topic, event }]);
      await waitFor(() => aStarted.length === 1, 'member a to start the record', timeoutMs);
      const stopping = a.stop();
      releaseA();
      await stopping;
      await subscribe('b', 'handover');
      await waitFor(() => handled.find((h) => h.event.id === event.id), 'member b to get the record', timeoutMs * 3);
      expect(handled.filter((h) => h.event.id === event.id).map((h) => h.member)).toEqual(['b']);
    });
  });
}

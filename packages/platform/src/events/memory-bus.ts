// The embedded-mode event bus: Kafka's contract inside one process. Topics have partitions chosen by
// key hash; each consumer group owns a committed offset per partition and spreads partitions over
// its members (reassigned when a member joins or leaves); a partition is handled strictly in order,
// a failing record is retried with exponential backoff and then dead-lettered, blocking only its
// own partition. Records are stored as JSON, like Kafka, so handlers never share objects.
import type { EventEnvelope } from '@castbook/contracts';
import type { Logger } from '../logging/logger.js';
import type {
  BatchEventHandler,
  BusHealth,
  EventBus,
  PublishRecord,
  SubscribeOptions,
  Subscription,
} from './event-bus.js';
import { deadLetterRecord, partitionFor, retryDelayMs, retryPolicy, sleep, type RetryPolicy } from './delivery.js';
import { reportConsumerLag, type ConsumerLag } from '../metrics/metrics.js';
import { withEventContext } from '../logging/context.js';

export interface MemoryEventBusOptions {
  /** Partitions per topic. Default 3. */
  partitions?: number;
  logger?: Logger;
  /**
   * Records kept per partition even once every group has handled them, so a group that subscribes
   * later from the beginning still finds recent history (Kafka's retention). Default 10,000.
   */
  retainRecords?: number;
}

interface StoredRecord {
  key: string;
  /** The envelope as JSON: each delivery parses its own copy. */
  value: string;
}

class PartitionLog {
  /** Offset of records[0]; grows as old records are trimmed. */
  base = 0;
  records: StoredRecord[] = [];
  get end(): number {
    return this.base + this.records.length;
  }
  at(offset: number): StoredRecord | undefined {
    return this.records[offset - this.base];
  }
}

/** Wakes every waiter; a waiter checks its condition synchronously before waiting, so no wake-up is lost. */
class Signal {
  private waiters: Array<() => void> = [];
  wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

interface Member {
  id: number;
  topics: Set<string>;
  handler: SubscribeOptions['handler'];
  batch: { handler: BatchEventHandler; maxSize: number } | undefined;
  policy: RetryPolicy;
  stopping: AbortController;
  inFlight: Set<Promise<unknown>>;
}

type Outcome = 'handled' | 'dead-lettered' | 'abandoned';

class Group {
  readonly members: Member[] = [];
  /** Next offset to handle, per `${topic}#${partition}`. */
  readonly committed = new Map<string, number>();
  readonly runners = new Map<string, PartitionRunner>();
  constructor(readonly id: string) {}

  /** Round-robin assignment over the members subscribed to the topic, in join order. */
  ownerOf(topic: string, partition: number): Member | undefined {
    const candidates = this.members.filter((m) => m.topics.has(topic));
    return candidates.length ? candidates[partition % candidates.length] : undefined;
  }
}

/** Delivers one partition's records to one group, one at a time, to whichever member owns it now. */
class PartitionRunner {
  private running = false;
  private done: Promise<void> = Promise.resolve();
  /** Delivery attempts of the record at `attemptsOffset`, kept across members for DeliveryContext.attempt. */
  private attempts = 0;
  private attemptsOffset = -1;
  /** After a failed batch, its records go one by one up to this offset. */
  private singleUntil = 0;

  constructor(
    private readonly bus: MemoryEventBus,
    private readonly group: Group,
    private readonly topic: string,
    private readonly partition: number,
    private readonly slot: string,
  ) {}

  ensureRunning(): void {
    if (this.running) return;
    this.running = true;
    this.done = this.run().catch((err: unknown) =>
      this.bus.logger?.error({ err, topic: this.topic }, 'memory bus partition runner failed'),
    );
  }

  finished(): Promise<void> {
    return this.done;
  }

  private async run(): Promise<void> {
    // `running` is cleared by `finally` in the same tick as the decision to exit (no await between),
    // so a subscribe never mistakes a runner that is about to stop for a running one.
    try {
      for (;;) {
        if (this.bus.isStopped) return;
        const member = this.group.ownerOf(this.topic, this.partition);
        // No member left for this topic: the next subscribe starts this runner again.
        if (!member) return;
        const offset = this.group.committed.get(this.slot) ?? 0;
        const record = this.bus.partitionLog(this.topic, this.partition).at(offset);
        if (!record) {
          await this.bus.changed.wait();
          continue;
        }
        if (this.attemptsOffset !== offset) {
          this.attemptsOffset = offset;
          this.attempts = 0;
          if (member.batch && offset >= this.singleUntil) {
            const handled = await this.deliverBatch(member, member.batch, offset);
            if (handled > 0) {
              this.group.committed.set(this.slot, offset + handled);
              this.bus.trim(this.topic, this.partition);
            }
            if (handled !== 0) continue;
            // The batch failed: fall through to one-by-one delivery, starting with this record.
          }
        }
        const outcome = await this.deliver(member, record);
        if (outcome !== 'abandoned') {
          this.group.committed.set(this.slot, offset + 1);
          this.bus.trim(this.topic, this.partition);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Hands consecutive records to the batch handler. Returns how many were handled, 0 when the batch
   * failed (its records then go one by one), or -1 when the member stopped or lost the partition.
   */
  private async deliverBatch(member: Member, batch: NonNullable<Member['batch']>, offset: number): Promise<number> {
    if (member.stopping.signal.aborted || this.bus.isStopped) return -1;
    if (this.group.ownerOf(this.topic, this.partition) !== member) return -1;
    const log = this.bus.partitionLog(this.topic, this.partition);
    const records = [];
    for (let o = offset; o < offset + batch.maxSize; o++) {
      const r = log.at(o);
      if (!r) break;
      records.push({
        event: JSON.parse(r.value) as EventEnvelope,
        ctx: { topic: this.topic, partition: this.partition, attempt: 1 },
      });
    }
    const call = (async () => batch.handler(records))();
    member.inFlight.add(call);
    try {
      await call;
      return records.length;
    } catch (error) {
      this.singleUntil = offset + records.length;
      this.bus.logger?.warn(
        { err: error, topic: this.topic, group: this.group.id, records: records.length },
        'batch handler failed; delivering its records one by one',
      );
      return 0;
    } finally {
      member.inFlight.delete(call);
    }
  }

  private async deliver(member: Member, record: StoredRecord): Promise<Outcome> {
    for (;;) {
      // A stopped or reassigned member leaves the record uncommitted for the partition's next owner.
      if (member.stopping.signal.aborted || this.bus.isStopped) return 'abandoned';
      if (this.group.ownerOf(this.topic, this.partition) !== member) return 'abandoned';
      const attempt = ++this.attempts;
      const event = JSON.parse(record.value) as EventEnvelope;
      const ctx = { topic: this.topic, partition: this.partition, attempt };
      // Wrapped so a handler that throws synchronously is treated like one that rejects.
      const call = (async () => withEventContext(event, () => member.handler(event, ctx)))();
      member.inFlight.add(call);
      try {
        await call;
        return 'handled';
      } catch (error) {
        if (attempt >= member.policy.maxAttempts) {
          if (this.bus.isStopped) return 'abandoned';
          await this.bus.publish([
            deadLetterRecord(event, record.key, {
              topic: this.topic,
              partition: this.partition,
              groupId: this.group.id,
              attempts: attempt,
              error,
            }),
          ]);
          this.bus.logger?.error(
            {
              err: error,
              topic: this.topic,
              partition: this.partition,
              group: this.group.id,
              eventId: event.id,
              requestId: event.metadata?.requestId,
            },
            'event dead-lettered after its last attempt',
          );
          return 'dead-lettered';
        }
        this.bus.logger?.warn(
          {
            err: error,
            topic: this.topic,
            group: this.group.id,
            eventId: event.id,
            requestId: event.metadata?.requestId,
            attempt,
          },
          'event handler failed; retrying',
        );
        await sleep(retryDelayMs(member.policy, attempt), member.stopping.signal);
      } finally {
        member.inFlight.delete(call);
      }
    }
  }
}

export class MemoryEventBus implements EventBus {
  readonly logger: Logger | undefined;
  /** Notified (asynchronously) on every publish and membership change. */
  readonly changed = new Signal();
  private readonly partitions: number;
  private readonly retainRecords: number;
  private readonly topics = new Map<string, PartitionLog[]>();
  private readonly groups = new Map<string, Group>();
  private nextMemberId = 1;
  private stopped = false;
  private readonly stopLagReport: () => void;

  constructor(options: MemoryEventBusOptions = {}) {
    this.partitions = options.partitions ?? 3;
    this.retainRecords = options.retainRecords ?? 10_000;
    this.logger = options.logger?.child({ component: 'memory-bus' });
    if (!Number.isInteger(this.partitions) || this.partitions < 1) throw new Error('partitions must be >= 1');
    this.stopLagReport = reportConsumerLag(() => this.consumerLag());
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  async start(topics: string[]): Promise<void> {
    this.assertRunning();
    for (const t of topics) this.partitionLogs(t);
  }

  async publish(records: PublishRecord[]): Promise<void> {
    this.assertRunning();
    for (const r of records) {
      const key = r.key ?? r.event.key;
      const logs = this.partitionLogs(r.topic);
      logs[partitionFor(key, logs.length)]!.records.push({ key, value: JSON.stringify(r.event) });
    }
    // Deliver later, never inside the publisher's call stack (as with a real broker).
    if (records.length) setImmediate(() => this.changed.notify());
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertRunning();
    const policy = retryPolicy(options);
    let group = this.groups.get(options.groupId);
    if (!group) {
      group = new Group(options.groupId);
      this.groups.set(options.groupId, group);
    }
    const member: Member = {
      id: this.nextMemberId++,
      topics: new Set(options.topics),
      handler: options.handler,
      batch: options.batch && { handler: options.batch.handler, maxSize: options.batch.maxSize ?? 100 },
      policy,
      stopping: new AbortController(),
      inFlight: new Set(),
    };
    group.members.push(member);
    for (const topic of options.topics) {
      const logs = this.partitionLogs(topic);
      logs.forEach((log, partition) => {
        const slot = `${topic}#${partition}`;
        // A group's first member decides where the group starts; later members continue from its offsets.
        if (!group.committed.has(slot)) group.committed.set(slot, options.fromBeginning === false ? log.end : log.base);
        let runner = group.runners.get(slot);
        if (!runner) {
          runner = new PartitionRunner(this, group, topic, partition, slot);
          group.runners.set(slot, runner);
        }
        runner.ensureRunning();
      });
    }
    this.changed.notify(); // rebalance: runners re-read their owner

    let stopped = false;
    return {
      stop: async () => {
        if (stopped) return;
        stopped = true;
        const i = group.members.indexOf(member);
        if (i >= 0) group.members.splice(i, 1);
        member.stopping.abort();
        this.changed.notify();
        await Promise.allSettled([...member.inFlight]);
      },
    };
  }

  async health(): Promise<BusHealth> {
    return this.stopped ? { ok: false, error: 'event bus stopped' } : { ok: true };
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopLagReport();
    const runners: Promise<void>[] = [];
    for (const group of this.groups.values()) {
      for (const m of group.members) m.stopping.abort();
      for (const r of group.runners.values()) runners.push(r.finished());
    }
    this.changed.notify();
    await Promise.allSettled(runners);
  }

  /** Per group and partition: records published and not yet handled (castbook_event_consumer_lag). */
  consumerLag(): ConsumerLag[] {
    const lags: ConsumerLag[] = [];
    for (const group of this.groups.values()) {
      for (const [slot, next] of group.committed) {
        const [topic, partition] = slot.split('#') as [string, string];
        const end = this.topics.get(topic)?.[Number(partition)]?.end ?? next;
        lags.push({ group: group.id, topic, partition: Number(partition), lag: end - next });
      }
    }
    return lags;
  }

  /** The log of one partition (creating the topic if needed). */
  partitionLog(topic: string, partition: number): PartitionLog {
    return this.partitionLogs(topic)[partition]!;
  }

  /** Drops records every group has handled, beyond the retained history. */
  trim(topic: string, partition: number): void {
    const log = this.partitionLog(topic, partition);
    const excess = log.records.length - this.retainRecords;
    // Trimming in chunks keeps the array shifting cost amortised.
    if (excess < Math.max(1000, this.retainRecords)) return;
    let lowest = log.end;
    for (const g of this.groups.values()) {
      const c = g.committed.get(`${topic}#${partition}`);
      if (c !== undefined) lowest = Math.min(lowest, c);
    }
    const drop = Math.min(excess, lowest - log.base);
    if (drop > 0) {
      log.records.splice(0, drop);
      log.base += drop;
    }
  }

  private partitionLogs(topic: string): PartitionLog[] {
    let logs = this.topics.get(topic);
    if (!logs) {
      logs = Array.from({ length: this.partitions }, () => new PartitionLog());
      this.topics.set(topic, logs);
    }
    return logs;
  }

  private assertRunning(): void {
    if (this.stopped) throw new Error('event bus is stopped');
  }
}

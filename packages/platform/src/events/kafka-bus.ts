// The distributed-mode event bus on Kafka (kafkajs). Same contract as the memory bus: records keyed
// by the partition key, consumer groups, at-least-once with retries, backoff and a dead-letter topic.
//
// Retries do not sleep inside the handler loop: kafkajs fetches all partitions of a broker together
// and waits for every batch of a fetch before fetching again, so a sleeping partition would stall
// the others. A failed record instead pauses its own partition, leaves its offset unresolved and
// resumes after the backoff; the next fetch starts at that record again.
//
// Offsets are committed by the subscription, not by kafkajs: with autoCommit on, kafkajs commits
// after every partition batch and waits for the answer before it fetches again (its
// autoCommitInterval and autoCommitThreshold only apply to eachMessage). That was one OffsetCommit
// round trip per batch on the critical path. Instead, handled offsets are committed in the
// background every commitIntervalMs, and once more when the subscription stops.
import { eventEnvelope, type EventEnvelope } from '@castbook/contracts';
import {
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type IHeaders,
  type KafkaMessage,
  type Message,
  type Producer,
} from 'kafkajs';
import type { Logger } from '../logging/logger.js';
import type { BusHealth, EventBus, PublishRecord, SubscribeOptions, Subscription } from './event-bus.js';
import {
  deadLetterRecord,
  deadLetterTopic,
  retryDelayMs,
  retryPolicy,
  withDeadLetterTopics,
  type RetryPolicy,
} from './delivery.js';
import { kafkaLogCreator } from './kafka-log.js';
import { reportConsumerLag, type ConsumerLag } from '../metrics/metrics.js';
import { withEventContext } from '../logging/context.js';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId?: string;
  logger: Logger;
  /** Partitions of topics this bus creates. Default 6. */
  partitions?: number;
  /** Replication factor of topics this bus creates. Default 1 (a dev cluster of one broker). */
  replicationFactor?: number;
  /** start() gives up after this long when the brokers cannot be reached. Default 8000. */
  startTimeoutMs?: number;
  /** Partitions a consumer handles at the same time. Default: `partitions`. */
  partitionsConsumedConcurrently?: number;
  /**
   * Longest a consumer's fetch waits when there are no new records; also bounds how late a retry
   * resumes. A record that arrives ends the wait at once (the broker answers a fetch as soon as it
   * has a byte), so this costs no latency; it sets how often an idle consumer asks again. Default
   * 1000: at 100, the dozen consumers of a distributed stack kept about 0.4 of a core busy doing
   * nothing (each service 5 %, the broker 11 %).
   */
  maxWaitTimeInMs?: number;
  /**
   * How often a consumer commits the offsets it has handled. A crash redelivers at most this much
   * (which idempotent consumers absorb). Default 200.
   */
  commitIntervalMs?: number;
}

export const EVENT_TYPE_HEADER = 'event-type';
export const EVENT_ID_HEADER = 'event-id';
export const REQUEST_ID_HEADER_NAME = 'request-id';

export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly log: Logger;
  private readonly partitions: number;
  private readonly replicationFactor: number;
  private readonly startTimeoutMs: number;
  private readonly admin: Admin;
  private readonly producer: Producer;
  private connecting: Promise<void> | undefined;
  private readonly knownTopics = new Set<string>();
  /** Topic creation is serialised so two callers never race to create the same topic. */
  private topicsChain: Promise<unknown> = Promise.resolve();
  private readonly subscriptions = new Set<Subscription>();
  private stopped = false;
  /** Set once a broker answered; until then kafkajs's connection errors are start()'s to report. */
  private everConnected = false;

  constructor(private readonly options: KafkaEventBusOptions) {
    if (options.brokers.length === 0) throw new Error('KafkaEventBus needs at least one broker');
    this.log = options.logger.child({ component: 'kafka-bus' });
    this.partitions = options.partitions ?? 6;
    this.replicationFactor = options.replicationFactor ?? 1;
    this.startTimeoutMs = options.startTimeoutMs ?? 8000;
    this.kafka = new Kafka({
      clientId: options.clientId ?? 'castbook',
      brokers: options.brokers,
      // Bounded so an unreachable broker fails start() within seconds instead of retrying for minutes.
      connectionTimeout: 2000,
      requestTimeout: 15_000,
      retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(options.logger, () => !this.everConnected),
    });
    this.admin = this.kafka.admin();
    this.producer = this.kafka.producer({
      // Idempotence keeps a retried send from writing a record twice or out of order.
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
      // Bounded so publish() fails (and the outbox relay backs off) while the cluster is down.
      retry: { retries: 5, initialRetryTime: 100, maxRetryTime: 3000 },
    });
  }

  async start(topics: string[]): Promise<void> {
    this.assertRunning();
    this.connecting ??= this.connect();
    await this.connecting;
    await this.ensureTopics(topics);
  }

  async publish(records: PublishRecord[]): Promise<void> {
    this.assertRunning();
    await this.send(records);
  }

  /** Used by subscriptions to dead-letter; not refused during stop() so a batch in flight can finish. */
  publishDeadLetter(record: PublishRecord): Promise<void> {
    return this.send([record]);
  }

  /** Forwards an unreadable record's bytes unchanged (there is no envelope to annotate). */
  async publishRaw(topic: string, message: Message): Promise<void> {
    await this.ensureTopics([topic]);
    await this.producer.send({ topic, acks: -1, messages: [message] });
  }

  private async send(records: PublishRecord[]): Promise<void> {
    if (records.length === 0) return;
    if (!this.connecting) throw new Error('KafkaEventBus.publish before start()');
    await this.connecting;
    const byTopic = new Map<string, Message[]>();
    for (const r of records) {
      let messages = byTopic.get(r.topic);
      if (!messages) byTopic.set(r.topic, (messages = []));
      messages.push({ key: r.key ?? r.event.key, value: JSON.stringify(r.event), headers: headersOf(r.event) });
    }
    await this.ensureTopics([...byTopic.keys()]);
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertRunning();
    if (!this.connecting) throw new Error('KafkaEventBus.subscribe before start()');
    await this.connecting;
    await this.ensureTopics(options.topics);
    const consuming = await new KafkaSubscription(this, this.kafka, this.log, options, {
      concurrency: this.options.partitionsConsumedConcurrently ?? this.partitions,
      maxWaitTimeInMs: this.options.maxWaitTimeInMs ?? 1000,
      commitIntervalMs: this.options.commitIntervalMs ?? 200,
    }).start();
    // stop() is the caller's and the bus's own (at its stop): whoever comes first does the work.
    const subscription: Subscription = {
      stop: async () => {
        if (!this.subscriptions.delete(subscription)) return;
        await consuming.stop();
        if (options.perReplica) await this.deleteGroup(options.groupId);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Deletes a group this process alone used (its consumer has left it); a failure only leaves it to expire. */
  private async deleteGroup(groupId: string): Promise<void> {
    try {
      await this.admin.deleteGroups([groupId]);
    } catch (err) {
      this.log.warn({ err, groupId }, 'could not delete a per-replica consumer group; the broker expires it');
    }
  }

  async health(): Promise<BusHealth> {
    if (this.stopped) return { ok: false, error: 'event bus stopped' };
    if (!this.connecting) return { ok: false, error: 'event bus not started' };
    try {
      await withTimeout(this.admin.describeCluster(), 2000, 'Kafka describeCluster timed out after 2000 ms');
      return { ok: true };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.allSettled([...this.subscriptions].map((s) => s.stop()));
    await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
  }

  private async connect(): Promise<void> {
    const brokers = this.options.brokers.join(',');
    try {
      await withTimeout(
        Promise.all([this.admin.connect(), this.producer.connect()]),
        this.startTimeoutMs,
        `timed out after ${this.startTimeoutMs} ms`,
      );
      this.everConnected = true;
      this.log.info({ brokers }, 'connected to Kafka');
    } catch (err) {
      this.connecting = undefined;
      // Stop kafkajs's own reconnect attempts; the caller decides whether to retry start().
      await Promise.allSettled([this.producer.disconnect(), this.admin.disconnect()]);
      throw new Error(`cannot connect to Kafka brokers ${brokers}: ${(err as Error).message}`, { cause: err });
    }
  }

  private ensureTopics(topics: string[]): Promise<void> {
    const wanted = withDeadLetterTopics(topics).filter((t) => !this.knownTopics.has(t));
    if (wanted.length === 0) return Promise.resolve();
    const run = this.topicsChain.then(async () => {
      const existing = new Set(await this.admin.listTopics());
      const missing = wanted.filter((t) => !existing.has(t));
      if (missing.length) {
        await this.admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((topic) => ({
            topic,
            numPartitions: this.partitions,
            replicationFactor: this.replicationFactor,
          })),
        });
        this.log.info({ topics: missing }, 'created Kafka topics');
      }
      for (const t of wanted) this.knownTopics.add(t);
    });
    this.topicsChain = run.catch(() => undefined);
    return run;
  }

  private assertRunning(): void {
    if (this.stopped) throw new Error('event bus is stopped');
  }
}

/** One consumer-group member: a kafkajs consumer running the retry / dead-letter loop. */
class KafkaSubscription implements Subscription {
  private readonly consumer: Consumer;
  private readonly policy: RetryPolicy;
  /** Failed attempts of records being retried, by `${topic}#${partition}#${offset}`. */
  private readonly attempts = new Map<string, number>();
  private readonly resumeTimers = new Set<NodeJS.Timeout>();
  /** Next offset to read, by `${topic}#${partition}`, for partitions handled since the last commit. */
  private readonly uncommitted = new Map<string, { topic: string; partition: number; offset: string }>();
  private committing: Promise<void> = Promise.resolve();
  private commitTimer: NodeJS.Timeout | undefined;
  /** eachBatch calls running; stop() commits once they have finished. */
  private batchesRunning = 0;
  private batchesDone: (() => void) | undefined;
  private stopping = false;
  /** Lag of each partition this member handled, as of its last batch (castbook_event_consumer_lag). */
  private readonly lags = new Map<string, ConsumerLag>();
  /** Next offset to handle, by `${topic}#${partition}`, kept across commits (for the lag). */
  private readonly nextOffsets = new Map<string, string>();
  private stopLagReport: (() => void) | undefined;

  constructor(
    private readonly bus: KafkaEventBus,
    kafka: Kafka,
    private readonly log: Logger,
    private readonly options: SubscribeOptions,
    private readonly tuning: { concurrency: number; maxWaitTimeInMs: number; commitIntervalMs: number },
  ) {
    this.policy = retryPolicy(options);
    this.consumer = kafka.consumer({
      groupId: options.groupId,
      allowAutoTopicCreation: false,
      sessionTimeout: 10_000,
      // kafkajs' default; heartbeats ride on the fetch loop, a third of the session timeout.
      heartbeatInterval: 3000,
      maxWaitTimeInMs: tuning.maxWaitTimeInMs,
      // A consumer keeps trying through a broker restart rather than giving up after seconds.
      retry: { retries: 10, initialRetryTime: 300, maxRetryTime: 10_000 },
    });
  }

  async start(): Promise<this> {
    // Attempt counts and uncommitted offsets belong to the partitions this member owned; a
    // rebalance may move them (the new owner starts from the last commit: redelivery, not loss).
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
      this.attempts.clear();
      this.uncommitted.clear();
      this.lags.clear();
      this.nextOffsets.clear();
    });
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: this.options.topics, fromBeginning: this.options.fromBeginning ?? true });
    await this.consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.tuning.concurrency,
      eachBatch: (payload) => this.eachBatchTracked(payload),
    });
    this.commitTimer = setInterval(() => void this.commit(), this.tuning.commitIntervalMs);
    this.commitTimer.unref();
    this.stopLagReport = reportConsumerLag(() => [...this.lags.values()]);
    return this;
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.stopLagReport?.();
    for (const t of this.resumeTimers) clearTimeout(t);
    this.resumeTimers.clear();
    clearInterval(this.commitTimer);
    // Batches in flight stop at the next record; what they handled is committed before the member
    // leaves the group. Unresolved records are redelivered to another member.
    if (this.batchesRunning > 0) await new Promise<void>((resolve) => (this.batchesDone = resolve));
    await this.commit();
    await this.consumer.disconnect();
  }

  /** Records published after the last one this member handled on the batch's partition. */
  private recordLag(payload: EachBatchPayload): void {
    const { topic, partition, highWatermark } = payload.batch;
    const handled = this.nextOffsets.get(`${topic}#${partition}`);
    const previous = this.lags.get(`${topic}#${partition}`);
    const lag = handled !== undefined ? Number(BigInt(highWatermark) - BigInt(handled)) : previous?.lag;
    if (lag !== undefined) {
      this.lags.set(`${topic}#${partition}`, { group: this.options.groupId, topic, partition, lag: Math.max(0, lag) });
    }
  }

  /** Commits the offsets handled since the last commit; one commit at a time. Never rejects. */
  private commit(): Promise<void> {
    this.committing = this.committing.then(async () => {
      if (this.uncommitted.size === 0) return;
      const offsets = [...this.uncommitted.values()];
      this.uncommitted.clear();
      try {
        await this.consumer.commitOffsets(offsets);
      } catch (err) {
        // Put them back unless a later offset was handled meanwhile; the next commit retries.
        for (const o of offsets) {
          const key = `${o.topic}#${o.partition}`;
          if (!this.uncommitted.has(key)) this.uncommitted.set(key, o);
        }
        this.log.warn({ err, group: this.options.groupId }, 'committing consumer offsets failed; will retry');
      }
    });
    return this.committing;
  }

  /** Marks a record handled: kafkajs fetches after it, and its offset is committed soon. */
  private resolve(payload: EachBatchPayload, offset: string): void {
    payload.resolveOffset(offset);
    const { topic, partition } = payload.batch;
    const next = (BigInt(offset) + 1n).toString();
    this.uncommitted.set(`${topic}#${partition}`, { topic, partition, offset: next });
    this.nextOffsets.set(`${topic}#${partition}`, next);
  }

  private async eachBatchTracked(payload: EachBatchPayload): Promise<void> {
    this.batchesRunning++;
    try {
      await this.eachBatch(payload);
      this.recordLag(payload);
    } finally {
      if (--this.batchesRunning === 0) this.batchesDone?.();
    }
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, heartbeat, isRunning, isStale } = payload;
    const messages = batch.messages;
    /** Messages before this index that were part of a failed batch go one by one. */
    let singleUntil = 0;
    let i = 0;
    while (i < messages.length) {
      if (this.stopping || !isRunning() || isStale()) break;
      if (this.options.batch && i >= singleUntil && !this.attempts.has(this.slot(batch, messages[i]!))) {
        const handled = await this.tryBatch(batch.topic, batch.partition, messages.slice(i), this.options.batch);
        if (handled > 0) {
          i += handled;
          this.resolve(payload, messages[i - 1]!.offset);
          await heartbeat();
          continue;
        }
        singleUntil = i - handled; // handled <= 0: minus the size of the failed batch
      }
      const next = await this.handleOne(payload, messages[i]!);
      if (next === 'paused') break;
      i++;
    }
  }

  private slot(batch: { topic: string; partition: number }, message: KafkaMessage): string {
    return `${batch.topic}#${batch.partition}#${message.offset}`;
  }

  /**
   * Hands the leading readable messages to the batch handler. Returns how many were handled, or
   * minus the batch size when it failed (0 when there was nothing to batch).
   */
  private async tryBatch(
    topic: string,
    partition: number,
    messages: KafkaMessage[],
    batch: NonNullable<SubscribeOptions['batch']>,
  ): Promise<number> {
    const records = [];
    for (const message of messages.slice(0, batch.maxSize ?? 100)) {
      const event = readEvent(message);
      if (!event) break;
      records.push({ event, ctx: { topic, partition, attempt: 1 } });
    }
    if (records.length === 0) return 0;
    try {
      await batch.handler(records);
      return records.length;
    } catch (error) {
      this.log.warn(
        { err: error, topic, partition, group: this.options.groupId, records: records.length },
        'batch handler failed; delivering its records one by one',
      );
      return -records.length;
    }
  }

  /** One record with retries: 'paused' when it failed and its partition waits for the retry. */
  private async handleOne(payload: EachBatchPayload, message: KafkaMessage): Promise<'next' | 'paused'> {
    const { batch, heartbeat, pause } = payload;
    const { topic, partition } = batch;
    const slot = this.slot(batch, message);
    const attempt = (this.attempts.get(slot) ?? 0) + 1;
    const event = readEvent(message);
    if (!event) {
      // Not an event at all: retrying cannot help, so it goes straight to the dead-letter topic as is.
      await this.deadLetterUnreadable(topic, partition, message, new Error('record is not an event envelope'));
      this.resolve(payload, message.offset);
      return 'next';
    }
    try {
      await withEventContext(event, () => this.options.handler(event, { topic, partition, attempt }));
      this.attempts.delete(slot);
    } catch (error) {
      if (attempt < this.policy.maxAttempts) {
        this.attempts.set(slot, attempt);
        this.log.warn(
          {
            err: error,
            topic,
            partition,
            group: this.options.groupId,
            eventId: event.id,
            requestId: event.metadata?.requestId,
            attempt,
          },
          'event handler failed; retrying',
        );
        this.retryLater(pause, retryDelayMs(this.policy, attempt));
        return 'paused';
      }
      this.attempts.delete(slot);
      const key = message.key?.toString('utf8') ?? event.key;
      await this.bus.publishDeadLetter(
        deadLetterRecord(event, key, { topic, partition, groupId: this.options.groupId, attempts: attempt, error }),
      );
      this.log.error(
        {
          err: error,
          topic,
          partition,
          group: this.options.groupId,
          eventId: event.id,
          requestId: event.metadata?.requestId,
        },
        'event dead-lettered after its last attempt',
      );
    }
    this.resolve(payload, message.offset);
    await heartbeat();
    return 'next';
  }

  private retryLater(pause: () => () => void, delayMs: number): void {
    const resume = pause();
    const timer = setTimeout(() => {
      this.resumeTimers.delete(timer);
      if (!this.stopping) resume();
    }, delayMs);
    this.resumeTimers.add(timer);
  }

  private async deadLetterUnreadable(topic: string, partition: number, message: KafkaMessage, error: unknown) {
    this.log.error({ err: error, topic, partition, group: this.options.groupId }, 'unreadable record dead-lettered');
    // The raw bytes are kept; the failure travels in a header since there is no envelope to annotate.
    await this.bus.publishRaw(deadLetterTopic(topic), {
      key: message.key ?? null,
      value: message.value ?? null,
      headers: { ...message.headers, 'dead-letter-error': String((error as Error).message ?? error).slice(0, 2000) },
    });
  }
}

/** The envelope of a record, or undefined when the record is not one. */
function readEvent(message: KafkaMessage): EventEnvelope | undefined {
  try {
    return eventEnvelope.parse(JSON.parse(message.value?.toString('utf8') ?? 'null')) as EventEnvelope;
  } catch {
    return undefined;
  }
}

function headersOf(event: EventEnvelope): IHeaders {
  const headers: IHeaders = { [EVENT_TYPE_HEADER]: event.type, [EVENT_ID_HEADER]: event.id };
  const requestId = event.metadata?.requestId;
  if (requestId) headers[REQUEST_ID_HEADER_NAME] = requestId;
  return headers;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// The one event bus interface (ARCHITECTURE.md): an in-memory implementation for embedded mode and a
// kafkajs implementation for distributed mode honour the same contract, checked by one test suite:
// ordering per key, at-least-once redelivery, consumer groups sharing partitions, dead-lettering.
import type { EventEnvelope } from '@castbook/contracts';

export interface PublishRecord {
  topic: string;
  /** Partition key: records with the same key keep their order. Defaults to event.key. */
  key?: string;
  event: EventEnvelope;
}

export interface DeliveryContext {
  topic: string;
  partition: number;
  /** 1 for the first delivery of this record to this group, then 2, 3, ... on retries. */
  attempt: number;
}

export type EventHandler = (event: EventEnvelope, ctx: DeliveryContext) => Promise<void>;

/** Consecutive records of one partition, in order. */
export type BatchEventHandler = (records: Array<{ event: EventEnvelope; ctx: DeliveryContext }>) => Promise<void>;

export interface SubscribeOptions {
  /** Consumer group: each record is handled by one member of each group. */
  groupId: string;
  topics: string[];
  handler: EventHandler;
  /** Attempts before a record is sent to the dead-letter topic `${topic}${DEAD_LETTER_SUFFIX}`. Default 5. */
  maxAttempts?: number;
  /** First retry delay in ms; doubles per attempt (exponential backoff). Default 100. */
  retryBaseDelayMs?: number;
  /** Start from the earliest record when the group has no committed offset. Default true. */
  fromBeginning?: boolean;
  /**
   * Optional fast path (added later; optional, so existing callers and their behaviour are unchanged):
   * up to `maxSize` (default 100) consecutive records of one partition handed over at once, e.g. to
   * apply them in one database transaction. If it throws, those records are delivered one by one to
   * `handler` with the usual retries and dead-lettering; the failed batch call is not counted as an
   * attempt.
   */
  batch?: { handler: BatchEventHandler; maxSize?: number };
  /**
   * The group belongs to this one process (a unique `groupId`, so that every replica sees every
   * record, e.g. session revocations): the bus deletes it when the subscription stops, instead of
   * leaving one more empty group (and its committed offsets) on the broker per restart. A process
   * that dies leaves its group to the broker's offset retention.
   */
  perReplica?: boolean;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface BusHealth {
  ok: boolean;
  error?: string;
}

export interface EventBus {
  /** Connects and creates the given topics (and their dead-letter topics) if missing. */
  start(topics: string[]): Promise<void>;
  publish(records: PublishRecord[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  health(): Promise<BusHealth>;
  stop(): Promise<void>;
}

export const DEAD_LETTER_SUFFIX = '.dead-letter';

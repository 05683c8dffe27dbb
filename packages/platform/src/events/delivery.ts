// Pieces both buses share so they honour one contract: retry delays, the dead-letter record, the
// partitioner and topic option defaults.
import type { EventEnvelope } from '@castbook/contracts';
import { DEAD_LETTER_SUFFIX, type PublishRecord, type SubscribeOptions } from './event-bus.js';

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_RETRY_BASE_DELAY_MS = 100;

/** Metadata keys a dead-lettered event carries beside its original metadata. */
export const DEAD_LETTER_METADATA = {
  error: 'deadLetterError',
  group: 'deadLetterGroup',
  attempts: 'deadLetterAttempts',
  topic: 'deadLetterTopic',
  partition: 'deadLetterPartition',
  at: 'deadLetterAt',
} as const;

export function deadLetterTopic(topic: string): string {
  return `${topic}${DEAD_LETTER_SUFFIX}`;
}

export function isDeadLetterTopic(topic: string): boolean {
  return topic.endsWith(DEAD_LETTER_SUFFIX);
}

/** The topics plus their dead-letter topics (a dead-letter topic has no dead-letter topic of its own). */
export function withDeadLetterTopics(topics: string[]): string[] {
  const all = new Set<string>();
  for (const t of topics) {
    all.add(t);
    if (!isDeadLetterTopic(t)) all.add(deadLetterTopic(t));
  }
  return [...all];
}

export interface RetryPolicy {
  maxAttempts: number;
  retryBaseDelayMs: number;
}

export function retryPolicy(options: Pick<SubscribeOptions, 'maxAttempts' | 'retryBaseDelayMs'>): RetryPolicy {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new Error(`maxAttempts must be >= 1, got ${maxAttempts}`);
  if (!(retryBaseDelayMs >= 0)) throw new Error(`retryBaseDelayMs must be >= 0, got ${retryBaseDelayMs}`);
  return { maxAttempts, retryBaseDelayMs };
}

/** Delay before the attempt after `failedAttempt` (1-based): base, 2×base, 4×base, ... */
export function retryDelayMs(policy: RetryPolicy, failedAttempt: number): number {
  return policy.retryBaseDelayMs * 2 ** (failedAttempt - 1);
}

export interface DeadLetterInfo {
  topic: string;
  partition: number;
  groupId: string;
  attempts: number;
  error: unknown;
}

/** The record that replaces a record given up on: same event and key, the failure in its metadata. */
export function deadLetterRecord(event: EventEnvelope, key: string, info: DeadLetterInfo): PublishRecord {
  const message = info.error instanceof Error ? info.error.message : String(info.error);
  return {
    topic: deadLetterTopic(info.topic),
    key,
    event: {
      ...event,
      metadata: {
        ...event.metadata,
        [DEAD_LETTER_METADATA.error]: message.slice(0, 2000),
        [DEAD_LETTER_METADATA.group]: info.groupId,
        [DEAD_LETTER_METADATA.attempts]: String(info.attempts),
        [DEAD_LETTER_METADATA.topic]: info.topic,
        [DEAD_LETTER_METADATA.partition]: String(info.partition),
        [DEAD_LETTER_METADATA.at]: new Date().toISOString(),
      },
    },
  };
}

/** FNV-1a over the key's UTF-8 bytes: stable across processes, so a key always lands on one partition. */
export function partitionFor(key: string, partitions: number): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % partitions;
}

/** A sleep that ends early (resolving false) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const done = (completed: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(completed);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

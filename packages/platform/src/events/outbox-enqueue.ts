// Transactional outbox (ARCHITECTURE.md, Events): a service writes its state change and its events
// in one transaction with enqueueEvents(); the OutboxRelay publishes pending rows in position order
// and then marks them sent. Publish-then-mark is at-least-once: a crash in between republishes the
// batch, which idempotent consumers absorb.
import { randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  eventEnvelope,
  topicOf,
  versionOf,
  type EventEnvelope,
  type EventPayload,
  type EventType,
  type TypedEvent,
} from '@castbook/contracts';
import type { Queryable } from '../db/database.js';

/** NOTIFY channel the relay listens on; a notification means "new rows committed". */
export const OUTBOX_CHANNEL = 'castbook_outbox';

/** Builds a validated envelope for a contract event type. Throws a ZodError on a bad payload. */
export function newEvent<T extends EventType>(
  type: T,
  key: string,
  userId: string | null,
  payload: EventPayload<T>,
  metadata: Record<string, string> = {},
): TypedEvent<T> {
  const checked = EVENT_TYPES[type].payload.parse(payload) as EventPayload<T>;
  const envelope = eventEnvelope.parse({
    id: randomUUID(),
    type,
    version: versionOf(type),
    occurredAt: new Date().toISOString(),
    key,
    userId,
    payload: checked,
    metadata,
  });
  return { ...envelope, type, payload: checked };
}

/** An event with an explicit topic (and optionally a partition key other than event.key). */
export interface OutboxEntry {
  event: EventEnvelope;
  topic: string;
  key?: string;
}

/**
 * Inserts the events into the outbox inside the caller's transaction. A contract type's topic comes
 * from the contract; any other event needs an explicit topic. The relay is woken by a NOTIFY that
 * PostgreSQL delivers only when (and if) the transaction commits.
 */
export async function enqueueEvents(tx: Queryable, events: Array<EventEnvelope | OutboxEntry>): Promise<void> {
  if (events.length === 0) return;
  const ids: string[] = [];
  const topics: string[] = [];
  const keys: string[] = [];
  const envelopes: string[] = [];
  for (const item of events) {
    const entry = 'event' in item ? item : { event: item, topic: contractTopic(item.type), key: undefined };
    const event = eventEnvelope.parse(entry.event);
    ids.push(event.id);
    topics.push(entry.topic);
    keys.push(entry.key ?? event.key);
    envelopes.push(JSON.stringify(event));
  }
  // One round trip: the insert and the notification (sent at commit, coalesced per transaction).
  await tx.query(
    `WITH inserted AS (
       INSERT INTO outbox (event_id, topic, key, envelope)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[])
       RETURNING 1
     )
     SELECT pg_notify('${OUTBOX_CHANNEL}', '') WHERE EXISTS (SELECT 1 FROM inserted)`,
    [ids, topics, keys, envelopes],
  );
}

function contractTopic(type: string): string {
  if (!(type in EVENT_TYPES)) {
    throw new Error(`event type '${type}' is not in the contracts; enqueue it as { event, topic }`);
  }
  return topicOf(type as EventType);
}

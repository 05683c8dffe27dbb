// Idempotent consumers (ARCHITECTURE.md, Events): the event id is recorded per consumer group in the
// same transaction as the effect, so a redelivered event changes nothing.
import { parseEvent, type EventEnvelope, type EventType, type TypedEvent } from '@castbook/contracts';
import type pg from 'pg';
import type { Database } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import { withEventContext } from '../logging/context.js';
import type { EventBus, SubscribeOptions, Subscription } from './event-bus.js';

/**
 * Runs `effect` once per (group, event id). Returns false, doing nothing, when the group already
 * handled the event. The id is inserted first: a concurrent delivery of the same event waits on
 * that row and then finds it, so two members never both apply the effect.
 */
export async function handleOnce(
  db: Database,
  group: string,
  event: Pick<EventEnvelope, 'id'>,
  effect: (tx: pg.PoolClient) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      'INSERT INTO handled_events (consumer_group, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [group, event.id],
    );
    if (inserted.rowCount === 0) return false;
    await effect(tx);
    return true;
  });
}

/**
 * handleOnce for consecutive events in ONE transaction (one commit, so one fsync, for the lot):
 * records the ids not yet handled by the group and runs `effect` for those, in order. Any failure
 * rolls the whole batch back. Returns the events applied.
 */
export async function handleBatchOnce<E extends Pick<EventEnvelope, 'id'>>(
  db: Database,
  group: string,
  events: E[],
  effect: (event: E, tx: pg.PoolClient) => Promise<void>,
): Promise<E[]> {
  if (events.length === 0) return [];
  return db.transaction(async (tx) => {
    const fresh = await tx.query<{ event_id: string }>(
      `INSERT INTO handled_events (consumer_group, event_id)
       SELECT $1, id FROM unnest($2::uuid[]) AS id
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [group, events.map((e) => e.id)],
    );
    const isFresh = new Set(fresh.rows.map((r) => r.event_id));
    const applied = events.filter((e) => isFresh.has(e.id));
    for (const event of applied) await withEventContext(event, () => effect(event, tx));
    return applied;
  });
}

export type IdempotentHandlers = {
  [T in EventType]?: (event: TypedEvent<T>, tx: pg.PoolClient) => Promise<void>;
};

export interface IdempotentSubscribeOptions extends Omit<SubscribeOptions, 'handler'> {
  handlers: IdempotentHandlers;
  logger?: Logger;
}

/**
 * Subscribes with a handler per event type, each run through handleOnce. Events of other types are
 * ignored (not recorded); a known type with an invalid payload throws and so is retried, then
 * dead-lettered. Records that arrive together are applied in one transaction (handleBatchOnce); if
 * that fails, the bus redelivers them one by one, so only the failing event is retried.
 */
export function subscribeIdempotent(
  bus: EventBus,
  db: Database,
  { handlers, logger, ...options }: IdempotentSubscribeOptions,
): Promise<Subscription> {
  const table = handlers as Record<string, ((event: EventEnvelope, tx: pg.PoolClient) => Promise<void>) | undefined>;
  return bus.subscribe({
    ...options,
    batch: {
      maxSize: 200,
      handler: async (records) => {
        const events = records.filter((r) => table[r.event.type]).map((r) => parseEvent(r.event));
        await handleBatchOnce(db, options.groupId, events, (event, tx) => table[event.type]!(event, tx));
      },
    },
    handler: async (raw) => {
      const handler = table[raw.type];
      if (!handler) return;
      const event = parseEvent(raw);
      const applied = await handleOnce(db, options.groupId, event, (tx) => handler(event, tx));
      if (!applied) logger?.debug({ eventId: event.id, type: event.type }, 'duplicate event ignored');
    },
  });
}

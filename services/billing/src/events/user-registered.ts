// Consumes user.registered.v1 (idempotently: handled event ids are recorded with the effect) and
// gives the new user their subscription; remembers the user's email for billing's own mail. If the user already asked for their subscription and got
// the Free default, the registration's choice replaces it.
import { TOPICS, type TypedEvent } from '@castbook/contracts';
import {
  enqueueEvents,
  subscribeIdempotent,
  type Database,
  type EventBus,
  type Logger,
  type Queryable,
} from '@castbook/platform';
import { rememberUser } from '../db/billing.js';
import { findSubscription, insertSubscription, replaceSubscription } from '../db/subscriptions.js';
import { systemClock, type Clock } from '../domain/clock.js';
import { subscriptionAtRegistration } from '../domain/subscriptions.js';
import { subscriptionChanged } from './subscription-events.js';

export const BILLING_GROUP = 'billing';

export async function applyRegistration(
  tx: Queryable,
  event: TypedEvent<'user.registered.v1'>,
  clock: Clock = systemClock,
): Promise<void> {
  const { userId, subscriptionTier, email, name } = event.payload;
  // The address the trial notice goes to.
  await rememberUser(tx, { userId, email, name });
  // The trial runs from the registration, not from when the event happened to arrive.
  const wanted = subscriptionAtRegistration(userId, subscriptionTier, clock.at(new Date(event.occurredAt)));
  const now = clock.now();
  const meta = { causationId: event.id, ...(event.metadata.requestId ? { requestId: event.metadata.requestId } : {}) };
  if (await insertSubscription(tx, wanted, now)) {
    await enqueueEvents(tx, [subscriptionChanged(wanted, meta)]);
    return;
  }
  const current = await findSubscription(tx, userId, true);
  if (current?.origin !== 'default') return; // already set from the registration
  await replaceSubscription(tx, wanted, now);
  await enqueueEvents(tx, [subscriptionChanged(wanted, meta)]);
}

export function subscribeUserRegistered(bus: EventBus, db: Database, logger: Logger, clock: Clock) {
  return subscribeIdempotent(bus, db, {
    groupId: BILLING_GROUP,
    topics: [TOPICS.auth],
    logger,
    handlers: { 'user.registered.v1': (event, tx) => applyRegistration(tx, event, clock) },
  });
}

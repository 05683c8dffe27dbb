// The events auth publishes (auth.events), always through the outbox in the transaction that makes
// the change. Partition key: the user id, so one user's events stay in order.
import { newEvent } from '@castbook/platform';
import type { SubscriptionTier } from '@castbook/contracts';

type Meta = Record<string, string>;

export function userRegistered(u: { id: string; name: string; email: string }, tier: SubscriptionTier, meta: Meta) {
  return newEvent(
    'user.registered.v1',
    u.id,
    u.id,
    { userId: u.id, name: u.name, email: u.email, subscriptionTier: tier },
    meta,
  );
}

export function userUpdated(u: { id: string; name: string; avatar: string | null }, meta: Meta) {
  return newEvent('user.updated.v1', u.id, u.id, { userId: u.id, name: u.name, avatar: u.avatar }, meta);
}

/** One session.revoked.v1 per session: the gateway drops exactly those tokens. */
export function sessionsRevoked(userId: string, sessionIds: string[], meta: Meta) {
  return sessionIds.map((sessionId) => newEvent('session.revoked.v1', userId, userId, { sessionId, userId }, meta));
}

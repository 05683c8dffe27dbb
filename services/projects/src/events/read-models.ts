// Consumes author.*.v1 (author names view), subscription.changed.v1 (limits view) and
// author_storage.changed.v1 (the user's bytes in the authors service, for the storage limit), and
// billing's notices (trial ending, payment failed) into the user's notifications,
// idempotently: handled event ids are recorded in the same transaction as the effect.
import { TOPICS, type TypedEvent } from '@castbook/contracts';
import { subscribeIdempotent, type Database, type EventBus, type Logger, type Queryable } from '@castbook/platform';
import { upsertAuthorName, upsertAuthorStorage, upsertPlanLimits } from '../db/projects.js';
import { insertNotification } from '../db/notifications.js';
import { paymentFailedNotice, trialEndingNotice, type Notice } from '../notifications/notices.js';

export const PROJECTS_GROUP = 'projects';

type AuthorEvent = TypedEvent<'author.created.v1' | 'author.updated.v1' | 'author.deleted.v1'>;

export async function applyAuthorEvent(tx: Queryable, e: AuthorEvent): Promise<void> {
  const { authorId, userId, firstName, lastName } = e.payload;
  await upsertAuthorName(tx, { id: authorId, userId, firstName, lastName, deleted: e.type === 'author.deleted.v1' });
}

export async function applySubscriptionChanged(tx: Queryable, e: TypedEvent<'subscription.changed.v1'>): Promise<void> {
  const { userId, tier, limits, features } = e.payload;
  // Every write reads the limits from this table, so a change applies to the next request.
  await upsertPlanLimits(tx, userId, {
    tier,
    maxProjects: limits.maxProjects,
    maxWords: limits.maxWordsPerProject,
    maxStorageBytes: limits.maxStorageBytes,
    features,
  });
}

export async function applyAuthorStorage(tx: Queryable, e: TypedEvent<'author_storage.changed.v1'>): Promise<void> {
  await upsertAuthorStorage(tx, e.payload.userId, e.payload.storageBytes, new Date(e.occurredAt));
}

/** Billing's notices become the user's notifications (issue 19), one per event. */
async function notifyUser(tx: Queryable, e: { id: string; occurredAt: string }, userId: string, notice: Notice) {
  await insertNotification(tx, {
    ...notice,
    userId,
    projectId: null,
    sourceEventId: e.id,
    createdAt: new Date(e.occurredAt),
  });
}

export function subscribeReadModels(bus: EventBus, db: Database, logger: Logger) {
  return subscribeIdempotent(bus, db, {
    groupId: PROJECTS_GROUP,
    topics: [TOPICS.authors, TOPICS.billing],
    logger,
    handlers: {
      'author.created.v1': (e, tx) => applyAuthorEvent(tx, e),
      'author.updated.v1': (e, tx) => applyAuthorEvent(tx, e),
      'author.deleted.v1': (e, tx) => applyAuthorEvent(tx, e),
      'subscription.changed.v1': (e, tx) => applySubscriptionChanged(tx, e),
      'author_storage.changed.v1': (e, tx) => applyAuthorStorage(tx, e),
      'subscription.trial_ending.v1': (e, tx) =>
        notifyUser(tx, e, e.payload.userId, trialEndingNotice(e.payload.endsAt)),
      'subscription.payment_failed.v1': (e, tx) =>
        notifyUser(tx, e, e.payload.userId, paymentFailedNotice(e.payload.graceEndsAt)),
    },
  });
}

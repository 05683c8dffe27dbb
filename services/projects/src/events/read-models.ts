// Consumes author.*.v1 (author names view) and subscription.changed.v1 (limits view), idempotently:
// handled event ids are recorded in the same transaction as the effect.
import { TOPICS, type TypedEvent } from '@castbook/contracts';
import { subscribeIdempotent, type Database, type EventBus, type Logger, type Queryable } from '@castbook/platform';
import { upsertAuthorName, upsertPlanLimits } from '../db/projects.js';

export const PROJECTS_GROUP = 'projects';

type AuthorEvent = TypedEvent<'author.created.v1' | 'author.updated.v1' | 'author.deleted.v1'>;

export async function applyAuthorEvent(tx: Queryable, e: AuthorEvent): Promise<void> {
  const { authorId, userId, firstName, lastName } = e.payload;
  await upsertAuthorName(tx, { id: authorId, userId, firstName, lastName, deleted: e.type === 'author.deleted.v1' });
}

export async function applySubscriptionChanged(tx: Queryable, e: TypedEvent<'subscription.changed.v1'>): Promise<void> {
  const { userId, tier, limits } = e.payload;
  await upsertPlanLimits(tx, userId, { tier, maxProjects: limits.maxProjects, maxWords: limits.maxWordsPerProject });
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
    },
  });
}

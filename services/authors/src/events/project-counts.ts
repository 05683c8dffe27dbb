// Consumes project.created/updated/deleted.v1 (idempotently: handled ids are recorded with the
// effect) and keeps each author's projectCount. The project → author map is kept so a project
// moved to another author decrements the old one and increments the new one.
// For the storage limit (issue 16) it also keeps each user's bytes in the projects service
// (project_storage.changed.v1) and their plan's storage limit (subscription.changed.v1).
import { TOPICS, type TypedEvent } from '@castbook/contracts';
import { subscribeIdempotent, type Database, type EventBus, type Logger, type Queryable } from '@castbook/platform';
import { refreshProjectCount, setProjectAuthor, upsertProjectStorage, upsertStorageLimit } from '../db/authors.js';
import { isUuid } from '../domain/authors.js';

export const AUTHORS_GROUP = 'authors';

type ProjectEvent = TypedEvent<'project.created.v1' | 'project.updated.v1' | 'project.deleted.v1'>;

export async function applyProjectEvent(tx: Queryable, event: ProjectEvent): Promise<void> {
  const { projectId, userId, authorId } = event.payload;
  const next = event.type === 'project.deleted.v1' ? null : authorId;
  const previous = await setProjectAuthor(tx, projectId, userId, next);
  for (const id of new Set([previous, next])) if (isUuid(id)) await refreshProjectCount(tx, id);
}

export async function applyProjectStorage(tx: Queryable, e: TypedEvent<'project_storage.changed.v1'>): Promise<void> {
  await upsertProjectStorage(tx, e.payload.userId, e.payload.storageBytes, new Date(e.occurredAt));
}

export async function applySubscriptionChanged(tx: Queryable, e: TypedEvent<'subscription.changed.v1'>): Promise<void> {
  const { userId, tier, limits } = e.payload;
  await upsertStorageLimit(tx, userId, { tier, maxStorageBytes: limits.maxStorageBytes });
}

export function subscribeProjectEvents(bus: EventBus, db: Database, logger: Logger) {
  return subscribeIdempotent(bus, db, {
    groupId: AUTHORS_GROUP,
    topics: [TOPICS.projects, TOPICS.billing],
    logger,
    handlers: {
      'project.created.v1': (e, tx) => applyProjectEvent(tx, e),
      'project.updated.v1': (e, tx) => applyProjectEvent(tx, e),
      'project.deleted.v1': (e, tx) => applyProjectEvent(tx, e),
      'project_storage.changed.v1': (e, tx) => applyProjectStorage(tx, e),
      'subscription.changed.v1': (e, tx) => applySubscriptionChanged(tx, e),
    },
  });
}

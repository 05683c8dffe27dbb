// Consumes project_storage.changed.v1 and author_storage.changed.v1 into the usage table
// (idempotently: handled event ids are recorded with the effect), so GET /api/subscriptions shows
// the user's stored bytes and project count. Each event carries the service's whole figure, so the
// newest one wins.
import { TOPICS } from '@castbook/contracts';
import { subscribeIdempotent, type Database, type EventBus, type Logger } from '@castbook/platform';
import { recordUsage } from '../db/billing.js';

export const USAGE_GROUP = 'billing-usage';

export function subscribeUsage(bus: EventBus, db: Database, logger: Logger) {
  return subscribeIdempotent(bus, db, {
    groupId: USAGE_GROUP,
    topics: [TOPICS.projects, TOPICS.authors],
    logger,
    handlers: {
      'project_storage.changed.v1': (event, tx) =>
        recordUsage(tx, {
          userId: event.payload.userId,
          source: 'projects',
          storageBytes: event.payload.storageBytes,
          projectCount: event.payload.projectCount,
          asOf: new Date(event.occurredAt),
        }),
      'author_storage.changed.v1': (event, tx) =>
        recordUsage(tx, {
          userId: event.payload.userId,
          source: 'authors',
          storageBytes: event.payload.storageBytes,
          projectCount: 0,
          asOf: new Date(event.occurredAt),
        }),
    },
  });
}

// author.*.v1 (authors.events), written to the outbox in the transaction of the change.
import { newEvent } from '@castbook/platform';
import { authorView, type AuthorRecord } from '../domain/authors.js';

type AuthorEventType = 'author.created.v1' | 'author.updated.v1' | 'author.deleted.v1';

/**
 * author_storage.changed.v1: the user's avatar bytes as they are in the transaction that changed them
 * (key = user id, so one user's totals arrive in order).
 */
export function storageChangedEvent(userId: string, storageBytes: number, meta: Record<string, string> = {}) {
  return newEvent('author_storage.changed.v1', userId, userId, { userId, storageBytes }, meta);
}

export function authorEvent(type: AuthorEventType, a: AuthorRecord, meta: Record<string, string> = {}) {
  return newEvent(
    type,
    a.id,
    a.userId,
    {
      authorId: a.id,
      userId: a.userId,
      firstName: a.firstName,
      lastName: a.lastName,
      avatar: authorView(a).avatar ?? null,
    },
    meta,
  );
}

// Author use cases: each state change and its event commit together (outbox); avatars are written
// to the images bucket before the row that points at them, and the old object removed after.
// Avatars count toward the plan's storage (issue 16): the user's bytes here plus those the projects
// service last announced may not go over the limit billing last announced (subscription.changed.v1).
import { randomUUID } from 'node:crypto';
import { LIMIT_MESSAGES, type EventEnvelope } from '@castbook/contracts';
import {
  HttpError,
  enqueueEvents,
  type BlobStore,
  type Database,
  type Logger,
  type Queryable,
} from '@castbook/platform';
import {
  deleteAuthor,
  findAuthor,
  findStorageLimit,
  insertAuthor,
  listAuthors,
  lockUserStorage,
  updateAuthor,
  userStorage,
} from '../db/authors.js';
import { authorEvent, storageChangedEvent } from '../events/author-events.js';
import { AUTHOR_MESSAGES, avatarKey, prepareAvatar, checkName, isUuid, type AuthorRecord } from './authors.js';
import type { StorageLimit, StoragePeers } from './peers.js';

/** The verified caller: the header is forwarded to billing when this service does not know the plan yet. */
export interface Caller {
  userId: string;
  authorization: string;
  requestId: string;
}

export interface AuthorInput {
  firstName?: string;
  lastName?: string;
  avatar?: Buffer;
  removeAvatar?: boolean;
}

export class Authors {
  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
    private readonly logger: Logger,
    private readonly peers: StoragePeers,
  ) {}

  list(userId: string): Promise<AuthorRecord[]> {
    return listAuthors(this.db.pool, userId);
  }

  async get(userId: string, id: string): Promise<AuthorRecord> {
    const found = isUuid(id) ? await findAuthor(this.db.pool, userId, id) : undefined;
    if (!found) throw new HttpError(404, AUTHOR_MESSAGES.notFound);
    return found;
  }

  async create(caller: Caller, input: AuthorInput): Promise<AuthorRecord> {
    const { userId, requestId } = caller;
    const now = new Date();
    const author: AuthorRecord = {
      id: randomUUID(),
      userId,
      firstName: checkName(input.firstName, AUTHOR_MESSAGES.firstName),
      lastName: checkName(input.lastName, AUTHOR_MESSAGES.lastName),
      avatarKey: null,
      avatarType: null,
      projectCount: 0,
      createdAt: now,
      updatedAt: now,
      avatarBytes: 0,
    };
    const image = input.avatar ? await prepareAvatar(input.avatar) : undefined;
    const limit = image ? await this.limit(caller) : undefined;
    try {
      await this.db.transaction(async (tx) => {
        const storage = await this.checkStorage(tx, caller, image?.bytes.length ?? 0, limit);
        if (image) await this.putAvatar(author, image, now);
        await insertAuthor(tx, author);
        await enqueueEvents(tx, [authorEvent('author.created.v1', author, { requestId }), ...(await storage())]);
      });
    } catch (err) {
      if (author.avatarKey) await this.removeObject(author.avatarKey);
      throw err;
    }
    return author;
  }

  async update(caller: Caller, id: string, input: AuthorInput): Promise<AuthorRecord> {
    const { userId, requestId } = caller;
    const current = await this.get(userId, id);
    const now = new Date();
    const next: AuthorRecord = {
      ...current,
      firstName:
        input.firstName === undefined ? current.firstName : checkName(input.firstName, AUTHOR_MESSAGES.firstName),
      lastName: input.lastName === undefined ? current.lastName : checkName(input.lastName, AUTHOR_MESSAGES.lastName),
      updatedAt: now,
    };
    const image = input.avatar ? await prepareAvatar(input.avatar) : undefined;
    if (!image && input.removeAvatar) Object.assign(next, { avatarKey: null, avatarType: null, avatarBytes: 0 });
    const limit = image ? await this.limit(caller) : undefined;
    let saved: AuthorRecord | undefined;
    try {
      saved = await this.db.transaction(async (tx) => {
        const locked = await findAuthor(tx, userId, id, true);
        if (!locked) return undefined;
        const added = (image?.bytes.length ?? next.avatarBytes) - locked.avatarBytes;
        const storage = await this.checkStorage(tx, caller, added, limit);
        if (image) await this.putAvatar(next, image, now);
        const merged = { ...next, projectCount: locked.projectCount };
        await updateAuthor(tx, merged);
        await enqueueEvents(tx, [authorEvent('author.updated.v1', merged, { requestId }), ...(await storage())]);
        return merged;
      });
    } catch (err) {
      // This request's object is its own (a new key): nothing points at it now.
      if (next.avatarKey && next.avatarKey !== current.avatarKey) await this.removeObject(next.avatarKey);
      throw err;
    }
    if (!saved) {
      if (next.avatarKey && next.avatarKey !== current.avatarKey) await this.removeObject(next.avatarKey);
      throw new HttpError(404, AUTHOR_MESSAGES.notFound);
    }
    if (current.avatarKey && current.avatarKey !== saved.avatarKey) await this.removeObject(current.avatarKey);
    return saved;
  }

  async remove(caller: Caller, id: string): Promise<void> {
    const { userId, requestId } = caller;
    if (!isUuid(id)) throw new HttpError(404, AUTHOR_MESSAGES.notFound);
    const removed = await this.db.transaction(async (tx) => {
      // Locked, so a project event cannot raise the count between the check and the delete.
      const author = await findAuthor(tx, userId, id, true);
      if (!author) throw new HttpError(404, AUTHOR_MESSAGES.notFound);
      if (author.projectCount > 0) throw new HttpError(409, AUTHOR_MESSAGES.hasProjects(author.projectCount));
      // Freeing bytes needs no limit; it is still announced (the projects service counts them).
      const storage = await this.checkStorage(tx, caller, -author.avatarBytes, undefined);
      await deleteAuthor(tx, userId, id);
      await enqueueEvents(tx, [authorEvent('author.deleted.v1', author, { requestId }), ...(await storage())]);
      return author;
    });
    if (removed.avatarKey) await this.removeObject(removed.avatarKey);
  }

  async avatar(userId: string, id: string): Promise<{ bytes: Buffer; type: string }> {
    const author = await this.get(userId, id);
    if (!author.avatarKey) throw new HttpError(404, 'This author has no avatar');
    return { bytes: await this.blobs.getBuffer('images', author.avatarKey), type: author.avatarType ?? 'image/png' };
  }

  private async putAvatar(author: AuthorRecord, image: { bytes: Buffer; type: string }, now: Date): Promise<void> {
    author.avatarKey = avatarKey(author, now.getTime());
    author.avatarType = image.type;
    author.avatarBytes = image.bytes.length;
    await this.blobs.put('images', author.avatarKey, image.bytes, image.type);
  }

  /** The caller's storage limit: the read model of subscription.changed.v1, else billing itself. */
  private async limit(caller: Caller): Promise<StorageLimit> {
    return (await findStorageLimit(this.db.pool, caller.userId)) ?? this.peers.storageLimit(caller.authorization);
  }

  /**
   * Inside the write's transaction: serialises the user's storage changes, refuses (413) a change that
   * adds `added` bytes over the limit, and answers a function that gives the author_storage.changed.v1
   * to commit with the write (none when the bytes did not change). A change that frees bytes is
   * always allowed, so a user over the limit after a downgrade can remove avatars.
   */
  private async checkStorage(
    tx: Queryable,
    caller: Caller,
    added: number,
    limit: StorageLimit | undefined,
  ): Promise<() => Promise<EventEnvelope[]>> {
    if (added === 0) return async () => [];
    await lockUserStorage(tx, caller.userId);
    const used = await userStorage(tx, caller.userId);
    if (added > 0 && limit && used.ownBytes + used.otherBytes + added > limit.maxStorageBytes) {
      throw new HttpError(413, LIMIT_MESSAGES.storageLimit(limit.tier, limit.maxStorageBytes));
    }
    return async () => {
      const after = await userStorage(tx, caller.userId);
      return [storageChangedEvent(caller.userId, after.ownBytes, { requestId: caller.requestId })];
    };
  }

  /** Storage clean-up after the commit; a failure leaves an orphan object, never a broken row. */
  private async removeObject(key: string): Promise<void> {
    try {
      await this.blobs.delete('images', key);
    } catch (err) {
      this.logger.warn({ err, key }, 'could not delete an old avatar');
    }
  }
}

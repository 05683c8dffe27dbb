// Author use cases: each state change and its event commit together (outbox); avatars are written
// to the images bucket before the row that points at them, and the old object removed after.
import { randomUUID } from 'node:crypto';
import { HttpError, enqueueEvents, type BlobStore, type Database, type Logger } from '@castbook/platform';
import { deleteAuthor, findAuthor, insertAuthor, listAuthors, updateAuthor } from '../db/authors.js';
import { authorEvent } from '../events/author-events.js';
import { AUTHOR_MESSAGES, avatarKey, prepareAvatar, checkName, isUuid, type AuthorRecord } from './authors.js';

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
  ) {}

  list(userId: string): Promise<AuthorRecord[]> {
    return listAuthors(this.db.pool, userId);
  }

  async get(userId: string, id: string): Promise<AuthorRecord> {
    const found = isUuid(id) ? await findAuthor(this.db.pool, userId, id) : undefined;
    if (!found) throw new HttpError(404, AUTHOR_MESSAGES.notFound);
    return found;
  }

  async create(userId: string, input: AuthorInput, requestId: string): Promise<AuthorRecord> {
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
    };
    if (input.avatar) await this.storeAvatar(author, input.avatar, now);
    await this.db.transaction(async (tx) => {
      await insertAuthor(tx, author);
      await enqueueEvents(tx, [authorEvent('author.created.v1', author, { requestId })]);
    });
    return author;
  }

  async update(userId: string, id: string, input: AuthorInput, requestId: string): Promise<AuthorRecord> {
    const current = await this.get(userId, id);
    const now = new Date();
    const next: AuthorRecord = {
      ...current,
      firstName:
        input.firstName === undefined ? current.firstName : checkName(input.firstName, AUTHOR_MESSAGES.firstName),
      lastName: input.lastName === undefined ? current.lastName : checkName(input.lastName, AUTHOR_MESSAGES.lastName),
      updatedAt: now,
    };
    if (input.avatar) await this.storeAvatar(next, input.avatar, now);
    else if (input.removeAvatar) Object.assign(next, { avatarKey: null, avatarType: null });
    const saved = await this.db.transaction(async (tx) => {
      const locked = await findAuthor(tx, userId, id, true);
      if (!locked) return undefined;
      const merged = { ...next, projectCount: locked.projectCount };
      await updateAuthor(tx, merged);
      await enqueueEvents(tx, [authorEvent('author.updated.v1', merged, { requestId })]);
      return merged;
    });
    if (!saved) throw new HttpError(404, AUTHOR_MESSAGES.notFound);
    if (current.avatarKey && current.avatarKey !== saved.avatarKey) await this.removeObject(current.avatarKey);
    return saved;
  }

  async remove(userId: string, id: string, requestId: string): Promise<void> {
    if (!isUuid(id)) throw new HttpError(404, AUTHOR_MESSAGES.notFound);
    const removed = await this.db.transaction(async (tx) => {
      // Locked, so a project event cannot raise the count between the check and the delete.
      const author = await findAuthor(tx, userId, id, true);
      if (!author) throw new HttpError(404, AUTHOR_MESSAGES.notFound);
      if (author.projectCount > 0) throw new HttpError(409, AUTHOR_MESSAGES.hasProjects(author.projectCount));
      await deleteAuthor(tx, userId, id);
      await enqueueEvents(tx, [authorEvent('author.deleted.v1', author, { requestId })]);
      return author;
    });
    if (removed.avatarKey) await this.removeObject(removed.avatarKey);
  }

  async avatar(userId: string, id: string): Promise<{ bytes: Buffer; type: string }> {
    const author = await this.get(userId, id);
    if (!author.avatarKey) throw new HttpError(404, 'This author has no avatar');
    return { bytes: await this.blobs.getBuffer('images', author.avatarKey), type: author.avatarType ?? 'image/png' };
  }

  private async storeAvatar(author: AuthorRecord, bytes: Buffer, now: Date): Promise<void> {
    const image = await prepareAvatar(bytes);
    author.avatarKey = avatarKey(author, now.getTime());
    author.avatarType = image.type;
    await this.blobs.put('images', author.avatarKey, image.bytes, image.type);
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

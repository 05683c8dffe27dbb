// Avatars and the plan's storage limit (issue 16), on the authors service's own database: the plan
// comes from subscription.changed.v1 (or billing, before it arrives), the user's bytes in the projects
// service from project_storage.changed.v1; an avatar that would go over is refused with nothing kept,
// and every change of the avatar bytes is announced (author_storage.changed.v1) in its transaction.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, type PlanId, type TypedEvent } from '@castbook/contracts';
import { createBlobStore, createLogger, Database, handleOnce, newEvent, type BlobStore } from '@castbook/platform';
import { createTestDatabase } from '@castbook/test-kit';
import { Authors, type Caller } from '../src/domain/author-service.js';
import { catalogueLimit, type StoragePeers } from '../src/domain/peers.js';
import { applyProjectStorage, applySubscriptionChanged, AUTHORS_GROUP } from '../src/events/project-counts.js';

const MB = 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const REFUSAL = 'Storage limit reached: your Free plan includes 100 MB of storage.';

let db: Database;
let blobs: BlobStore;
let blobDir: string;
/** Billing as the fallback sees it: every caller is on a Pro trial. */
const asked: string[] = [];
const peers: StoragePeers = {
  storageLimit: async (authorization) => {
    asked.push(authorization);
    return catalogueLimit('pro');
  },
};

beforeAll(async () => {
  const logger = createLogger('test', 'warn');
  db = new Database({
    url: await createTestDatabase('authors_storage'),
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    logger,
  });
  await db.migrate();
  blobDir = await mkdtemp(join(tmpdir(), 'castbook-authors-storage-'));
  blobs = createBlobStore({ BLOB_DIR: blobDir }, logger);
  await blobs.start();
});
afterAll(async () => {
  await db?.close();
  await blobs?.stop();
  if (blobDir) await rm(blobDir, { recursive: true, force: true });
});

const caller = (userId: string): Caller => ({ userId, authorization: `Bearer ${userId}`, requestId: 'r1' });
const apply = <T extends 'subscription.changed.v1' | 'project_storage.changed.v1'>(e: TypedEvent<T>) =>
  handleOnce(db, AUTHORS_GROUP, e, (tx) =>
    e.type === 'subscription.changed.v1'
      ? applySubscriptionChanged(tx, e as TypedEvent<'subscription.changed.v1'>)
      : applyProjectStorage(tx, e as TypedEvent<'project_storage.changed.v1'>),
  );
const plan = (userId: string, tier: PlanId) =>
  newEvent('subscription.changed.v1', userId, userId, {
    userId,
    tier: tier === 'enterprise' ? 'pro' : tier,
    status: 'active',
    limits: PLANS[tier].limits,
    features: [...PLANS[tier].featureIds],
  });
const projectBytes = (userId: string, storageBytes: number, occurredAt?: string) => {
  const e = newEvent('project_storage.changed.v1', userId, userId, { userId, storageBytes, projectCount: 1 });
  return occurredAt ? { ...e, occurredAt } : e;
};
/** author_storage.changed.v1 events in the outbox for the user, oldest first. */
const announced = async (userId: string) =>
  (
    await db.query<{ envelope: { payload: { storageBytes: number } } }>(
      `SELECT envelope FROM outbox WHERE envelope->>'type' = 'author_storage.changed.v1' AND key = $1 ORDER BY position`,
      [userId],
    )
  ).rows.map((r) => r.envelope.payload.storageBytes);
const avatarFiles = async (userId: string) =>
  (
    await readdir(join(blobDir, 'images', 'avatars', userId), { recursive: true, withFileTypes: true }).catch(() => [])
  ).filter((e) => e.isFile()).length;

describe('avatars and the storage limit', () => {
  it("refuses an avatar that would take the projects' bytes plus the avatars over the plan, keeping nothing", async () => {
    const authors = new Authors(db, blobs, createLogger('test', 'warn'), peers);
    const user = 'u-free';
    await apply(plan(user, 'free'));
    await apply(projectBytes(user, 100 * MB - 10));
    await expect(authors.create(caller(user), { firstName: 'A', lastName: 'B', avatar: PNG })).rejects.toMatchObject({
      statusCode: 413,
      message: REFUSAL,
    });
    expect(await authors.list(user)).toEqual([]);
    expect(await avatarFiles(user)).toBe(0);
    expect(await announced(user)).toEqual([]);

    // Without an avatar the author is fine; adding one is refused the same way.
    const author = await authors.create(caller(user), { firstName: 'A', lastName: 'B' });
    await expect(authors.update(caller(user), author.id, { avatar: PNG })).rejects.toMatchObject({ statusCode: 413 });
    expect((await authors.get(user, author.id)).avatarKey).toBeNull();
    expect(await avatarFiles(user)).toBe(0);

    // An older event (delivered late) does not undo a newer one; a newer one frees room.
    await apply(projectBytes(user, 0, new Date(Date.now() - 60_000).toISOString()));
    await expect(authors.update(caller(user), author.id, { avatar: PNG })).rejects.toMatchObject({ statusCode: 413 });
    await apply(projectBytes(user, 1000));
    const pictured = await authors.update(caller(user), author.id, { avatar: PNG });
    expect(pictured.avatarBytes).toBeGreaterThan(0);
    expect(await announced(user)).toEqual([pictured.avatarBytes]);
    expect(asked).toEqual([]); // the plan came from the event

    // Removing it frees the bytes, announced too.
    await authors.update(caller(user), author.id, { removeAvatar: true });
    expect(await announced(user)).toEqual([pictured.avatarBytes, 0]);
  });

  it('follows the plan: Pro takes what Free refused; before any plan event, billing is asked', async () => {
    const authors = new Authors(db, blobs, createLogger('test', 'warn'), peers);
    const user = 'u-upgrade';
    await apply(plan(user, 'free'));
    await apply(projectBytes(user, 100 * MB));
    await expect(authors.create(caller(user), { firstName: 'C', lastName: 'D', avatar: PNG })).rejects.toMatchObject({
      statusCode: 413,
    });
    await apply(plan(user, 'pro'));
    const created = await authors.create(caller(user), { firstName: 'C', lastName: 'D', avatar: PNG });
    expect(await avatarFiles(user)).toBe(1);
    // Deleting the author frees its avatar's bytes.
    await authors.remove(caller(user), created.id);
    expect(await announced(user)).toEqual([created.avatarBytes, 0]);

    // A Pro trial a moment after registering: no event yet, billing's answer applies.
    const trial = 'u-trial';
    await apply(projectBytes(trial, 100 * MB));
    expect((await authors.create(caller(trial), { firstName: 'E', lastName: 'F', avatar: PNG })).avatarBytes).toBe(
      (await authors.list(trial))[0]!.avatarBytes,
    );
    expect(asked).toEqual(['Bearer u-trial']);
  });
});

// The authors service's projection of project events: each event applied once (the idempotent
// consumer), the count following a project to its new author. Through the gateway, the counts are
// covered by services/projects/test/workspace.int.test.ts ("projects").
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, Database, handleOnce, newEvent } from '@castbook/platform';
import { createTestDatabase } from '@castbook/test-kit';
import { insertAuthor } from '../src/db/authors.js';
import { applyProjectEvent, AUTHORS_GROUP } from '../src/events/project-counts.js';

describe('project counts', () => {
  let db: Database;
  beforeAll(async () => {
    db = new Database({
      url: await createTestDatabase('authors_counts'),
      migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
      logger: createLogger('test', 'warn'),
    });
    await db.migrate();
  });
  afterAll(async () => db?.close());

  it('applies each project event once and follows a project to its new author', async () => {
    const now = new Date();
    const author = (id: string) => ({
      id,
      userId: 'u1',
      firstName: 'F',
      lastName: 'L',
      avatarKey: null,
      avatarType: null,
      projectCount: 0,
      createdAt: now,
      updatedAt: now,
      avatarBytes: 0,
    });
    const [a, b] = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
    await insertAuthor(db.pool, author(a));
    await insertAuthor(db.pool, author(b));
    const counts = async () =>
      (await db.query('SELECT id, project_count FROM authors ORDER BY id')).rows.map((r) => r.project_count as number);
    const payload = { projectId: 'p1', userId: 'u1', authorId: a, title: 'T', contentVersion: 1, wordCount: 3 };
    const created = newEvent('project.created.v1', 'p1', 'u1', payload);
    const apply = (e: Parameters<typeof applyProjectEvent>[1]) =>
      handleOnce(db, AUTHORS_GROUP, e, (tx) => applyProjectEvent(tx, e));
    expect(await apply(created)).toBe(true);
    expect(await apply(created)).toBe(false);
    expect(await counts()).toEqual([1, 0]);
    await apply(newEvent('project.updated.v1', 'p1', 'u1', { ...payload, authorId: b }));
    expect(await counts()).toEqual([0, 1]);
    await apply(newEvent('project.deleted.v1', 'p1', 'u1', { ...payload, authorId: b }));
    expect(await counts()).toEqual([0, 0]);
  });
});

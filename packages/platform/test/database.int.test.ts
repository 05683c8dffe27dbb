import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Database, ensureDatabase } from '../src/db/database.js';
import { createLogger } from '../src/logging/logger.js';
import { createTestDatabase } from '@castbook/test-kit';

describe('Database on real PostgreSQL', () => {
  let db: Database;

  beforeAll(async () => {
    db = new Database({ url: await createTestDatabase('db'), logger: createLogger('test', 'warn') });
    await db.migrate();
  });
  afterAll(() => db.close());

  it('creates the outbox and handled-events tables, and migrating again changes nothing', async () => {
    await db.migrate();
    const { rows } = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['handled_events', 'outbox', 'platform_migrations']),
    );
    const applied = await db.query('SELECT name FROM platform_migrations');
    expect(applied.rowCount).toBe(1);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.query('CREATE TABLE notes (body text)');
    await db.transaction((tx) => tx.query("INSERT INTO notes VALUES ('kept')"));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES ('lost')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ body: string }>('SELECT body FROM notes');
    expect(rows).toEqual([{ body: 'kept' }]);
  });

  it('reports health', async () => {
    expect(await db.health()).toEqual({ ok: true });
  });

  it('lets processes that start together create and migrate the same new database', async () => {
    const url = new URL(await createTestDatabase('db_race_base'));
    url.pathname = `/race_${Date.now().toString(36)}_${process.pid}`;
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(() => ensureDatabase(url.toString())));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const twins = [1, 2].map(() => new Database({ url: url.toString(), logger: createLogger('test', 'warn') }));
    try {
      await Promise.all(twins.map((d) => d.migrate()));
      expect((await twins[0]!.query('SELECT name FROM platform_migrations')).rowCount).toBe(1);
    } finally {
      await Promise.all(twins.map((d) => d.close()));
      const admin = new URL(url);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${url.pathname.slice(1)}`);
      await client.end();
    }
  });
});

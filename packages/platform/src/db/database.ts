// PostgreSQL access for one service: a pg pool, transactions, and migrations run at boot by
// node-pg-migrate (platform tables first, then the service's own migrations/NNN_name.sql).
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import type { Logger } from '../logging/logger.js';

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface DatabaseOptions {
  url: string;
  /** The service's own migrations folder (holding NNN_name.sql files). */
  migrationsDir?: string;
  logger: Logger;
  /** Pool size; defaults to 10. */
  max?: number;
}

const PLATFORM_MIGRATIONS = fileURLToPath(new URL('../../migrations', import.meta.url));

export class Database {
  readonly pool: pg.Pool;
  private readonly options: DatabaseOptions;
  /** Connections not yet closed; close() waits for them (pool.end() only asks them to close). */
  private readonly open = new Set<Promise<void>>();

  constructor(options: DatabaseOptions) {
    this.options = options;
    this.pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    this.pool.on('error', (err) => options.logger.warn({ err }, 'idle database client error'));
    this.pool.on('connect', (client) => {
      const closed = new Promise<void>((resolve) => client.once('end', resolve));
      this.open.add(closed);
      void closed.then(() => this.open.delete(closed));
    });
  }

  /** Runs the platform's and the service's pending migrations. */
  async migrate(): Promise<void> {
    const log = (msg: string) => this.options.logger.debug(msg);
    const client = await this.pool.connect();
    try {
      const common = {
        dbClient: client,
        direction: 'up' as const,
        log,
        logger: { debug: log, info: log, warn: log, error: log },
        checkOrder: true,
        // Processes of one service that start together (two analysis processes) migrate one after the
        // other: the second waits for the advisory lock, then finds nothing left to do, instead of failing.
        advisoryLockMode: 'wait' as const,
      };
      await runner({ ...common, dir: PLATFORM_MIGRATIONS, migrationsTable: 'platform_migrations' });
      const own = this.options.migrationsDir;
      // A service gets its own migrations folder with its first table; until then only the platform's run.
      if (own && existsSync(own) && readdirSync(own).some((f) => f.endsWith('.sql'))) {
        await runner({ ...common, dir: own, migrationsTable: 'service_migrations' });
      }
    } finally {
      client.release();
    }
  }

  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]) {
    return this.pool.query<R>(text, values);
  }

  /** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
  async transaction<T>(fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async health(): Promise<{ ok: boolean; error?: string }> {
    try {
      await this.pool.query('SELECT 1');
      return { ok: true };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }

  /**
   * Closes the pool once its connections are back, and waits until every connection has closed,
   * so a database server stopped right after sees no client still hanging up.
   */
  async close(): Promise<void> {
    await this.pool.end();
    // Bounded: a connection that never reports its end must not hold up a shutdown.
    await Promise.race([Promise.all(this.open), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  }
}

/** Creates the database named in `url` if it does not exist, connecting to the server's `postgres` db. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`database name '${name}' must be lower-case letters, digits and _`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${name}`).catch((err: { code?: string }) => {
        // Created meanwhile by another process (two analysis processes start together): PostgreSQL
        // says so as 42P04, or, when both CREATEs race past its check, as a unique violation (23505)
        // on pg_database's name index.
        if (err.code !== '42P04' && err.code !== '23505') throw err;
      });
    }
  } finally {
    await client.end();
  }
}

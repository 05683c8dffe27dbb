// Start/stop helpers for local infrastructure without Docker: Kafka (KRaft), MinIO, PostgreSQL.
// Used by the infra test tier (../infra-setup.ts), `npm run start:cluster`
// (infra/scripts/start-cluster.ts) and benchmarks, as `@castbook/test-kit/servers`. Every server
// binds 127.0.0.1 on a free port unless told otherwise, and dies with the Node process that started
// it.
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKafka, type KafkaOptions, type RunningKafka } from './kafka.js';
import { startMinio, type MinioOptions, type RunningMinio } from './minio.js';
import { startPostgresServer, type PostgresOptions, type RunningPostgresServer } from './postgres.js';

export * from './kafka.js';
export * from './minio.js';
export * from './postgres.js';
export { cacheDir, findBinary, findInstall, findKafkaHome, freePort, REPO_ROOT, type InfraInstall } from './paths.js';
export {
  startProcess,
  stopAllProcesses,
  waitUntil,
  type ManagedProcess,
  type ManagedProcessOptions,
} from './processes.js';

export interface InfraOptions {
  /** Base folder for all three (kafka/, minio/, postgres/ inside). Default: a temp dir removed on stop. */
  dataDir?: string;
  kafka?: Omit<KafkaOptions, 'dataDir'> | false;
  minio?: Omit<MinioOptions, 'dataDir'> | false;
  postgres?: Omit<PostgresOptions, 'dataDir'> | false;
}

export interface RunningInfra {
  kafka?: RunningKafka;
  minio?: RunningMinio;
  postgres?: RunningPostgresServer;
  dataDir: string;
  /** Stops everything started, and removes the data folder when it was a temp one. */
  stop(): Promise<void>;
}

const TEMP_PREFIX = 'castbook-infra-';
const OWNER_FILE = 'owner.pid';

/**
 * Removes temp folders of earlier runs whose process is gone: a runner killed hard (kill -9, a CI
 * timeout) takes its servers with it (parent-death signal) but cannot delete their data. Only
 * folders holding our owner file are touched; a live owner (another test run) keeps its folder.
 */
async function sweepAbandonedTempDirs(): Promise<void> {
  const entries = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const name of entries.filter((n) => n.startsWith(TEMP_PREFIX))) {
    const dir = join(tmpdir(), name);
    const pid = Number(await readFile(join(dir, OWNER_FILE), 'utf8').catch(() => ''));
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') await rm(dir, { recursive: true, force: true });
    }
  }
}

/**
 * Starts the three servers in parallel (pass `false` to leave one out). If one fails, the others are
 * stopped before the error is thrown.
 */
export async function startInfra(options: InfraOptions = {}): Promise<RunningInfra> {
  const temp = !options.dataDir;
  if (temp) await sweepAbandonedTempDirs();
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), TEMP_PREFIX)));
  if (temp) await writeFile(join(dataDir, OWNER_FILE), String(process.pid));
  // mkdtemp makes a 0700 folder; PostgreSQL, run as the `postgres` user when we are root, must get in.
  if (temp) await chmod(dataDir, 0o755);
  const results = await Promise.allSettled([
    options.kafka === false ? undefined : startKafka({ ...options.kafka, dataDir: join(dataDir, 'kafka') }),
    options.minio === false ? undefined : startMinio({ ...options.minio, dataDir: join(dataDir, 'minio') }),
    options.postgres === false
      ? undefined
      : startPostgresServer({ ...options.postgres, dataDir: join(dataDir, 'postgres') }),
  ]);
  const [kafka, minio, postgres] = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined)) as [
    RunningKafka | undefined,
    RunningMinio | undefined,
    RunningPostgresServer | undefined,
  ];
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await Promise.all([kafka?.stop(), minio?.stop(), postgres?.stop()]);
      if (temp) await rm(dataDir, { recursive: true, force: true });
    })());
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failures.length) {
    await stop();
    throw new Error(failures.map((f) => (f.reason as Error).message).join('\n\n'));
  }
  return { kafka, minio, postgres, dataDir, stop };
}

// A single-drive MinIO server (S3 API) from the binary infra/scripts/install.sh built.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findBinary, freePort } from './paths.js';
import { startProcess, waitUntil, withTempDirRemoval, type ManagedProcess } from './processes.js';

export interface MinioOptions {
  /** Data folder; kept between runs when given, a temp dir otherwise. */
  dataDir?: string;
  /** S3 API port (default: a free one). */
  port?: number;
  /** Web console port (default: a free one). */
  consolePort?: number;
  /** Root user; MinIO wants at least 3 characters (default 'castbook'). */
  accessKey?: string;
  /** Root password; MinIO wants at least 8 characters (default 'castbook-secret'). */
  secretKey?: string;
  onLine?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
}

export interface RunningMinio {
  /** Connection settings in the shape of the `minio` client's constructor options. */
  endPoint: string;
  port: number;
  useSSL: false;
  accessKey: string;
  secretKey: string;
  /** http://127.0.0.1:PORT, the MINIO_ENDPOINT services take. */
  url: string;
  consoleUrl: string;
  dataDir: string;
  logFile: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

async function ready(url: string): Promise<boolean> {
  const res = await fetch(`${url}/minio/health/ready`, { signal: AbortSignal.timeout(2000) });
  return res.status === 200;
}

async function startOnce(options: MinioOptions, binary: string, dataDir: string): Promise<RunningMinio> {
  const port = options.port ?? (await freePort());
  let consolePort = options.consolePort ?? (await freePort());
  while (consolePort === port) consolePort = await freePort();
  const accessKey = options.accessKey ?? 'castbook';
  const secretKey = options.secretKey ?? 'castbook-secret';
  const logFile = join(dataDir, 'minio.log');
  const proc = startProcess({
    name: 'minio',
    command: binary,
    args: [
      'server',
      join(dataDir, 'data'),
      '--address',
      `127.0.0.1:${port}`,
      '--console-address',
      `127.0.0.1:${consolePort}`,
      // Keeps MinIO from writing to ~/.minio (shared between runs and users).
      '--certs-dir',
      join(dataDir, 'certs'),
      '--quiet',
    ],
    env: {
      ...(options.env ?? process.env),
      MINIO_ROOT_USER: accessKey,
      MINIO_ROOT_PASSWORD: secretKey,
      // No phoning home for updates from a dev/test server.
      MINIO_UPDATE: 'off',
    },
    logFile,
    onLine: options.onLine,
    stopSignal: 'SIGTERM',
    stopTimeoutMs: 15_000,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntil(`MinIO on ${url}`, () => ready(url), {
      timeoutMs: options.startTimeoutMs ?? 60_000,
      process: proc,
      logFile,
    });
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return {
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey,
    secretKey,
    url,
    consoleUrl: `http://127.0.0.1:${consolePort}`,
    dataDir,
    logFile,
    process: proc,
    stop: () => proc.stop(),
  };
}

/** Starts MinIO, resolving once /minio/health/ready answers 200. */
export async function startMinio(options: MinioOptions = {}): Promise<RunningMinio> {
  const binary = findBinary('minio', options.env);
  if (!binary) throw new Error('MinIO is not installed: run `npm run infra:install`');
  const dataDir = resolve(options.dataDir ?? (await mkdtemp(join(tmpdir(), 'castbook-minio-'))));
  await mkdir(join(dataDir, 'data'), { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      const minio = await startOnce(options, binary, dataDir);
      return options.dataDir ? minio : withTempDirRemoval(minio, dataDir);
    } catch (err) {
      const portClash = /address already in use|bind:/i.test(String((err as Error).message));
      if (!portClash || options.port || attempt >= 3) throw err;
    }
  }
}

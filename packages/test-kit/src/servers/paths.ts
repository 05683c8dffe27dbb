// Where infra/scripts/install.sh put things, and free loopback ports.
import { accessSync, constants, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
export const INFRA_DIR = join(REPO_ROOT, 'infra');

/** The install cache, outside the clone: ${CASTBOOK_CACHE:-$HOME/.cache/castbook}. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.CASTBOOK_CACHE ?? join(homedir(), '.cache', 'castbook'));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A binary from the cache, else from PATH; undefined when neither has it. */
export function findBinary(
  name: 'minio' | 'k6' | 'stripe-mock',
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const cached = join(cacheDir(env), 'bin', name);
  if (isExecutable(cached)) return cached;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** The Kafka install (a folder holding libs/*.jar), or undefined when not installed. */
export function findKafkaHome(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const home = env.KAFKA_HOME ?? join(cacheDir(env), 'kafka');
  return existsSync(join(home, 'libs')) ? home : undefined;
}

export function javaBinary(env: NodeJS.ProcessEnv = process.env): string {
  return env.JAVA_HOME ? join(env.JAVA_HOME, 'bin', 'java') : 'java';
}

export interface InfraInstall {
  kafkaHome?: string;
  minio?: string;
  k6?: string;
  /** What is missing, as a sentence, or undefined when all of Kafka and MinIO are there. */
  missing?: string;
}

export function findInstall(env: NodeJS.ProcessEnv = process.env): InfraInstall {
  const found = { kafkaHome: findKafkaHome(env), minio: findBinary('minio', env), k6: findBinary('k6', env) };
  const lacking = [!found.kafkaHome && 'Kafka', !found.minio && 'MinIO'].filter(Boolean);
  return {
    ...found,
    missing: lacking.length
      ? `${lacking.join(' and ')} not installed in ${cacheDir(env)}: run \`npm run infra:install\``
      : undefined,
  };
}

/**
 * Asks the OS for a free loopback TCP port. Another process could take it before our server binds;
 * the starters retry with new ports when a server exits right after starting.
 */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolvePort(addr.port) : reject(new Error('no free port'))));
    });
  });
}

// The composition root: starts the chosen targets in this process with shared adapters (event bus,
// blob store, database server) chosen from configuration. `npm start` = all targets, embedded mode.
import { resolve } from 'node:path';
import { TOPICS } from '@castbook/contracts';
import {
  ConfigError,
  createBlobStore,
  createEventBus,
  createLogger,
  type RunningTarget,
  type Target,
} from '@castbook/platform';
import { parseTargets, UsageError, type TargetName } from './args.js';
import { planDatabases, type DatabasePlan } from './databases.js';
import { ALL_TARGETS } from './targets.js';

const logger = createLogger('castbook');
const stoppers: Array<() => Promise<void>> = [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const stop of stoppers.reverse()) {
      await stop().catch((err: Error) => logger.warn({ err }, 'error while stopping'));
    }
  }
  process.exit(code);
}

function serviceUrlVar(name: TargetName) {
  return `${name.toUpperCase()}_URL`;
}

async function main() {
  const names = parseTargets(process.argv.slice(2));
  const dataDir = resolve(process.env.DATA_DIR ?? '.castbook');
  const env: NodeJS.ProcessEnv = { BLOB_DIR: resolve(dataDir, 'files'), ...process.env };
  const services = names.filter((n) => n !== 'gateway');
  const together = names.length > 1;

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      logger.info(`${signal}: stopping`);
      void stopAll(0);
    });
  }

  const databases: DatabasePlan = await planDatabases(env, services, dataDir, logger);
  stoppers.push(() => databases.stop());

  const bus = createEventBus(env, logger);
  await bus.start(Object.values(TOPICS));
  stoppers.push(() => bus.stop());
  const blobs = createBlobStore(env, logger);
  await blobs.start();
  stoppers.push(() => blobs.stop());

  const started = new Map<TargetName, RunningTarget>();
  const startTarget = async (target: Target, targetEnv: NodeJS.ProcessEnv) => {
    const running = await target.start({ env: targetEnv, logger, bus, blobs });
    started.set(target.name as TargetName, running);
    stoppers.push(() => running.stop());
  };
  // Services are independent of each other: start them side by side, then the gateway in front.
  const results = await Promise.allSettled(
    ALL_TARGETS.filter((t) => t.name !== 'gateway' && names.includes(t.name as TargetName)).map((target) => {
      const targetEnv: NodeJS.ProcessEnv = { ...env, DATABASE_URL: databases.urlFor(target.name) };
      // Several services in one process each take a free port unless told otherwise.
      if (together) targetEnv.PORT = env[`${target.name.toUpperCase()}_PORT`] ?? '0';
      return startTarget(target, targetEnv);
    }),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  if (names.includes('gateway')) {
    const targetEnv: NodeJS.ProcessEnv = { ...env };
    for (const [svc, running] of started) targetEnv[serviceUrlVar(svc)] = running.url;
    await startTarget(ALL_TARGETS.find((t) => t.name === 'gateway')!, targetEnv);
  }
  const gateway = started.get('gateway');
  logger.info({ targets: names, url: gateway?.url }, gateway ? `Castbook is up at ${gateway.url.replace('127.0.0.1', 'localhost')}` : 'targets started');
}

// Whatever goes wrong later, never leave the database server behind.
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception');
  void stopAll(1);
});

main().catch(async (err: Error) => {
  // Bad configuration or an unreachable dependency: one clear line, no stack trace.
  const known = err instanceof ConfigError || err instanceof UsageError;
  const line = known ? err.message : `failed to start: ${err.message}`;
  process.stderr.write(`castbook: ${line}\n`);
  if (!known) logger.debug({ err }, 'start-up failure');
  await stopAll(1);
});

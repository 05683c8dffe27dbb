// The composition root: starts the chosen targets in this process with shared adapters (event bus,
// blob store, database server) chosen from configuration. `npm start` = all targets, embedded mode.
import { resolve } from 'node:path';
import { TOPICS } from '@castbook/contracts';
import { ConfigError, createBlobStore, createEventBus, createLogger } from '@castbook/platform';
import { parseTargets, UsageError, type TargetName } from './args.js';
import { planDatabases, type DatabasePlan } from './databases.js';
import { startTargets } from './start-targets.js';
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

async function main() {
  const names = parseTargets(process.argv.slice(2));
  const dataDir = resolve(process.env.DATA_DIR ?? '.castbook');
  const env: NodeJS.ProcessEnv = { BLOB_DIR: resolve(dataDir, 'files'), ...process.env };
  const services = names.filter((n) => n !== 'gateway');

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

  const started = await startTargets({
    targets: ALL_TARGETS.filter((t) => names.includes(t.name as TargetName)),
    env,
    logger,
    bus,
    blobs,
    databaseUrlFor: (name) => databases.urlFor(name),
    onStarted: (running) => stoppers.push(() => running.stop()),
  });
  const gateway = started.get('gateway');
  logger.info(
    { targets: names, url: gateway?.url },
    gateway ? `Castbook is up at ${gateway.url.replace('127.0.0.1', 'localhost')}` : 'targets started',
  );
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

// The composition root: starts the chosen targets in this process with shared adapters (event bus,
// blob store, database server) chosen from configuration. `npm start` = all targets, embedded mode.
import { resolve } from 'node:path';
import { TOPICS } from '@castbook/contracts';
import { ConfigError, createBlobStore, createEventBus, createLogger, type RunningTarget } from '@castbook/platform';
import { parseTargets, UsageError, type TargetName } from './args.js';
import { planDatabases, type DatabasePlan } from './databases.js';
import { startTargets } from './start-targets.js';
import { ALL_TARGETS } from './targets.js';

const logger = createLogger('castbook');

// Node 24 is the prerequisite (package.json "engines"). An older Node starts every service and then
// dies on the analysis engine's worker thread ("Unknown file extension .ts"): refuse at once, saying why.
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
if (NODE_MAJOR < 24) {
  console.error(
    `Castbook needs Node 24 or newer (package.json "engines"); this is Node ${process.versions.node}. ` +
      'See "Prerequisites" in README.md.',
  );
  process.exit(1);
}
/** Shared adapters (database server, bus, blob store), stopped last, in reverse order. */
const stoppers: Array<() => Promise<void>> = [];
/** Targets as they came up; stopped first (see stopAll). */
const running: RunningTarget[] = [];
let stopping: Promise<never> | undefined;

/** Longest a shutdown may take before what is left is abandoned (the Hardening issue: ≤ 10 s). */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 9000);

/**
 * Graceful shutdown: the gateway stops taking requests and answers those in flight; then every
 * service at once (each answers its requests in flight, stops its consumers after committing,
 * flushes its outbox and closes its pool: serviceTarget's stop); then the blob store, the bus and
 * the database server. If that takes longer than SHUTDOWN_TIMEOUT_MS, or a second signal comes,
 * the database server is still stopped (never left behind) and the process exits with 1.
 */
function stopAll(code: number): Promise<never> {
  stopping ??= (async () => {
    const began = performance.now();
    const force = setTimeout(() => {
      logger.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long; stopping at once');
      void forceStop();
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    const stop = (what: string, fn: () => Promise<void>) =>
      fn().catch((err: Error) => logger.warn({ err, what }, 'error while stopping'));
    const targets = running.splice(0).reverse();
    const edge = targets.filter((t) => t.name === 'gateway');
    await Promise.all(edge.map((t) => stop(t.name, () => t.stop())));
    const services = targets.filter((t) => t.name !== 'gateway');
    await Promise.all(services.map((t) => stop(t.name, () => t.stop())));
    for (const fn of stoppers.splice(0).reverse()) await stop('adapter', fn);
    clearTimeout(force);
    logger.info({ ms: Math.round(performance.now() - began) }, 'stopped');
    process.exit(code);
  })();
  return stopping;
}

/** After the timeout or a second signal: only what must not outlive the process (PostgreSQL). */
let databasesStop: (() => Promise<void>) | undefined;
let forcing = false;
async function forceStop(): Promise<never> {
  if (!forcing) {
    forcing = true;
    await databasesStop?.().catch((err: Error) => logger.warn({ err }, 'error while stopping PostgreSQL'));
  }
  process.exit(1);
}

async function main() {
  const names = parseTargets(process.argv.slice(2));
  const dataDir = resolve(process.env.DATA_DIR ?? '.castbook');
  const env: NodeJS.ProcessEnv = { BLOB_DIR: resolve(dataDir, 'files'), ...process.env };
  const services = names.filter((n) => n !== 'gateway');

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        logger.warn(`${signal} again: stopping at once`);
        return void forceStop();
      }
      logger.info(`${signal}: stopping`);
      void stopAll(0);
    });
  }

  const databases: DatabasePlan = await planDatabases(env, services, dataDir, logger);
  stoppers.push(() => databases.stop());
  databasesStop = () => databases.stop();

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
    onStarted: (target) => running.push(target),
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

// Starts targets with the environment each one needs from those started before it. Used by the
// launcher (main.ts) and by integration tests that run a few targets in one process.
// Order: auth first (the others verify tokens against its keys, so they need its URL), then the
// other services side by side, except that a service which calls others synchronously starts after
// them (authors calls billing and projects calls authors and billing when their read models lag;
// analysis calls projects for progress), then the gateway in front.
// Every service gets the `{NAME}_URL` of each service started before it.
import {
  processServiceSecret,
  type BlobStore,
  type EventBus,
  type Logger,
  type RunningTarget,
  type Target,
} from '@castbook/platform';

export interface StartTargetsOptions {
  targets: Target[];
  env: NodeJS.ProcessEnv;
  logger: Logger;
  bus: EventBus;
  blobs: BlobStore;
  /** Each service's database URL (undefined: the service reads DATABASE_URL from env). */
  databaseUrlFor(service: string): string | undefined;
  /** Called as each target is up, so a failure later can still stop it. */
  onStarted?(running: RunningTarget): void;
}

const JWKS_PATH = '/.well-known/jwks.json';

/** Services that call others synchronously, so start once those are up: one wave each, in order. */
const STARTS_LATE = ['authors', 'projects', 'analysis'];

export async function startTargets(options: StartTargetsOptions): Promise<Map<string, RunningTarget>> {
  const { targets } = options;
  const together = targets.length > 1;
  // Service credentials (internal routes): targets of one process share a secret made here when
  // SERVICE_SECRET is not set (embedded mode needs no keys); targets in other processes need it set.
  if (!options.env.SERVICE_SECRET && !together) {
    options.logger.warn(
      'SERVICE_SECRET is not set: this target can neither call nor be called by targets in other processes',
    );
  }
  const env: NodeJS.ProcessEnv = {
    ...options.env,
    SERVICE_SECRET: options.env.SERVICE_SECRET ?? processServiceSecret(),
  };
  const hasGateway = targets.some((t) => t.name === 'gateway');
  const started = new Map<string, RunningTarget>();

  const start = async (target: Target, targetEnv: NodeJS.ProcessEnv) => {
    const running = await target.start({
      env: targetEnv,
      logger: options.logger,
      bus: options.bus,
      blobs: options.blobs,
    });
    started.set(target.name, running);
    options.onStarted?.(running);
  };
  const serviceEnv = (name: string): NodeJS.ProcessEnv => {
    const targetEnv: NodeJS.ProcessEnv = { ...env, DATABASE_URL: options.databaseUrlFor(name) };
    // Several services in one process each take a free port unless told otherwise.
    if (together) targetEnv.PORT = env[`${name.toUpperCase()}_PORT`] ?? '0';
    // Links in mails point at the gateway this process serves.
    if (name === 'auth' && hasGateway && !env.APP_BASE_URL) {
      targetEnv.APP_BASE_URL = `http://localhost:${env.PORT ?? '8080'}`;
    }
    // Services verify tokens against auth's keys: when auth runs here, point them at it.
    const auth = started.get('auth');
    if (auth && !env.AUTH_JWKS_URL) targetEnv.AUTH_JWKS_URL = `${auth.url}${JWKS_PATH}`;
    for (const [svc, running] of started) targetEnv[`${svc.toUpperCase()}_URL`] = running.url;
    return targetEnv;
  };

  const auth = targets.find((t) => t.name === 'auth');
  if (auth) await start(auth, serviceEnv('auth'));
  const others = targets.filter((t) => t.name !== 'auth' && t.name !== 'gateway');
  const waves = [
    others.filter((t) => !STARTS_LATE.includes(t.name)),
    ...STARTS_LATE.map((n) => others.filter((t) => t.name === n)),
  ];
  for (const wave of waves.filter((w) => w.length > 0)) {
    const results = await Promise.allSettled(wave.map((t) => start(t, serviceEnv(t.name))));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  }
  const gateway = targets.find((t) => t.name === 'gateway');
  if (gateway) {
    const targetEnv: NodeJS.ProcessEnv = { ...env };
    for (const [svc, running] of started) targetEnv[`${svc.toUpperCase()}_URL`] = running.url;
    await start(gateway, targetEnv);
  }
  return started;
}

// Test helper (auth and billing tests): auth, billing and the gateway in this process, wired by the
// launcher's own startTargets (same env hand-over as `npm start`), on fresh databases of the
// integration tier's PostgreSQL, with a memory bus and a log that tests can read (mails are written
// to it).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { TOPICS } from '@castbook/contracts';
import { createBlobStore, MemoryEventBus, type Logger, type RunningTarget } from '@castbook/platform';
import { authTarget } from '@castbook/auth-service';
import { billingTarget } from '@castbook/billing-service';
import { gatewayTarget } from '@castbook/gateway';
import { startTargets } from '@castbook/launcher';
import { createTestDatabase } from './databases.js';

export interface AuthStack {
  gatewayUrl: string;
  authUrl: string;
  billingUrl: string;
  databases: { auth: string; billing: string };
  bus: MemoryEventBus;
  logger: Logger;
  /** Parsed log lines so far (JSON objects). */
  logs(): Array<Record<string, unknown>>;
  /** Starts one more gateway on the same services and bus (replicas, late starters). */
  startGateway(env?: NodeJS.ProcessEnv): Promise<string>;
  stop(): Promise<void>;
}

/** Services of the route table this stack does not run: nothing listens there. */
const ABSENT = 'http://127.0.0.1:9';

export async function startAuthStack(env: NodeJS.ProcessEnv = {}): Promise<AuthStack> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'info', base: { service: 'test' } }, sink);
  const databases = { auth: await createTestDatabase('auth'), billing: await createTestDatabase('billing') };
  const blobDir = await mkdtemp(join(tmpdir(), 'castbook-auth-test-'));
  const bus = new MemoryEventBus({ logger });
  await bus.start(Object.values(TOPICS));
  const blobs = createBlobStore({ BLOB_DIR: blobDir }, logger);
  await blobs.start();
  const baseEnv: NodeJS.ProcessEnv = {
    PORT: '0',
    PROJECTS_URL: ABSENT,
    AUTHORS_URL: ABSENT,
    ANALYSIS_URL: ABSENT,
    // Tests share one client address; the per-IP limits get their own gateway (startGateway).
    RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
    RATE_LIMIT_REGISTER_PER_MINUTE: '10000',
    RATE_LIMIT_RESET_PER_MINUTE: '10000',
    ...env,
  };
  const running: RunningTarget[] = [];
  const started = await startTargets({
    targets: [authTarget, billingTarget, gatewayTarget],
    env: baseEnv,
    logger,
    bus,
    blobs,
    databaseUrlFor: (name) => databases[name as keyof typeof databases],
    onStarted: (r) => running.push(r),
  });
  const url = (name: string) => started.get(name)!.url;
  return {
    gatewayUrl: url('gateway'),
    authUrl: url('auth'),
    billingUrl: url('billing'),
    databases,
    bus,
    logger,
    logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    async startGateway(extra = {}) {
      const g = await gatewayTarget.start({
        env: { ...baseEnv, AUTH_URL: url('auth'), BILLING_URL: url('billing'), ...extra },
        logger,
        bus,
        blobs,
      });
      running.push(g);
      return g.url;
    },
    async stop() {
      for (const r of running.reverse()) await r.stop();
      await bus.stop();
      await blobs.stop();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
}

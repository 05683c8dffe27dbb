// Test helper (projects and analysis tests): auth, billing, authors, projects and the gateway in
// this process, wired by the launcher's own startTargets (same env hand-over as `npm start`), on
// fresh databases of the integration tier's PostgreSQL, with a memory bus and disk storage.
// `analysis: true` adds the analysis service (its jobs, progress route and consumers).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOPICS } from '@castbook/contracts';
import { createBlobStore, createLogger, MemoryEventBus, type BlobStore, type RunningTarget } from '@castbook/platform';
import { analysisTarget } from '@castbook/analysis-service';
import { authTarget } from '@castbook/auth-service';
import { authorsTarget } from '@castbook/authors-service';
import { billingTarget } from '@castbook/billing-service';
import { gatewayTarget } from '@castbook/gateway';
import { projectsTarget } from '@castbook/projects-service';
import { startTargets } from '@castbook/launcher';
import { createTestDatabase } from './databases.js';

export interface WorkspaceStack {
  gatewayUrl: string;
  databases: Record<'auth' | 'billing' | 'authors' | 'projects', string> & { analysis?: string };
  bus: MemoryEventBus;
  blobs: BlobStore;
  /** The disk store's root (`{bucket}/{key}` files), to see what a flow left behind. */
  blobDir: string;
  stop(): Promise<void>;
}

export async function startWorkspaceStack(
  options: {
    analysis?: boolean;
    env?: NodeJS.ProcessEnv;
    /** The object store to use (started and stopped here); default a disk store in `blobDir`. */
    blobs?: BlobStore;
  } = {},
): Promise<WorkspaceStack> {
  const logger = createLogger('test', 'warn');
  const databases: WorkspaceStack['databases'] = {
    auth: await createTestDatabase('auth'),
    billing: await createTestDatabase('billing'),
    authors: await createTestDatabase('authors'),
    projects: await createTestDatabase('projects'),
  };
  if (options.analysis) databases.analysis = await createTestDatabase('analysis');
  const blobDir = await mkdtemp(join(tmpdir(), 'castbook-projects-test-'));
  const bus = new MemoryEventBus({ logger });
  await bus.start(Object.values(TOPICS));
  const blobs = options.blobs ?? createBlobStore({ BLOB_DIR: blobDir }, logger);
  await blobs.start();
  const running: RunningTarget[] = [];
  const started = await startTargets({
    targets: [
      authTarget,
      billingTarget,
      authorsTarget,
      ...(options.analysis ? [analysisTarget] : []),
      projectsTarget,
      gatewayTarget,
    ],
    env: {
      PORT: '0',
      ANALYSIS_URL: 'http://127.0.0.1:9',
      RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
      RATE_LIMIT_REGISTER_PER_MINUTE: '10000',
      ...options.env,
    },
    logger,
    bus,
    blobs,
    databaseUrlFor: (name) => databases[name as keyof typeof databases],
    onStarted: (r) => running.push(r),
  });
  return {
    gatewayUrl: started.get('gateway')!.url,
    databases,
    bus,
    blobs,
    blobDir,
    async stop() {
      for (const r of running.reverse()) await r.stop();
      await bus.stop();
      await blobs.stop();
      await rm(blobDir, { recursive: true, force: true });
    },
  };
}

// Analysis instances as real OS processes (the launcher with `--target=analysis`, as
// `npm run start:cluster` and the Docker image run it), a JWKS endpoint to verify test tokens, and a
// client that submits books the way the projects service does (content in the documents bucket,
// analysis.requested.v1 on projects.events). Shared by the infra tests and the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOPICS, type EventEnvelope } from '@castbook/contracts';
import { freePort, newEvent, type BlobStore, type EventBus } from '@castbook/platform';
import { generateTestKeyPair, signAccessToken } from '@castbook/test-kit/tokens';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = join(ROOT, 'launcher/src/main.ts');

export interface AnalysisProcess {
  pid: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr(): string;
  /** SIGTERM and wait (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

export async function startAnalysisProcess(env: NodeJS.ProcessEnv): Promise<AnalysisProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=@castbook/source', '--import', 'tsx', MAIN, '--target=analysis'],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`analysis process exited: ${err}`);
    const res = await fetch(`${url}/health`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`analysis process not healthy: ${err}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    pid: child.pid!,
    url,
    child,
    exited,
    stderr: () => err,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A JWKS endpoint and a signer for tokens the analysis processes accept. */
export async function startJwks() {
  const key = await generateTestKeyPair('bench-key');
  // A stand-in for auth: its public keys, and every session live when a service asks about one.
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/internal/sessions/')) {
      res.end(JSON.stringify({ success: true, data: { active: true, userId: null, expiresAt: null } }));
      return;
    }
    res.end(JSON.stringify({ keys: [key.publicJwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign: (userId: string) =>
      signAccessToken(key.privateKey, { userId, sessionId: randomUUID() }, 3600, { kid: key.kid }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface Submitted {
  projectId: string;
  userId: string;
  jobId: string;
  submittedAt: number;
}

/** What the projects service does on analyze: the text in `documents`, then analysis.requested.v1. */
export async function submitBook(bus: EventBus, blobs: BlobStore, text: string): Promise<Submitted> {
  const projectId = randomUUID();
  const userId = randomUUID();
  const jobId = randomUUID();
  const contentKey = `projects/${userId}/${projectId}/content/v1.txt`;
  await blobs.put('documents', contentKey, text, 'text/plain; charset=utf-8');
  const submittedAt = Date.now();
  const event = newEvent('analysis.requested.v1', projectId, userId, {
    projectId,
    userId,
    jobId,
    contentKey,
    contentVersion: 1,
    tier: 'pro',
  });
  await bus.publish([{ topic: TOPICS.projects, event }]);
  return { projectId, userId, jobId, submittedAt };
}

/** Watches analysis.events with a group of its own; `ended(jobId)` resolves at the job's end event. */
export async function watchAnalysisEvents(bus: EventBus, groupId = `watch-${randomUUID().slice(0, 8)}`) {
  const ends = new Map<string, { event: EventEnvelope; at: number }>();
  const waiters = new Map<string, Array<() => void>>();
  const all: EventEnvelope[] = [];
  const sub = await bus.subscribe({
    groupId,
    topics: [TOPICS.analysis],
    handler: async (event) => {
      all.push(event);
      if (!/^analysis\.(completed|failed|cancelled)\.v1$/.test(event.type)) return;
      const jobId = (event.payload as { jobId: string }).jobId;
      if (!ends.has(jobId)) ends.set(jobId, { event, at: Date.now() });
      for (const w of waiters.get(jobId) ?? []) w();
      waiters.delete(jobId);
    },
  });
  return {
    all,
    ends,
    ended(jobId: string, timeoutMs = 300_000) {
      return new Promise<{ event: EventEnvelope; at: number }>((resolve, reject) => {
        const done = () => resolve(ends.get(jobId)!);
        if (ends.has(jobId)) return done();
        const timer = setTimeout(() => reject(new Error(`job ${jobId} did not end within ${timeoutMs} ms`)), timeoutMs);
        waiters.set(jobId, [
          ...(waiters.get(jobId) ?? []),
          () => {
            clearTimeout(timer);
            done();
          },
        ]);
      });
    },
    stop: () => sub.stop(),
  };
}

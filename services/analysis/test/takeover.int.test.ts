// Lease takeover (integration: real PostgreSQL, disk storage; the events are read from the outbox).
// - in this process, with job runners and hand-made job rows: a job whose instance's database
//   session is gone is taken over at once (not when its lease runs out); a job of an instance that is
//   alive but silent (paused) waits for its lease, and the paused run can then write nothing more,
//   neither progress nor a result; the heartbeat keeps a job whose step outlasts the lease; progress
//   never goes back;
// - with real OS processes (the launcher's `--target=analysis`, default lease and heartbeat): a
//   process SIGKILLed mid-job, then a new one started: the job completes within 10 s of the new one
//   answering health; and a survivor takes over the job of a process killed beside it. The figures
//   are printed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createLogger, Database, DiskBlobStore, type BlobStore } from '@castbook/platform';
import { analyze } from '@castbook/text-analysis';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, waitFor } from '@castbook/test-kit';
import {
  insertJob,
  recordProgress,
  registerInstance,
  releaseJob,
  renewLeases,
  settleJob,
  type NewJob,
} from '../src/db/jobs.js';
import { JobRunner, type JobRunnerOptions } from '../src/domain/job-runner.js';
import { JOB_MESSAGES, resultKey } from '../src/domain/jobs.js';
import { startAnalysisProcess, startJwks, type AnalysisProcess } from './support/analysis-processes.js';
import { firstChapters } from '@castbook/test-kit/pdnc';
import { NOVEL_TEXT } from './support/novel.js';

/** The dev set's longest novel (support/novel.ts), LF line ends. */
const BOOK = NOVEL_TEXT;
/** Its first six chapters: ten chunks. */
const CHAPTERS = firstChapters(BOOK, 6);
const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));
const logger = createLogger('test', 'warn');

interface JobRow {
  status: string;
  owner: string | null;
  attempts: number;
  processed_chunks: number;
  total_chunks: number;
  result_key: string | null;
  error: string | null;
  lease_expires_at: Date | null;
}

let url: string;
let db: Database;
let dir: string;
let blobs: DiskBlobStore;
const runners: JobRunner[] = [];
const clients: pg.Client[] = [];

beforeAll(async () => {
  url = await createTestDatabase('analysis');
  db = new Database({ url, migrationsDir: MIGRATIONS, logger });
  await db.migrate();
  dir = await mkdtemp(join(tmpdir(), 'castbook-takeover-'));
  blobs = new DiskBlobStore({ root: dir });
  await blobs.start();
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(clients.splice(0).map((c) => c.end().catch(() => undefined)));
});

afterAll(async () => {
  await db?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const row = async (jobId: string) =>
  (await db.query<JobRow>('SELECT * FROM analysis_jobs WHERE job_id = $1', [jobId])).rows[0]!;

const endEvents = async (jobId: string) =>
  (
    await db.query<{ type: string }>(
      `SELECT envelope->>'type' AS type FROM outbox
       WHERE envelope->'payload'->>'jobId' = $1 AND envelope->>'type' <> 'analysis.progressed.v1'`,
      [jobId],
    )
  ).rows.map((r) => r.type);

async function book(text: string): Promise<NewJob> {
  const projectId = randomUUID();
  const userId = randomUUID();
  const contentKey = `projects/${userId}/${projectId}/content/v1.txt`;
  await blobs.put('documents', contentKey, text, 'text/plain; charset=utf-8');
  return { jobId: randomUUID(), projectId, userId, contentKey, contentVersion: 1, tier: 'pro' };
}

/** A job some instance was running when it stopped: `processed` chunks done, its lease until `leaseMs` from now. */
async function runningJob(text: string, owner: string, processed: number, leaseMs: number): Promise<NewJob> {
  const job = await book(text);
  await db.query(
    `INSERT INTO analysis_jobs (job_id, project_id, user_id, content_key, content_version, tier, status, owner,
       lease_expires_at, attempts, processed_chunks, total_chunks, status_message, started_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'running', $7, now() + $8 * interval '1 millisecond', 1, $9, 10,
       'Reading part 7 of 10', now())`,
    [job.jobId, job.projectId, job.userId, job.contentKey, job.contentVersion, job.tier, owner, leaseMs, processed],
  );
  return job;
}

/** An instance registered on a session of its own: `end()` it to play a process that died. */
async function instance(name: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await registerInstance(client, name);
  clients.push(client);
  return client;
}

async function deadInstance(name: string): Promise<void> {
  const client = await instance(name);
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  await client.end();
  await waitFor(
    async () => (await db.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [rows[0]!.pid])).rowCount === 0,
    'the session to end',
  );
}

async function startRunner(o: Partial<JobRunnerOptions> = {}): Promise<JobRunner> {
  const runner = new JobRunner({
    db,
    blobs,
    logger,
    concurrency: 2,
    engineHeapMb: 1024,
    leaseMs: 8000,
    heartbeatMs: 2000,
    pollMs: 50,
    chunkSize: 10_000,
    maxAttempts: 3,
    ...o,
  });
  runners.push(runner);
  await runner.start();
  return runner;
}

/** Samples the job's processed chunks until it settles; returns the samples and the final row. */
async function watchUntilSettled(jobId: string, timeoutMs = 30_000) {
  const samples: number[] = [];
  const final = await waitFor(
    async () => {
      const r = await row(jobId);
      samples.push(r.processed_chunks);
      return r.status !== 'running' && r.status !== 'queued' && r;
    },
    'the job to settle',
    timeoutMs,
  );
  return { samples, final };
}

describe('lease takeover', () => {
  it("takes over at once the job of an instance whose session is gone, long before the job's lease runs out", async () => {
    await deadInstance('dead-host-1-aaaa');
    const job = await runningJob(CHAPTERS, 'dead-host-1-aaaa', 7, 60_000);
    const t0 = performance.now();
    const runner = await startRunner();
    const { samples, final } = await watchUntilSettled(job.jobId);
    const took = performance.now() - t0;
    console.log(`  dead instance's job (six chapters) taken over and completed ${took.toFixed(0)} ms after start`);
    // Taken over without waiting out the 60 s lease. The bound is half the lease, not a speed target:
    // the figure is 0.6–1.3 s in CI runs but passed 5 s under a load average of 16, and the
    // analysis of six chapters is in it (tests do not fail on timing; the lease is what is tested).
    expect(took).toBeLessThan(30_000);
    expect(final).toMatchObject({ status: 'completed', owner: runner.instanceId, attempts: 2 });
    // Progress never went back below what the dead run had reached.
    expect(samples.every((n) => n >= 7)).toBe(true);
    expect(samples).toEqual([...samples].sort((a, b) => a - b));
    expect(final.processed_chunks).toBe(final.total_chunks);
    // One end, with the new run's result, which is exactly the engine's.
    expect(await endEvents(job.jobId)).toEqual(['analysis.completed.v1']);
    expect(final.result_key).toBe(resultKey({ ...job, attempts: 2 }));
    const result = JSON.parse((await blobs.getBuffer('analysis', final.result_key!)).toString('utf8'));
    const expected = analyze(CHAPTERS);
    expect(result.characters).toEqual(expected.characters);
    expect(result.quotes).toEqual(expected.quotes);
  });

  it('waits for the lease of an instance that is alive but silent, then takes over; the silent run can write nothing more', async () => {
    await instance('paused-host-2-bbbb');
    const job = await runningJob(CHAPTERS, 'paused-host-2-bbbb', 3, 1500);
    const leaseEnd = (await row(job.jobId)).lease_expires_at!.getTime();
    const runner = await startRunner({ leaseMs: 1500, heartbeatMs: 300 });
    await new Promise((r) => setTimeout(r, 700));
    expect(await row(job.jobId)).toMatchObject({ status: 'running', owner: 'paused-host-2-bbbb', attempts: 1 });

    const taken = await waitFor(async () => {
      const r = await row(job.jobId);
      return r.attempts === 2 && r;
    }, 'the takeover');
    expect(taken.owner).toBe(runner.instanceId);
    expect(Date.now()).toBeGreaterThanOrEqual(leaseEnd);
    const { final } = await watchUntilSettled(job.jobId);
    expect(final).toMatchObject({ status: 'completed', attempts: 2 });

    // The paused run wakes up: its heartbeat, progress, result and release are all refused.
    const stale = { owner: 'paused-host-2-bbbb', jobId: job.jobId, attempt: 1 };
    expect(await renewLeases(db.pool, [stale], 1500)).toEqual(new Set());
    const progress = { processedChunks: 1, totalChunks: 10, statusMessage: 'Reading part 1 of 10' };
    expect(await recordProgress(db.pool, stale, progress, 1500)).toBeUndefined();
    expect(await settleJob(db.pool, stale, { status: 'failed', error: 'stale' })).toBeUndefined();
    await releaseJob(db.pool, stale);
    // Fenced by the attempt, not only by the name: a run of an earlier attempt under the new
    // owner's name (an instance whose identity survives a restart) is refused too.
    const earlier = { owner: runner.instanceId, jobId: job.jobId, attempt: 1 };
    expect(await settleJob(db.pool, earlier, { status: 'completed', resultKey: 'other.json' })).toBeUndefined();
    expect(await row(job.jobId)).toMatchObject({
      status: 'completed',
      attempts: 2,
      result_key: resultKey({ ...job, attempts: 2 }),
      processed_chunks: final.total_chunks,
    });
    expect(await endEvents(job.jobId)).toEqual(['analysis.completed.v1']);
  });

  it('keeps a job whose step outlasts the lease: the heartbeat renews it, no other instance takes it', async () => {
    // Reading the text takes 4 s, more than three leases; both instances are alive and idle.
    const slow: BlobStore = Object.assign(Object.create(blobs) as BlobStore, {
      getBuffer: async (bucket: 'documents', key: string) => {
        if (bucket === 'documents') await new Promise((r) => setTimeout(r, 4000));
        return blobs.getBuffer(bucket, key);
      },
    });
    const options = { blobs: slow, leaseMs: 1200, heartbeatMs: 200, pollMs: 50 };
    const a = await startRunner(options);
    await startRunner(options);
    const job = await book(CHAPTERS);
    await insertJob(db.pool, job, a.instanceId, 1200);
    const { final } = await watchUntilSettled(job.jobId);
    expect(final).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await endEvents(job.jobId)).toEqual(['analysis.completed.v1']);
  });
});

describe('the engine thread', () => {
  it('a text that needs more heap than a job may have fails that job with the engine message; the next job completes', async () => {
    // A heap of 24 MiB holds the engine on six chapters (94k characters); on forty copies of them
    // (3.8 M) it needs more than 32.
    const tooBig = await book(CHAPTERS.repeat(40));
    const next = await book(CHAPTERS);
    const runner = await startRunner({ concurrency: 1, engineHeapMb: 24 });
    await insertJob(db.pool, tooBig, runner.instanceId, 8000);
    await insertJob(db.pool, next, runner.instanceId, 8000);
    runner.wake();
    const failed = (await watchUntilSettled(tooBig.jobId, 120_000)).final;
    expect(failed).toMatchObject({ status: 'failed', error: JOB_MESSAGES.engineFailed, attempts: 1 });
    expect(await endEvents(tooBig.jobId)).toEqual(['analysis.failed.v1']);
    const { final } = await watchUntilSettled(next.jobId);
    expect(final).toMatchObject({ status: 'completed', owner: runner.instanceId });
    const result = JSON.parse((await blobs.getBuffer('analysis', final.result_key!)).toString('utf8'));
    expect(result.quotes).toEqual(analyze(CHAPTERS).quotes);
  });
});

describe('lease takeover between processes', () => {
  let jwks: Awaited<ReturnType<typeof startJwks>>;
  let env: NodeJS.ProcessEnv;
  const processes: AnalysisProcess[] = [];

  beforeAll(async () => {
    jwks = await startJwks();
    // The defaults of ANALYSIS_LEASE_MS, ANALYSIS_HEARTBEAT_MS and ANALYSIS_POLL_MS, as deployed.
    env = { DATABASE_URL: url, AUTH_JWKS_URL: jwks.url, EVENT_BUS: 'memory', BLOB_STORE: 'disk', BLOB_DIR: dir };
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await jwks?.close();
  });

  const start = async () => {
    const p = await startAnalysisProcess(env);
    processes.push(p);
    return p;
  };
  const pidOf = (owner: string | null) => Number(owner?.split('-').at(-2));

  /** Queues the whole novel (about 90 chunks) and waits until a process is well into it. */
  async function underWay(): Promise<{ job: NewJob; owner: number }> {
    const job = await book(BOOK);
    await insertJob(db.pool, job, 'test-submitter', 8000);
    const r = await waitFor(
      async () => {
        const r = await row(job.jobId);
        return r.status === 'running' && r.processed_chunks >= 5 && r;
      },
      'the job to be under way',
      60_000,
    );
    return { job, owner: pidOf(r.owner) };
  }

  it(
    'a process killed mid-job: a new process takes the job over at boot and completes it within 10 s of answering health',
    { timeout: 180_000 },
    async () => {
      const first = await start();
      const { job, owner } = await underWay();
      expect(owner).toBe(first.pid);
      first.child.kill('SIGKILL');
      await first.exited;
      const killed = performance.now();
      const reached = (await row(job.jobId)).processed_chunks;

      const second = await start();
      const healthy = performance.now();
      const { samples, final } = await watchUntilSettled(job.jobId, 60_000);
      const done = performance.now();
      console.log(
        `  process killed at chunk ${reached}/${final.total_chunks}; new process healthy after ` +
          `${((healthy - killed) / 1000).toFixed(2)} s; job completed ${((done - healthy) / 1000).toFixed(2)} s ` +
          `after health (${((done - killed) / 1000).toFixed(2)} s after the kill)`,
      );
      expect(final).toMatchObject({ status: 'completed', attempts: 2 });
      expect(pidOf(final.owner)).toBe(second.pid);
      expect(done - healthy).toBeLessThan(10_000);
      expect(samples.every((n) => n >= reached)).toBe(true);
      expect(samples).toEqual([...samples].sort((a, b) => a - b));
      expect(await endEvents(job.jobId)).toEqual(['analysis.completed.v1']);
    },
  );

  it('a process killed beside another: the survivor takes its job over at once', { timeout: 180_000 }, async () => {
    const alive = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    while (alive.length < 2) alive.push(await start());
    const { job, owner } = await underWay();
    const victim = alive.find((p) => p.pid === owner)!;
    const survivor = alive.find((p) => p !== victim)!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    const killed = performance.now();
    const taken = await waitFor(
      async () => {
        const r = await row(job.jobId);
        return r.attempts === 2 && r;
      },
      'the takeover',
      20_000,
    );
    const takenAt = performance.now();
    const { final } = await watchUntilSettled(job.jobId, 60_000);
    const done = performance.now();
    console.log(
      `  survivor took the job over ${((takenAt - killed) / 1000).toFixed(2)} s after the kill, ` +
        `completed it ${((done - killed) / 1000).toFixed(2)} s after the kill`,
    );
    expect(pidOf(taken.owner)).toBe(survivor.pid);
    expect(takenAt - killed).toBeLessThan(3000);
    expect(final).toMatchObject({ status: 'completed', attempts: 2 });
    expect(await endEvents(job.jobId)).toEqual(['analysis.completed.v1']);
  });
});

// Analysis jobs in the distributed topology: two analysis instances as real OS processes on real
// Kafka, MinIO and a PostgreSQL server. 20 books submitted at once all complete (none lost, both
// instances work); a process SIGKILLed in the middle of a job: the job still completes, on the
// other instance, within 10 s of the kill (its session ended with it, so the survivor takes the job
// over at its next poll, not when the lease runs out), and the progress the API answers never goes
// backwards. The processes run with the default lease, heartbeat and poll interval.
import type { AnalysisProgress } from '@castbook/contracts';
import {
  createBlobStore,
  createEventBus,
  createLogger,
  Database,
  type BlobStore,
  type EventBus,
} from '@castbook/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  infraDescribe,
  infraEnv,
  pdncLongest,
  pdncNovelsSpread,
  pdncText,
  waitFor,
} from '@castbook/test-kit';
import {
  startAnalysisProcess,
  startJwks,
  submitBook,
  watchAnalysisEvents,
  type AnalysisProcess,
} from './support/analysis-processes.js';

// Seven of the dev set, shortest to longest, cycled; the longest for the kill (the most chunks to be
// under way in).
const NOVELS = pdncNovelsSpread(7).map(pdncText);
const LONGEST = pdncText(pdncLongest());

infraDescribe('analysis jobs on Kafka, MinIO and PostgreSQL with two analysis processes', () => {
  const logger = createLogger('test', 'warn');
  let processes: AnalysisProcess[] = [];
  let bus: EventBus;
  let blobs: BlobStore;
  let db: Database;
  let jwks: Awaited<ReturnType<typeof startJwks>>;
  let watch: Awaited<ReturnType<typeof watchAnalysisEvents>>;

  beforeAll(async () => {
    const env = infraEnv();
    const databaseUrl = await createTestDatabase('analysis');
    jwks = await startJwks();
    const processEnv = {
      ...env,
      DATABASE_URL: databaseUrl,
      AUTH_JWKS_URL: jwks.url,
    };
    // The first one creates and migrates the database; the second joins it.
    processes = [await startAnalysisProcess(processEnv)];
    processes.push(await startAnalysisProcess(processEnv));
    db = new Database({ url: databaseUrl, logger });
    bus = createEventBus(env, logger);
    await bus.start(['projects.events', 'analysis.events']);
    blobs = createBlobStore(env, logger);
    await blobs.start();
    watch = await watchAnalysisEvents(bus);
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await watch?.stop();
    await bus?.stop();
    await blobs?.stop();
    await db?.close();
    await jwks?.close();
  });

  const ownerPid = (owner: string | null) => Number(owner?.split('-').at(-2));

  it('completes all of 20 books submitted at once, spread over both processes', { timeout: 300_000 }, async () => {
    const jobs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submitBook(bus, blobs, NOVELS[i % NOVELS.length]!)),
    );
    const ends = await Promise.all(jobs.map((j) => watch.ended(j.jobId)));
    expect(ends.map((e) => e.event.type)).toEqual(jobs.map(() => 'analysis.completed.v1'));
    for (const [i, e] of ends.entries()) {
      const payload = e.event.payload as { resultKey: string; stats: Record<string, number> };
      expect(payload.stats.quotes).toBeGreaterThan(100);
      const result = JSON.parse((await blobs.getBuffer('analysis', payload.resultKey)).toString('utf8'));
      expect(result).toMatchObject({ projectId: jobs[i]!.projectId, jobId: jobs[i]!.jobId });
    }
    const { rows } = await db.query<{ status: string; owner: string }>(
      'SELECT status, owner FROM analysis_jobs WHERE job_id = ANY($1::text[])',
      [jobs.map((j) => j.jobId)],
    );
    expect(rows.map((r) => r.status)).toEqual(jobs.map(() => 'completed'));
    const pids = new Set(rows.map((r) => ownerPid(r.owner)));
    expect([...pids].sort()).toEqual(processes.map((p) => p.pid).sort());
  });

  it(
    'completes a job whose process is killed in the middle of it; progress never goes back',
    { timeout: 300_000 },
    async () => {
      const job = await submitBook(bus, blobs, LONGEST);
      const token = await jwks.sign(job.userId);
      const answers: AnalysisProgress[] = [];
      let polling = true;
      // Poll the progress route of whichever process is alive, all along.
      const poller = (async () => {
        while (polling) {
          for (const p of processes) {
            if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
            const res = await fetch(`${p.url}/api/projects/${job.projectId}/analysis-progress`, {
              headers: { authorization: `Bearer ${token}` },
            }).catch(() => null);
            if (res?.status === 200) answers.push(((await res.json()) as { data: AnalysisProgress }).data);
            break;
          }
          await new Promise((r) => setTimeout(r, 30));
        }
      })();

      const running = await waitFor(
        async () => {
          const { rows } = await db.query<{ owner: string; processed_chunks: number; status: string }>(
            'SELECT owner, processed_chunks, status FROM analysis_jobs WHERE job_id = $1',
            [job.jobId],
          );
          const r = rows[0];
          return r && r.status === 'running' && r.processed_chunks >= 5 && r;
        },
        'the job to be under way',
        120_000,
      );
      const victim = processes.find((p) => p.pid === ownerPid(running.owner))!;
      expect(victim).toBeDefined();
      victim.child.kill('SIGKILL');
      await victim.exited;
      const killed = Date.now();

      const end = await watch.ended(job.jobId);
      console.log(
        `  killed at chunk ${running.processed_chunks}; completed on the survivor ${((end.at - killed) / 1000).toFixed(2)} s after the kill`,
      );
      expect(end.at - killed).toBeLessThan(10_000);
      polling = false;
      await poller;
      // The poller's last answer may have been read just before the job ended: ask the survivor once
      // more, after the end event, for the answer a user sees from now on.
      const survivor = processes.find((p) => p !== victim)!;
      const final = await fetch(`${survivor.url}/api/projects/${job.projectId}/analysis-progress`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(final.status).toBe(200);
      answers.push(((await final.json()) as { data: AnalysisProgress }).data);
      expect(end.event.type).toBe('analysis.completed.v1');
      const { rows } = await db.query<{ owner: string; attempts: number; status: string }>(
        'SELECT owner, attempts, status FROM analysis_jobs WHERE job_id = $1',
        [job.jobId],
      );
      expect(rows[0]).toMatchObject({ status: 'completed' });
      expect(rows[0]!.attempts).toBeGreaterThanOrEqual(2);
      expect(ownerPid(rows[0]!.owner)).not.toBe(victim.pid);

      // The API's progress only ever grew, through the takeover, to a complete answer.
      const processed = answers.map((a) => a.processedChunks);
      expect(processed).toEqual([...processed].sort((a, b) => a - b));
      expect(Math.max(...processed)).toBeGreaterThanOrEqual(5);
      expect(answers.at(-1)).toMatchObject({ isComplete: true, error: null });
      expect(answers.at(-1)!.processedChunks).toBe(answers.at(-1)!.totalChunks);
      // Progress events too never went below what a restarted job had already reached in the API.
      expect(watch.all.some((e) => e.type === 'analysis.progressed.v1')).toBe(true);
    },
  );
});

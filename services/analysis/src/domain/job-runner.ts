// Runs analysis jobs. A job is a row in analysis_jobs (recorded when analysis.requested.v1 arrives);
// the instance that received it holds a lease on it and runs it; a lease that runs out because its
// holder died lets any instance take the job over (and run it again from the start: the engine's
// passes are book-wide). The engine runs step by step, chunk by chunk: after each step the progress
// is recorded (renewing the lease, with analysis.progressed.v1) and the event loop gets a turn
// (setImmediate), so health checks and the other jobs of this instance keep going.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { analyzeSteps, type AnalysisResult, type AnalysisStep } from '@castbook/text-analysis';
import { BlobNotFoundError, enqueueEvents, type BlobStore, type Database, type Logger } from '@castbook/platform';
import type pg from 'pg';
import { claimJob, JOBS_CHANNEL, recordProgress, releaseJob, settleJob } from '../db/jobs.js';
import { completedEvent, endedEvent, progressedEvent } from '../events/job-events.js';
import { JOB_MESSAGES, resultKey, type JobRecord } from './jobs.js';

export interface JobRunnerOptions {
  db: Database;
  blobs: BlobStore;
  logger: Logger;
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  chunkSize: number;
  maxAttempts: number;
  /** This instance's name in `owner`; unique per process. */
  instanceId?: string;
}

/** Thrown inside a job when it must stop without settling (lease lost, or this instance stopping). */
class Abandoned extends Error {}

/** The engine itself failed on this text (as opposed to storage or the database). */
class EngineError extends Error {}

export class JobRunner {
  readonly instanceId: string;
  private readonly log: Logger;
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;
  private claiming = false;
  private claimAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private listener: pg.PoolClient | undefined;

  constructor(private readonly o: JobRunnerOptions) {
    this.instanceId = o.instanceId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.log = o.logger.child({ component: 'analysis-jobs', instance: this.instanceId });
  }

  async start(): Promise<void> {
    await this.listen();
    this.timer = setInterval(() => {
      if (!this.listener) void this.listen();
      this.wake();
    }, this.o.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for jobs to run now (a job was queued here, or one finished). */
  wake(): void {
    if (this.stopping) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    this.claiming = true;
    void this.claimAll()
      .catch((err) => this.log.warn({ err }, 'could not claim analysis jobs'))
      .finally(() => {
        this.claiming = false;
        if (this.claimAgain) {
          this.claimAgain = false;
          this.wake();
        }
      });
  }

  /** Stops taking jobs; running ones stop at their next step and go back to the queue for another instance. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running.values()]);
    if (this.listener) {
      this.listener.release();
      this.listener = undefined;
    }
  }

  /** Jobs this instance is running now. */
  get active(): number {
    return this.running.size;
  }

  private async listen(): Promise<void> {
    try {
      const client = await this.o.db.pool.connect();
      client.on('notification', () => this.wake());
      client.on('error', (err) => {
        this.log.warn({ err }, 'job notifications lost; polling until reconnected');
        if (this.listener === client) this.listener = undefined;
        client.release(err);
      });
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
      this.listener = client;
    } catch (err) {
      this.log.warn({ err }, 'could not listen for job notifications; polling');
    }
  }

  private async claimAll(): Promise<void> {
    while (!this.stopping && this.running.size < this.o.concurrency) {
      const job = await claimJob(this.o.db.pool, this.instanceId, this.o.leaseMs, [...this.running.keys()]);
      if (!job) return;
      const run = this.run(job).finally(() => {
        this.running.delete(job.jobId);
        this.wake();
      });
      this.running.set(job.jobId, run);
    }
  }

  private async run(job: JobRecord): Promise<void> {
    const log = this.log.child({ jobId: job.jobId, projectId: job.projectId, attempt: job.attempts });
    try {
      if (job.cancelRequested) return void (await this.settle(job, { status: 'cancelled' }));
      if (job.attempts > this.o.maxAttempts) {
        return void (await this.settle(job, { status: 'failed', error: JOB_MESSAGES.tooManyAttempts }));
      }
      log.info('analysis job started');
      const started = performance.now();
      const text = await this.readText(job);
      if (!text.trim()) return void (await this.settle(job, { status: 'failed', error: JOB_MESSAGES.noText }));
      const result = await this.analyze(job, text);
      if (!result) return void (await this.settle(job, { status: 'cancelled' }));
      const key = resultKey(job);
      await this.o.blobs.put(
        'analysis',
        key,
        JSON.stringify({ projectId: job.projectId, jobId: job.jobId, contentVersion: job.contentVersion, ...result }),
        'application/json',
      );
      const stats = {
        characters: result.characters.length,
        quotes: result.quotes.length,
        attributedQuotes: result.quotes.filter((q) => q.speakerId).length,
        chunks: result.chunks,
        durationMs: Math.round(performance.now() - started),
      };
      const settled = await this.settle(job, { status: 'completed', resultKey: key }, stats);
      log.info({ stats, status: settled?.status }, 'analysis job ended');
    } catch (err) {
      if (err instanceof Abandoned) {
        log.info({ reason: err.message }, 'analysis job left to another instance');
        if (this.stopping) await releaseJob(this.o.db.pool, this.instanceId, job.jobId).catch(() => undefined);
        return;
      }
      const error =
        err instanceof BlobNotFoundError
          ? JOB_MESSAGES.contentMissing
          : err instanceof EngineError
            ? JOB_MESSAGES.engineFailed
            : JOB_MESSAGES.saveFailed;
      log.error({ err }, 'analysis job failed');
      // If even this fails (database down), the lease runs out and the job is taken over.
      await this.settle(job, { status: 'failed', error }).catch((e) =>
        log.error({ err: e }, 'could not record a failure'),
      );
    }
  }

  private async readText(job: JobRecord): Promise<string> {
    await this.progress(job, {
      processedChunks: 0,
      totalChunks: job.totalChunks,
      statusMessage: JOB_MESSAGES.starting,
    });
    return (await this.o.blobs.getBuffer('documents', job.contentKey)).toString('utf8');
  }

  /** The engine step by step; undefined when the job was cancelled. */
  private async analyze(job: JobRecord, text: string): Promise<(AnalysisResult & { chunks: number }) | undefined> {
    const steps = analyzeSteps(text, { chunkSize: this.o.chunkSize });
    let total = 0;
    for (;;) {
      await nextTurn();
      if (this.stopping) throw new Abandoned('instance stopping');
      let step: IteratorResult<AnalysisStep, AnalysisResult>;
      try {
        step = steps.next();
      } catch (err) {
        throw new EngineError((err as Error).message, { cause: err });
      }
      if (step.done) return { ...step.value, chunks: total };
      total = step.value.totalChunks;
      const state = await this.progress(job, step.value);
      if (state.cancelRequested) return undefined;
    }
  }

  private async progress(
    job: JobRecord,
    p: { processedChunks: number; totalChunks: number; statusMessage: string },
  ): Promise<{ cancelRequested: boolean }> {
    const state = await this.o.db.transaction(async (tx) => {
      // Losing a progress row in a crash costs nothing (progress only grows, the job is retried).
      await tx.query('SET LOCAL synchronous_commit = off');
      const s = await recordProgress(tx, this.instanceId, job.jobId, p, this.o.leaseMs);
      if (s) await enqueueEvents(tx, [progressedEvent(job, { ...p, processedChunks: s.processedChunks })]);
      return s;
    });
    if (!state) throw new Abandoned('lease lost');
    return state;
  }

  private async settle(
    job: JobRecord,
    outcome: { status: 'completed'; resultKey: string } | { status: 'failed'; error: string } | { status: 'cancelled' },
    stats: Record<string, number> = {},
  ): Promise<JobRecord | undefined> {
    return this.o.db.transaction(async (tx) => {
      const settled = await settleJob(tx, this.instanceId, job.jobId, outcome);
      if (!settled) return undefined;
      if (settled.status === 'completed') {
        await enqueueEvents(tx, [completedEvent(settled, settled.resultKey!, stats)]);
      } else if (settled.status === 'failed') {
        await enqueueEvents(tx, [
          endedEvent('analysis.failed.v1', settled, settled.error ?? JOB_MESSAGES.engineFailed),
        ]);
      } else {
        await enqueueEvents(tx, [endedEvent('analysis.cancelled.v1', settled, '')]);
      }
      return settled;
    });
  }
}

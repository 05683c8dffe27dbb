// Runs analysis jobs. A job is a row in analysis_jobs (recorded when analysis.requested.v1 arrives);
// the instance that received it holds a lease on it and runs it. A heartbeat renews the leases of
// all the instance's running jobs every `heartbeatMs`, whatever the engine is doing; a job whose
// holder died is taken over by any instance (and run again from the start: the engine's passes are
// book-wide) as soon as the holder's database session is gone, or at the latest when its lease runs
// out (see claimJob). Every claim counts an attempt, and every write of a run (progress, heartbeat,
// settling, putting back) carries its (owner, attempt): a run that was taken over can write nothing
// more. The engine runs on a worker thread (engine-threads.ts) and reports each step: at each tenth
// of the way the progress is recorded (with analysis.progressed.v1), and a step that finds the job
// cancelled, its lease lost or the instance stopping ends the thread.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AnalysisStep } from '@castbook/text-analysis';
import {
  BlobNotFoundError,
  enqueueEvents,
  withoutEventContext,
  type BlobStore,
  type Database,
  type Logger,
} from '@castbook/platform';
import type pg from 'pg';
import { promClient } from '@castbook/platform';
import {
  claimJob,
  JOBS_CHANNEL,
  leaseOf,
  recordProgress,
  registerInstance,
  releaseJob,
  renewLeases,
  settleJob,
  unregisterInstance,
  type Lease,
} from '../db/jobs.js';
import { completedEvent, endedEvent, progressedEvent } from '../events/job-events.js';
import { EngineThreads } from './engine-threads.js';
import type { EngineOutcome } from './engine-worker.js';
import { JOB_MESSAGES, resultKey, type JobRecord } from './jobs.js';

export interface JobRunnerOptions {
  db: Database;
  blobs: BlobStore;
  logger: Logger;
  concurrency: number;
  /** The most heap one job's engine thread may use (MiB). */
  engineHeapMb: number;
  /** How long a job stays with its instance without a renewal. */
  leaseMs: number;
  /** How often the instance renews its jobs' leases (at most a third of `leaseMs`). */
  heartbeatMs: number;
  /** How often the instance looks for jobs to take over. */
  pollMs: number;
  chunkSize: number;
  maxAttempts: number;
  /** This instance's name in `owner`; unique per process. */
  instanceId?: string;
  /** The service's Prometheus registry: job durations and outcomes are recorded there. */
  metrics?: promClient.Registry;
}

/** How a run of a job ended, for the metrics. `left`: taken over, or put back when this instance stopped. */
type RunOutcome = 'completed' | 'failed' | 'cancelled' | 'left';

/** Failure reasons as metric labels (the user-facing messages are JOB_MESSAGES). */
const FAILURE_REASONS: Record<string, string> = {
  [JOB_MESSAGES.noText]: 'no_text',
  [JOB_MESSAGES.tooManyAttempts]: 'too_many_attempts',
  [JOB_MESSAGES.contentMissing]: 'content_missing',
  [JOB_MESSAGES.engineFailed]: 'engine_failed',
  [JOB_MESSAGES.saveFailed]: 'save_failed',
};

class JobMetrics {
  private readonly duration: promClient.Histogram<'outcome'>;
  private readonly failures: promClient.Counter<'reason'>;
  constructor(registry: promClient.Registry) {
    this.duration = new promClient.Histogram({
      name: 'castbook_analysis_job_duration_seconds',
      help: 'Time of one run of an analysis job, by how it ended (completed, failed, cancelled, left)',
      labelNames: ['outcome'] as const,
      buckets: [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600],
      registers: [registry],
    });
    this.failures = new promClient.Counter({
      name: 'castbook_analysis_job_failures_total',
      help: 'Analysis jobs that ended failed, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
  }
  ran(outcome: RunOutcome, seconds: number, error?: string): void {
    this.duration.observe({ outcome }, seconds);
    if (outcome === 'failed') this.failures.inc({ reason: FAILURE_REASONS[error ?? ''] ?? 'other' });
  }
}

/** Thrown inside a job when it must stop without settling (lease lost, or this instance stopping). */
class Abandoned extends Error {}

/** A job this instance runs: its lease, and whether the heartbeat found it lost. */
interface Held {
  lease: Lease;
  lost: boolean;
  /** The tenth of the job's progress its last analysis.progressed.v1 reported (-1: none yet). */
  reportedTenth: number;
}

/**
 * Which tenth of the way a job is (0–10). analysis.progressed.v1 goes out when this grows, not after
 * every step: the browser reads progress from the job table, nothing acts on each step's event, and
 * a novel's ~40 steps each cost an outbox row, a Kafka record, an offset commit per consumer group
 * and a fetch per consumer.
 */
export function progressTenth(p: { processedChunks: number; totalChunks: number }): number {
  return p.totalChunks > 0 ? Math.floor((10 * Math.min(p.processedChunks, p.totalChunks)) / p.totalChunks) : 0;
}

/** The engine itself failed on this text (as opposed to storage or the database). */
class EngineError extends Error {}

export class JobRunner {
  readonly instanceId: string;
  readonly heartbeatMs: number;
  private readonly log: Logger;
  private readonly running = new Map<string, { done: Promise<void>; held: Held }>();
  private stopping = false;
  private claiming = false;
  private claimAgain = false;
  private beating = false;
  private timer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  /** The notification connection; while it is open this instance is registered as alive. */
  private listener: pg.PoolClient | undefined;
  /** Gives the notification connection back (once, whoever asks first: an error, or stop). */
  private releaseListener: (() => void) | undefined;
  private connecting: Promise<void> | undefined;
  private readonly metrics: JobMetrics | undefined;
  private readonly engine: EngineThreads;

  constructor(private readonly o: JobRunnerOptions) {
    this.metrics = o.metrics && new JobMetrics(o.metrics);
    this.engine = new EngineThreads(o.concurrency, o.engineHeapMb);
    this.instanceId = o.instanceId ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.heartbeatMs = Math.max(10, Math.min(o.heartbeatMs, Math.floor(o.leaseMs / 3)));
    this.log = o.logger.child({ component: 'analysis-jobs', instance: this.instanceId });
  }

  /**
   * Registers this instance, then claims at once: at boot that takes over the jobs of a process that
   * died (its session is gone), without waiting for their leases or a poll.
   */
  async start(): Promise<void> {
    await this.listen();
    this.timer = setInterval(() => {
      if (!this.listener) void this.listen();
      this.wake();
    }, this.o.pollMs);
    this.timer.unref();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.heartbeatTimer.unref();
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
    // Woken by an event's handler, but the jobs it claims are not that event's: no reqId on their lines.
    void withoutEventContext(() => this.claimAll())
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
    await Promise.allSettled([...this.running.values()].map((r) => r.done));
    await this.engine.destroy();
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    await this.connecting;
    if (this.listener) {
      await unregisterInstance(this.listener, this.instanceId).catch(() => undefined);
      this.releaseListener?.();
    }
  }

  /** Jobs this instance is running now. */
  get active(): number {
    return this.running.size;
  }

  /** Opens the notification connection and registers this instance as alive on it (once at a time). */
  private listen(): Promise<void> {
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    let client: pg.PoolClient | undefined;
    let released = false;
    // `true` (or an error) closes the connection instead of pooling it, LISTEN and all.
    const release = (err?: Error | boolean) => {
      if (released || !client) return;
      released = true;
      if (this.listener === client) this.listener = undefined;
      client.release(err);
    };
    try {
      client = await this.o.db.pool.connect();
      const c = client;
      c.on('notification', () => this.wake());
      c.on('error', (err) => {
        this.log.warn({ err }, 'job connection lost; not taking new jobs until reconnected');
        release(err);
      });
      await c.query(`LISTEN ${JOBS_CHANNEL}`);
      await registerInstance(c, this.instanceId);
      if (this.stopping) return release(true);
      if (!released) {
        this.listener = c;
        this.releaseListener = () => release(true);
      }
    } catch (err) {
      this.log.warn({ err }, 'could not open the job connection; retrying at the next poll');
      release(err as Error);
    }
  }

  /** Renews the leases of every job running here; a lease found lost stops its job at its next step. */
  private async heartbeat(): Promise<void> {
    if (this.beating || this.running.size === 0) return;
    this.beating = true;
    const held = [...this.running.values()].map((r) => r.held).filter((h) => !h.lost);
    try {
      const renewed = await renewLeases(
        this.o.db.pool,
        held.map((h) => h.lease),
        this.o.leaseMs,
      );
      for (const h of held) if (!renewed.has(h.lease.jobId)) h.lost = true;
    } catch (err) {
      this.log.warn({ err }, 'could not renew the leases of running analysis jobs');
    } finally {
      this.beating = false;
    }
  }

  private async claimAll(): Promise<void> {
    // Only while registered: a job held by an instance that is not would look abandoned to the others.
    while (!this.stopping && this.listener && this.running.size < this.o.concurrency) {
      const job = await claimJob(this.o.db.pool, this.instanceId, this.o.leaseMs, [...this.running.keys()]);
      if (!job) return;
      const held: Held = { lease: leaseOf(job, this.instanceId), lost: false, reportedTenth: -1 };
      const done = this.run(job, held).finally(() => {
        this.running.delete(job.jobId);
        this.wake();
      });
      this.running.set(job.jobId, { done, held });
    }
  }

  private async run(job: JobRecord, held: Held): Promise<void> {
    const began = performance.now();
    let recorded = false;
    // Counted once per run: the first way it ended (a run that settled nothing was left to another).
    const ended = (outcome: RunOutcome, error?: string) => {
      if (recorded) return;
      recorded = true;
      this.metrics?.ran(outcome, (performance.now() - began) / 1000, error);
    };
    try {
      await this.runOnce(job, held, ended);
    } finally {
      ended('left');
    }
  }

  private async runOnce(
    job: JobRecord,
    held: Held,
    ended: (outcome: RunOutcome, error?: string) => void,
  ): Promise<void> {
    const log = this.log.child({ jobId: job.jobId, projectId: job.projectId, attempt: job.attempts });
    const settle = async (outcome: Parameters<JobRunner['settle']>[2], stats?: Record<string, number>) => {
      const settled = await this.settle(job, held, outcome, stats);
      const status = settled?.status;
      const ending = status === 'completed' || status === 'failed' || status === 'cancelled' ? status : 'left';
      ended(ending, settled?.error ?? undefined);
      return settled;
    };
    try {
      if (job.cancelRequested) return void (await settle({ status: 'cancelled' }));
      if (job.attempts > this.o.maxAttempts) {
        return void (await settle({ status: 'failed', error: JOB_MESSAGES.tooManyAttempts }));
      }
      log.info(job.attempts > 1 ? 'analysis job taken over' : 'analysis job started');
      const started = performance.now();
      const text = await this.readText(job, held);
      if (!text.trim()) return void (await settle({ status: 'failed', error: JOB_MESSAGES.noText }));
      const result = await this.analyze(job, held, text);
      if (!result) return void (await settle({ status: 'cancelled' }));
      const key = resultKey(job);
      await this.o.blobs.put('analysis', key, result.json, 'application/json');
      const stats = { ...result.stats, durationMs: Math.round(performance.now() - started) };
      const settled = await settle({ status: 'completed', resultKey: key }, stats);
      if (!settled) throw new Abandoned('lease lost before the result was recorded');
      log.info({ stats, status: settled.status }, 'analysis job ended');
    } catch (err) {
      if (err instanceof Abandoned) {
        log.info({ reason: err.message }, 'analysis job left to another instance');
        ended('left');
        if (this.stopping && !held.lost) await releaseJob(this.o.db.pool, held.lease).catch(() => undefined);
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
      await settle({ status: 'failed', error }).catch((e) => log.error({ err: e }, 'could not record a failure'));
    }
  }

  private async readText(job: JobRecord, held: Held): Promise<string> {
    await this.progress(job, held, {
      processedChunks: 0,
      totalChunks: job.totalChunks,
      statusMessage: JOB_MESSAGES.starting,
    });
    return (await this.o.blobs.getBuffer('documents', job.contentKey)).toString('utf8');
  }

  /**
   * The engine on a thread, its result document serialised; undefined when the job was cancelled.
   * The steps it reports are handled one at a time, in order: each checks that this run may go on,
   * and a step that reaches another tenth of the way records it (a cancel is seen there).
   */
  private async analyze(job: JobRecord, held: Held, text: string): Promise<EngineOutcome | undefined> {
    const halt = new AbortController();
    // Why this side ended the thread: an Abandoned, a failed progress write, or 'cancelled'.
    let haltedFor: unknown;
    const stopEngine = (reason: unknown) => {
      haltedFor ??= reason;
      halt.abort();
    };
    let handling = Promise.resolve();
    let queuedTenth = held.reportedTenth;
    const onStep = (step: AnalysisStep) => {
      if (this.stopping) return stopEngine(new Abandoned('instance stopping'));
      if (held.lost) return stopEngine(new Abandoned('lease lost'));
      // Progress is written (with its event) when the job reaches another tenth of the way: the
      // browser polls every 3 s, and a write per step was 4 statements per chunk, about half of
      // PostgreSQL's work per analysed book.
      const tenth = progressTenth(step);
      if (tenth <= queuedTenth) return;
      queuedTenth = tenth;
      handling = handling.then(async () => {
        if (haltedFor !== undefined) return;
        try {
          const state = await this.progress(job, held, step);
          if (state.cancelRequested) stopEngine('cancelled');
        } catch (err) {
          stopEngine(err);
        }
      });
    };
    // The project's own outline names the chunks; the structure is detected here only without one.
    const task = {
      text,
      chunkSize: this.o.chunkSize,
      outline: job.outline?.length ? job.outline : undefined,
      header: { projectId: job.projectId, jobId: job.jobId, contentVersion: job.contentVersion },
    };
    let outcome: EngineOutcome | undefined;
    let engineError: unknown;
    try {
      outcome = await this.engine.run(task, onStep, halt.signal);
    } catch (err) {
      engineError = err;
    }
    await handling;
    if (haltedFor === 'cancelled') return undefined;
    if (haltedFor !== undefined) throw haltedFor;
    // A result the engine finished while the instance began to stop is still saved.
    if (held.lost) throw new Abandoned('lease lost');
    if (!outcome) throw new EngineError((engineError as Error).message, { cause: engineError });
    return outcome;
  }

  private async progress(
    job: JobRecord,
    held: Held,
    p: { processedChunks: number; totalChunks: number; statusMessage: string },
  ): Promise<{ cancelRequested: boolean }> {
    const state = await this.o.db.transaction(async (tx) => {
      // Losing a progress row in a crash of the database server costs little (the job is retried);
      // a stopped embedded server (fast shutdown) and a dead process lose nothing.
      await tx.query('SET LOCAL synchronous_commit = off');
      const s = await recordProgress(tx, held.lease, p, this.o.leaseMs);
      const tenth = s ? progressTenth({ processedChunks: s.processedChunks, totalChunks: p.totalChunks }) : -1;
      if (s && tenth > held.reportedTenth) {
        await enqueueEvents(tx, [progressedEvent(job, { ...p, processedChunks: s.processedChunks })]);
      }
      return s && { ...s, tenth };
    });
    if (!state) {
      held.lost = true;
      throw new Abandoned('lease lost');
    }
    held.reportedTenth = Math.max(held.reportedTenth, state.tenth);
    return state;
  }

  private async settle(
    job: JobRecord,
    held: Held,
    outcome: { status: 'completed'; resultKey: string } | { status: 'failed'; error: string } | { status: 'cancelled' },
    stats: Record<string, number> = {},
  ): Promise<JobRecord | undefined> {
    return this.o.db.transaction(async (tx) => {
      const settled = await settleJob(tx, held.lease, outcome);
      if (!settled) {
        held.lost = true;
        return undefined;
      }
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

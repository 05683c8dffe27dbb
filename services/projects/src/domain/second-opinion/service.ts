// The second opinion on doubtful speakers (issue 18), the use case: estimate, start, follow, cancel,
// and the runner. A run is a row of second_opinion_jobs (db/second-opinion.ts) worked through by the
// projects service itself, one batch at a time: the batch is asked (cached, within the user's monthly
// budget: ModelCalls), then applied in one transaction with the job's progress, under the project's
// row lock and only while the job is still running (guarded: a speaker the user set meanwhile stays).
// The process running a job renews its lease; a job whose process died is taken up by the sweep of any
// process and goes on from the batch it stopped at (an answer paid for before the crash comes from the
// cache). A new text or a new analysis stops the job in its own transaction (the table's trigger);
// the user's cancel stops it too; the request in flight is aborted within a poll.
import { randomUUID } from 'node:crypto';
import {
  FEATURES,
  SECOND_OPINION_DEFAULT_THRESHOLD,
  type SecondOpinionEstimate,
  type SecondOpinionState,
} from '@castbook/contracts';
import { splitParagraphs } from '@castbook/text-analysis';
import { HttpError, enqueueEvents, type Database, type Logger } from '@castbook/platform';
import { findProject, updateProject } from '../../db/projects.js';
import {
  batchDone,
  claimAbandoned,
  findJob,
  finishJob,
  insertJob,
  latestJob,
  publicJob,
  renewLease,
  type JobRecord,
} from '../../db/second-opinion.js';
import { projectEvent } from '../../events/project-events.js';
import { jsonSchemaOf, LlmError, type Usage } from '../character-analysis/llm.js';
import type { ModelCalls } from '../character-analysis/model-calls.js';
import { chatPromptTokens } from '../character-analysis/tokens.js';
import type { Caller, Projects } from '../project-service.js';
import { checkFeature, type ProjectRecord } from '../projects.js';
import {
  applyDecisions,
  batchRequest,
  decisionsOf,
  doubtfulQuotes,
  planBatches,
  SECOND_OPINION_PROMPT_VERSION,
  stillDoubtful,
  type Batch,
  type Decision,
  type Paragraph,
} from './batches.js';

export const SECOND_OPINION_MESSAGES = {
  noProvider:
    'A second opinion needs a language model, and none is configured: set OPENAI_BASE_URL (or OPENAI_API_KEY) ' +
    'for the projects service',
  nothingDoubtful: (threshold: number) =>
    `No quote under ${Math.round(threshold * 100)} % confidence has two candidate speakers to choose from`,
  analysing: 'The project is being analysed; ask for a second opinion when the analysis has finished',
  alreadyRunning: 'A second opinion is already running on this project',
  overBudget: (tokens: number, left: number) =>
    `This needs about ${tokens.toLocaleString('en-US')} tokens and ${left.toLocaleString('en-US')} are left of ` +
    "this month's budget",
  budgetUsed: "Stopped: this month's token budget is used up",
  cancelled: 'Cancelled',
  unexpected: 'Stopped by an unexpected error; the batches done are kept',
} as const;

/** The schema's name in the request. */
const REQUEST_NAME = 'speaker_second_opinion';

export interface SecondOpinionOptions {
  /** How long a job's lease lasts without renewal; the sweep runs every half of it. */
  leaseMs: number;
  /** How often a running request checks whether its job was stopped elsewhere. */
  pollMs: number;
}

interface Plan {
  project: ProjectRecord;
  batches: Batch[];
  estimate: SecondOpinionEstimate;
}

export class SecondOpinions {
  /** Jobs this process is running, to abort their request in flight on a cancel. */
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly projects: Projects,
    private readonly logger: Logger,
    /** The language model; undefined when no provider is configured. */
    private readonly calls: ModelCalls | undefined,
    private readonly options: SecondOpinionOptions,
  ) {}

  /** The provider (null: none configured) and the project's latest run. Any plan may read it. */
  async state(caller: Caller, projectId: string): Promise<SecondOpinionState> {
    const project = await this.projects.get(caller.userId, projectId);
    const job = await latestJob(this.db.pool, project.id);
    return { provider: this.calls ? { model: this.calls.model } : null, job: job ? publicJob(job) : null };
  }

  /** What a run would ask and cost. */
  async estimate(caller: Caller, projectId: string, threshold?: number): Promise<SecondOpinionEstimate> {
    return (await this.plan(caller, projectId, threshold)).estimate;
  }

  /**
   * Starts a run: Pro, a provider, a writable project not being analysed, something doubtful, within
   * the month's budget, none running already. Answers at once; the run goes on in this process.
   */
  async start(caller: Caller, projectId: string, threshold?: number): Promise<SecondOpinionState> {
    const { project, batches, estimate } = await this.plan(caller, projectId, threshold);
    const reason = await this.projects.readOnly(caller, project.id);
    if (reason) throw new HttpError(403, reason);
    if (estimate.quotes === 0) throw new HttpError(409, SECOND_OPINION_MESSAGES.nothingDoubtful(estimate.threshold));
    if (!estimate.fitsBudget) {
      const left = Math.max(0, estimate.usage.tokenBudget - estimate.usage.tokensUsed);
      throw new HttpError(409, SECOND_OPINION_MESSAGES.overBudget(estimate.tokens, left));
    }
    const job = await this.db.transaction(async (tx) => {
      // Under the project's lock: no new text or analysis slips in between the check and the insert.
      const locked = await findProject(tx, caller.userId, project.id, true);
      if (!locked) throw new HttpError(404, 'Project not found');
      if (locked.analysisJobId) throw new HttpError(409, SECOND_OPINION_MESSAGES.analysing);
      if (locked.contentVersion !== project.contentVersion) {
        throw new HttpError(409, 'The project changed meanwhile; reload it and try again');
      }
      if ((await latestJob(tx, project.id))?.status === 'running') {
        throw new HttpError(409, SECOND_OPINION_MESSAGES.alreadyRunning);
      }
      return insertJob(
        tx,
        {
          id: randomUUID(),
          projectId: project.id,
          userId: caller.userId,
          model: estimate.model,
          threshold: estimate.threshold,
          contentVersion: project.contentVersion,
          batches,
          quotesTotal: estimate.quotes,
        },
        this.options.leaseMs,
      );
    });
    this.launch(job.id);
    return { provider: { model: estimate.model }, job: publicJob(job) };
  }

  /** Stops the project's running job (the batches done stay applied); answers the state either way. */
  async cancel(caller: Caller, projectId: string): Promise<SecondOpinionState> {
    const project = await this.projects.get(caller.userId, projectId);
    const job = await latestJob(this.db.pool, project.id);
    if (job?.status === 'running') {
      await finishJob(this.db.pool, job.id, 'cancelled', SECOND_OPINION_MESSAGES.cancelled);
      this.running.get(job.id)?.abort.abort();
    }
    return this.state(caller, projectId);
  }

  /** Takes up running jobs whose process stopped (their lease ran out). Answers how many. */
  async resumeAbandoned(): Promise<number> {
    if (!this.calls || this.closed) return 0;
    const ids = await claimAbandoned(this.db.pool, this.options.leaseMs);
    for (const id of ids) this.launch(id);
    return ids.length;
  }

  /** Stops this process's runs (service shutdown): their jobs stay running, for another process to take up. */
  async close(): Promise<void> {
    this.closed = true;
    for (const { abort } of this.running.values()) abort.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** The run of a job, in the background; failures end the job with a message, never silently. */
  private launch(id: string): void {
    if (this.running.has(id) || this.closed) return;
    const abort = new AbortController();
    const done = this.run(id, abort.signal)
      .catch(async (err: unknown) => {
        this.logger.error({ err, jobId: id }, 'second opinion run failed');
        await finishJob(this.db.pool, id, 'failed', SECOND_OPINION_MESSAGES.unexpected).catch(() => undefined);
      })
      .finally(() => this.running.delete(id));
    this.running.set(id, { abort, done });
  }

  private async run(id: string, signal: AbortSignal): Promise<void> {
    const calls = this.calls!;
    // Stopped elsewhere (cancel on another process, a new text, a new analysis): abort the request.
    const abort = new AbortController();
    signal.addEventListener('abort', () => abort.abort(), { once: true });
    const poll = setInterval(() => {
      renewLease(this.db.pool, id, this.options.leaseMs)
        .then((status) => status !== 'running' && abort.abort())
        .catch((err: unknown) => this.logger.warn({ err, jobId: id }, 'second opinion lease not renewed'));
    }, this.options.pollMs);
    poll.unref();
    let book: { text: string; paragraphs: Paragraph[] } | undefined;
    try {
      for (;;) {
        const job = await findJob(this.db.pool, id);
        if (!job || job.status !== 'running' || abort.signal.aborted) return;
        if (job.batchesDone >= job.batches.length) {
          await finishJob(this.db.pool, id, 'completed', null);
          return;
        }
        const project = await findProject(this.db.pool, job.userId, job.projectId);
        if (!project) return; // deleted: the job went with it
        const batch = job.batches[job.batchesDone]!;
        const ask = stillDoubtful(batch, project.quotes);
        let decisions: Decision[] = [];
        let tokens = 0;
        if (ask.length > 0) {
          if (!book) {
            const { content } = await this.projects.withContent(job.userId, job.projectId);
            book = { text: content, paragraphs: splitParagraphs(content) };
          }
          const request = batchRequest({ ...book, title: project.title, characters: project.characters }, ask);
          let asked;
          try {
            asked = await calls.ask({
              userId: job.userId,
              name: REQUEST_NAME,
              schema: request.schema,
              prompt: request.prompt,
              version: SECOND_OPINION_PROMPT_VERSION,
              signal: abort.signal,
            });
          } catch (err) {
            if (abort.signal.aborted) return; // stopped: the job says why
            if (err instanceof LlmError) {
              // Nothing of this batch is stored; the tokens of refused replies were paid for.
              const paid = (err as { usage?: Usage }).usage?.totalTokens ?? 0;
              await finishJob(this.db.pool, id, 'failed', err.message, paid);
              return;
            }
            throw err;
          }
          if (!asked) {
            await finishJob(this.db.pool, id, 'failed', SECOND_OPINION_MESSAGES.budgetUsed);
            return;
          }
          decisions = decisionsOf(request, asked.value);
          tokens = asked.tokens;
        }
        const applied = await this.apply(job, batch, decisions, tokens);
        if (!applied) return;
      }
    } finally {
      clearInterval(poll);
    }
  }

  /**
   * One batch's answer applied with the job's progress, in one transaction under the project's row
   * lock: discarded when the job was stopped meanwhile. Answers whether it was applied.
   */
  private async apply(job: JobRecord, batch: Batch, decisions: Decision[], tokens: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const locked = await findProject(tx, job.userId, job.projectId, true);
      const now = await findJob(tx, job.id, true);
      if (!locked || now?.status !== 'running' || now.batchesDone !== job.batchesDone) return false;
      const result = applyDecisions(locked.quotes, locked.characters, batch, decisions);
      if (result.changed + result.agreed > 0) {
        const next: ProjectRecord = { ...locked, quotes: result.quotes, updatedAt: new Date() };
        await updateProject(tx, next);
        await enqueueEvents(tx, [projectEvent('project.updated.v1', next)]);
      }
      await batchDone(tx, job.id, { ...result, tokens }, this.options.leaseMs);
      return true;
    });
  }

  /** The doubtful quotes, their batches and what asking them would cost, for the caller's project. */
  private async plan(caller: Caller, projectId: string, threshold = SECOND_OPINION_DEFAULT_THRESHOLD): Promise<Plan> {
    checkFeature(await this.projects.limits(caller), FEATURES.characterAnalysis);
    const project = await this.projects.get(caller.userId, projectId);
    if (!this.calls) throw new HttpError(409, SECOND_OPINION_MESSAGES.noProvider);
    if (project.analysisJobId) throw new HttpError(409, SECOND_OPINION_MESSAGES.analysing);
    const doubtful = doubtfulQuotes(project.quotes, project.characters, threshold);
    const batches = planBatches(doubtful);
    let tokens = 0;
    let cachedBatches = 0;
    if (batches.length > 0) {
      const { content } = await this.projects.withContent(caller.userId, project.id);
      const book = {
        text: content,
        paragraphs: splitParagraphs(content),
        title: project.title,
        characters: project.characters,
      };
      const byId = new Map(doubtful.map((q) => [q.id, q]));
      for (const batch of batches) {
        const request = batchRequest(
          book,
          batch.map((p) => byId.get(p.id)!),
        );
        if (await this.calls.isCached(request.schema, request.prompt, SECOND_OPINION_PROMPT_VERSION)) {
          cachedBatches++;
          continue;
        }
        const { system, user } = request.prompt;
        tokens += chatPromptTokens([system, user], jsonSchemaOf(request.schema)) + request.answerTokens;
      }
    }
    const usage = await this.calls.usage(caller.userId);
    return {
      project,
      batches,
      estimate: {
        model: this.calls.model,
        threshold,
        quotes: doubtful.length,
        batches: batches.length,
        cachedBatches,
        tokens,
        usage,
        budgetShare: usage.tokenBudget > 0 ? Math.round((tokens / usage.tokenBudget) * 10_000) / 10_000 : 0,
        fitsBudget: usage.tokensUsed + tokens <= usage.tokenBudget,
      },
    };
  }
}

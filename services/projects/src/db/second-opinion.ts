// second_opinion_jobs (issue 18): the runs of the second opinion on doubtful speakers, with their
// planned batches, progress and lease. The only place its SQL lives.
import type { SecondOpinionJob, SecondOpinionStatus } from '@castbook/contracts';
import type { Queryable } from '@castbook/platform';
import type { Batch } from '../domain/second-opinion/batches.js';

export interface JobRecord extends SecondOpinionJob {
  projectId: string;
  userId: string;
  contentVersion: number;
  batches: Batch[];
}

interface Row {
  id: string;
  project_id: string;
  user_id: string;
  status: SecondOpinionStatus;
  model: string;
  threshold: number;
  content_version: number;
  batches: Batch[];
  batches_done: number;
  quotes_total: number;
  changed: number;
  agreed: number;
  kept: number;
  tokens_used: string;
  message: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, project_id, user_id, status, model, threshold, content_version, batches, batches_done, quotes_total, ' +
  'changed, agreed, kept, tokens_used, message, created_at, updated_at';

const toRecord = (r: Row): JobRecord => ({
  id: r.id,
  projectId: r.project_id,
  userId: r.user_id,
  status: r.status,
  model: r.model,
  threshold: r.threshold,
  contentVersion: r.content_version,
  batches: r.batches,
  batchesDone: r.batches_done,
  batchesTotal: r.batches.length,
  quotesTotal: r.quotes_total,
  changed: r.changed,
  agreed: r.agreed,
  kept: r.kept,
  tokensUsed: Number(r.tokens_used),
  message: r.message,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** The job as the API answers it (without the planned batches and owner columns). */
export function publicJob(j: JobRecord): SecondOpinionJob {
  const { projectId: _p, userId: _u, contentVersion: _v, batches: _b, ...job } = j;
  return job;
}

export async function insertJob(
  db: Queryable,
  j: Pick<
    JobRecord,
    'id' | 'projectId' | 'userId' | 'model' | 'threshold' | 'contentVersion' | 'batches' | 'quotesTotal'
  >,
  leaseMs: number,
): Promise<JobRecord> {
  const { rows } = await db.query<Row>(
    `INSERT INTO second_opinion_jobs
       (id, project_id, user_id, status, model, threshold, content_version, batches, quotes_total, lease_until)
     VALUES ($1, $2, $3, 'running', $4, $5, $6, $7, $8, now() + $9 * interval '1 millisecond')
     RETURNING ${COLUMNS}`,
    [
      j.id,
      j.projectId,
      j.userId,
      j.model,
      j.threshold,
      j.contentVersion,
      JSON.stringify(j.batches),
      j.quotesTotal,
      leaseMs,
    ],
  );
  return toRecord(rows[0]!);
}

/** The project's latest run (running or finished), or undefined. */
export async function latestJob(db: Queryable, projectId: string): Promise<JobRecord | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM second_opinion_jobs WHERE project_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [projectId],
  );
  return rows[0] && toRecord(rows[0]);
}

export async function findJob(db: Queryable, id: string, lock = false): Promise<JobRecord | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM second_opinion_jobs WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] && toRecord(rows[0]);
}

/** Renews a running job's lease; answers its status (undefined: the job is gone with its project). */
export async function renewLease(db: Queryable, id: string, leaseMs: number): Promise<SecondOpinionStatus | undefined> {
  const { rows } = await db.query<{ status: SecondOpinionStatus }>(
    `UPDATE second_opinion_jobs
        SET lease_until = CASE WHEN status = 'running' THEN now() + $2 * interval '1 millisecond' ELSE lease_until END
      WHERE id = $1 RETURNING status`,
    [id, leaseMs],
  );
  return rows[0]?.status;
}

/** Running jobs whose lease ran out (their process stopped), taken over with a new lease. */
export async function claimAbandoned(db: Queryable, leaseMs: number, limit = 5): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE second_opinion_jobs SET lease_until = now() + $1 * interval '1 millisecond'
      WHERE id IN (SELECT id FROM second_opinion_jobs WHERE status = 'running' AND lease_until < now()
                   ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [leaseMs, limit],
  );
  return rows.map((r) => r.id);
}

/** One batch done: its counts added, the lease renewed. */
export async function batchDone(
  db: Queryable,
  id: string,
  counts: { changed: number; agreed: number; kept: number; tokens: number },
  leaseMs: number,
): Promise<void> {
  await db.query(
    `UPDATE second_opinion_jobs
        SET batches_done = batches_done + 1, changed = changed + $2, agreed = agreed + $3, kept = kept + $4,
            tokens_used = tokens_used + $5, lease_until = now() + $6 * interval '1 millisecond', updated_at = now()
      WHERE id = $1`,
    [id, counts.changed, counts.agreed, counts.kept, counts.tokens, leaseMs],
  );
}

/** Ends a running job (a finished job keeps its end). Answers whether it was running. */
export async function finishJob(
  db: Queryable,
  id: string,
  status: Exclude<SecondOpinionStatus, 'running'>,
  message: string | null,
  tokens = 0,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE second_opinion_jobs SET status = $2, message = $3, tokens_used = tokens_used + $4, updated_at = now()
      WHERE id = $1 AND status = 'running'`,
    [id, status, message, tokens],
  );
  return (rowCount ?? 0) > 0;
}

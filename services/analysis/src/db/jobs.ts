// analysis_jobs and project_owners: the only place their SQL lives. Reads for callers are scoped by user.
import type { Queryable } from '@castbook/platform';
import type { JobRecord, JobStatus } from '../domain/jobs.js';

interface Row {
  job_id: string;
  project_id: string;
  user_id: string;
  content_key: string;
  content_version: number;
  tier: string;
  status: JobStatus;
  owner: string | null;
  attempts: number;
  cancel_requested: boolean;
  processed_chunks: number;
  total_chunks: number;
  status_message: string;
  error: string | null;
  result_key: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const toRecord = (r: Row): JobRecord => ({
  jobId: r.job_id,
  projectId: r.project_id,
  userId: r.user_id,
  contentKey: r.content_key,
  contentVersion: r.content_version,
  tier: r.tier,
  status: r.status,
  owner: r.owner,
  attempts: r.attempts,
  cancelRequested: r.cancel_requested,
  processedChunks: r.processed_chunks,
  totalChunks: r.total_chunks,
  statusMessage: r.status_message,
  error: r.error,
  resultKey: r.result_key,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

/** NOTIFY channel: "a job was queued", so idle instances claim it at once instead of at the next poll. */
export const JOBS_CHANNEL = 'castbook_analysis_jobs';

export type NewJob = Pick<JobRecord, 'jobId' | 'projectId' | 'userId' | 'contentKey' | 'contentVersion' | 'tier'>;

/** Records a job (once: a redelivered request changes nothing), held by `owner` for `leaseMs`. */
export async function insertJob(db: Queryable, job: NewJob, owner: string, leaseMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO analysis_jobs (job_id, project_id, user_id, content_key, content_version, tier, owner, lease_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + $8 * interval '1 millisecond')
     ON CONFLICT (job_id) DO NOTHING`,
    [job.jobId, job.projectId, job.userId, job.contentKey, job.contentVersion, job.tier, owner, leaseMs],
  );
  if (rowCount) await db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, job.jobId]);
  return rowCount === 1;
}

/** Asks a job to stop; jobs still queued stop at once. Returns the jobs that were queued (now cancelled). */
export async function requestCancel(
  db: Queryable,
  where: { jobId: string } | { projectId: string; exceptJobId: string },
): Promise<JobRecord[]> {
  const [cond, args] =
    'jobId' in where
      ? ['job_id = $1', [where.jobId]]
      : ['project_id = $1 AND job_id <> $2', [where.projectId, where.exceptJobId]];
  await db.query(
    `UPDATE analysis_jobs SET cancel_requested = true, updated_at = now()
     WHERE ${cond} AND status IN ('queued', 'running')`,
    args,
  );
  const { rows } = await db.query<Row>(
    `UPDATE analysis_jobs SET status = 'cancelled', status_message = 'Analysis cancelled', owner = NULL,
       lease_expires_at = NULL, finished_at = now(), updated_at = now()
     WHERE ${cond} AND status = 'queued' RETURNING *`,
    args,
  );
  return rows.map(toRecord);
}

/**
 * Takes the next job this instance may run: a queued job (those it received first, then other
 * instances' that wait for a free slot there), or a running job whose lease ran out (its owner died).
 * SKIP LOCKED: two instances never take the same job.
 */
export async function claimJob(
  db: Queryable,
  owner: string,
  leaseMs: number,
  runningHere: string[],
): Promise<JobRecord | undefined> {
  const { rows } = await db.query<Row>(
    `UPDATE analysis_jobs SET status = 'running', owner = $1, lease_expires_at = now() + $2 * interval '1 millisecond',
       attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
     WHERE job_id = (
       SELECT job_id FROM analysis_jobs
       WHERE status IN ('queued', 'running') AND NOT (job_id = ANY($3::text[]))
         AND (status = 'queued' OR lease_expires_at < now())
       ORDER BY (owner IS NOT DISTINCT FROM $1) DESC, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [owner, leaseMs, runningHere],
  );
  return rows[0] && toRecord(rows[0]);
}

/**
 * Records progress and renews the lease, if `owner` still holds the job. Undefined when it does not
 * (another instance took it over, or it was settled): the caller stops. Progress never decreases.
 */
export async function recordProgress(
  db: Queryable,
  owner: string,
  jobId: string,
  p: { processedChunks: number; totalChunks: number; statusMessage: string },
  leaseMs: number,
): Promise<{ cancelRequested: boolean; processedChunks: number } | undefined> {
  const { rows } = await db.query<{ cancel_requested: boolean; processed_chunks: number }>(
    `UPDATE analysis_jobs SET processed_chunks = GREATEST(processed_chunks, $3), total_chunks = $4,
       status_message = $5, lease_expires_at = now() + $6 * interval '1 millisecond', updated_at = now()
     WHERE job_id = $2 AND owner = $1 AND status = 'running'
     RETURNING cancel_requested, processed_chunks`,
    [owner, jobId, p.processedChunks, p.totalChunks, p.statusMessage, leaseMs],
  );
  return rows[0] && { cancelRequested: rows[0].cancel_requested, processedChunks: rows[0].processed_chunks };
}

/**
 * Settles a job `owner` still holds (the owner stays on the row: which instance ran it): completed (cancelled instead if a cancel arrived meanwhile),
 * failed or cancelled. Returns the settled record, or undefined when the job is not `owner`'s anymore.
 */
export async function settleJob(
  db: Queryable,
  owner: string,
  jobId: string,
  outcome: { status: 'completed'; resultKey: string } | { status: 'failed'; error: string } | { status: 'cancelled' },
): Promise<JobRecord | undefined> {
  // A cancel that arrived after the last step still wins over completion.
  const status = "CASE WHEN cancel_requested AND $3::text = 'completed' THEN 'cancelled' ELSE $3::text END";
  const { rows } = await db.query<Row>(
    `UPDATE analysis_jobs SET status = ${status},
       status_message = CASE ${status} WHEN 'completed' THEN 'Analysis complete' WHEN 'cancelled' THEN 'Analysis cancelled'
         ELSE 'Analysis failed' END,
       processed_chunks = CASE ${status} WHEN 'completed' THEN total_chunks ELSE processed_chunks END,
       error = $4, result_key = CASE ${status} WHEN 'completed' THEN $5 ELSE NULL END,
       lease_expires_at = NULL, finished_at = now(), updated_at = now()
     WHERE job_id = $2 AND owner = $1 AND status = 'running'
     RETURNING *`,
    [
      owner,
      jobId,
      outcome.status,
      outcome.status === 'failed' ? outcome.error : null,
      outcome.status === 'completed' ? outcome.resultKey : null,
    ],
  );
  return rows[0] && toRecord(rows[0]);
}

/** Puts a job back in the queue for any instance (this one is stopping). */
export async function releaseJob(db: Queryable, owner: string, jobId: string): Promise<void> {
  await db.query(
    `UPDATE analysis_jobs SET status = 'queued', owner = NULL, lease_expires_at = now(), updated_at = now()
     WHERE job_id = $2 AND owner = $1 AND status = 'running'`,
    [owner, jobId],
  );
  await db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, jobId]);
}

/** The caller's latest job for a project. */
export async function latestJob(db: Queryable, userId: string, projectId: string): Promise<JobRecord | undefined> {
  const { rows } = await db.query<Row>(
    'SELECT * FROM analysis_jobs WHERE user_id = $1 AND project_id = $2 ORDER BY created_at DESC, job_id LIMIT 1',
    [userId, projectId],
  );
  return rows[0] && toRecord(rows[0]);
}

export async function upsertProjectOwner(
  db: Queryable,
  o: { projectId: string; userId: string; deleted: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO project_owners (project_id, user_id, deleted) VALUES ($1, $2, $3)
     ON CONFLICT (project_id) DO UPDATE SET deleted = project_owners.deleted OR EXCLUDED.deleted`,
    [o.projectId, o.userId, o.deleted],
  );
}

export async function findProjectOwner(
  db: Queryable,
  projectId: string,
): Promise<{ userId: string; deleted: boolean } | undefined> {
  const { rows } = await db.query<{ user_id: string; deleted: boolean }>(
    'SELECT user_id, deleted FROM project_owners WHERE project_id = $1',
    [projectId],
  );
  return rows[0] && { userId: rows[0].user_id, deleted: rows[0].deleted };
}

// analysis_jobs and project_owners: the only place their SQL lives. Reads for callers are scoped by user.
import type { OutlineItem } from '@castbook/contracts';
import type { Queryable } from '@castbook/platform';
import type { JobRecord, JobStatus, ProjectAnalysisState } from '../domain/jobs.js';

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
  outline: OutlineItem[] | null;
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
  outline: r.outline,
});

/** NOTIFY channel: "a job was queued", so idle instances claim it at once instead of at the next poll. */
export const JOBS_CHANNEL = 'castbook_analysis_jobs';

export type NewJob = Pick<JobRecord, 'jobId' | 'projectId' | 'userId' | 'contentKey' | 'contentVersion' | 'tier'> & {
  outline?: OutlineItem[];
};

/** Records a job (once: a redelivered request changes nothing), held by `owner` for `leaseMs`. */
export async function insertJob(db: Queryable, job: NewJob, owner: string, leaseMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO analysis_jobs
       (job_id, project_id, user_id, content_key, content_version, tier, owner, lease_expires_at, outline)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + $8 * interval '1 millisecond', $9)
     ON CONFLICT (job_id) DO NOTHING`,
    [
      job.jobId,
      job.projectId,
      job.userId,
      job.contentKey,
      job.contentVersion,
      job.tier,
      owner,
      leaseMs,
      job.outline ? JSON.stringify(job.outline) : null,
    ],
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

/** One run of a job by one instance: the fencing token every write of that run carries. */
export interface Lease {
  owner: string;
  jobId: string;
  /** `attempts` as the claim set it; any later claim (a takeover) changes it. */
  attempt: number;
}

/**
 * Registers `instanceId` as alive for as long as the session of `db` (the instance's notification
 * connection) lasts, and forgets instances whose session is gone. See migrations/002.
 */
export async function registerInstance(db: Queryable, instanceId: string): Promise<void> {
  await db.query(
    `INSERT INTO analysis_instances (instance_id, backend_pid) VALUES ($1, pg_backend_pid())
     ON CONFLICT (instance_id) DO UPDATE SET backend_pid = EXCLUDED.backend_pid, registered_at = now()`,
    [instanceId],
  );
  await db.query(
    `DELETE FROM analysis_instances i
     WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = i.backend_pid)`,
  );
}

/** A stopping instance is gone at once (its jobs were put back in the queue first). */
export async function unregisterInstance(db: Queryable, instanceId: string): Promise<void> {
  await db.query('DELETE FROM analysis_instances WHERE instance_id = $1', [instanceId]);
}

/**
 * Takes the next job this instance may run: a queued job (those it received first, then other
 * instances' that wait for a free slot there), or a running job whose owner is gone: its lease ran
 * out, or its database session has ended (the process died, or the database server restarted since;
 * see migrations/002), so it is taken at once. SKIP LOCKED: two instances never take the same job.
 * Every claim counts an attempt, which fences the previous holder's writes (see `Lease`).
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
       SELECT job_id FROM analysis_jobs j
       WHERE status IN ('queued', 'running') AND NOT (job_id = ANY($3::text[]))
         AND (status = 'queued' OR lease_expires_at < now() OR NOT EXISTS (
           SELECT 1 FROM analysis_instances i JOIN pg_stat_activity a ON a.pid = i.backend_pid
           WHERE i.instance_id = j.owner))
       ORDER BY (owner IS NOT DISTINCT FROM $1) DESC, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [owner, leaseMs, runningHere],
  );
  return rows[0] && toRecord(rows[0]);
}

/** The lease of a job this instance just claimed. */
export const leaseOf = (job: JobRecord, owner: string): Lease => ({ owner, jobId: job.jobId, attempt: job.attempts });

const HELD = "job_id = $1 AND owner = $2 AND attempts = $3 AND status = 'running'";
const held = (l: Lease) => [l.jobId, l.owner, l.attempt];

/**
 * Heartbeat: renews the leases this instance still holds, in one statement. Returns the ids renewed;
 * a lease missing from the answer was lost (taken over, or the job settled).
 */
export async function renewLeases(db: Queryable, leases: Lease[], leaseMs: number): Promise<Set<string>> {
  if (leases.length === 0) return new Set();
  const { rows } = await db.query<{ job_id: string }>(
    `UPDATE analysis_jobs j SET lease_expires_at = now() + $1 * interval '1 millisecond'
     FROM unnest($2::text[], $3::text[], $4::int[]) AS h(job_id, owner, attempts)
     WHERE j.job_id = h.job_id AND j.owner = h.owner AND j.attempts = h.attempts AND j.status = 'running'
     RETURNING j.job_id`,
    [leaseMs, leases.map((l) => l.jobId), leases.map((l) => l.owner), leases.map((l) => l.attempt)],
  );
  return new Set(rows.map((r) => r.job_id));
}

/**
 * Records progress and renews the lease, if this run still holds the job. Undefined when it does not
 * (another instance took it over, or it was settled): the caller stops. Progress never decreases,
 * and the status message only moves with it (a run taken over from the start does not show
 * "Reading part 3" beside the 40 parts the previous run had reached).
 */
export async function recordProgress(
  db: Queryable,
  lease: Lease,
  p: { processedChunks: number; totalChunks: number; statusMessage: string },
  leaseMs: number,
): Promise<{ cancelRequested: boolean; processedChunks: number } | undefined> {
  const { rows } = await db.query<{ cancel_requested: boolean; processed_chunks: number }>(
    `UPDATE analysis_jobs SET processed_chunks = GREATEST(processed_chunks, $4), total_chunks = $5,
       status_message = CASE WHEN $4 >= processed_chunks THEN $6 ELSE status_message END,
       lease_expires_at = now() + $7 * interval '1 millisecond', updated_at = now()
     WHERE ${HELD}
     RETURNING cancel_requested, processed_chunks`,
    [...held(lease), p.processedChunks, p.totalChunks, p.statusMessage, leaseMs],
  );
  return rows[0] && { cancelRequested: rows[0].cancel_requested, processedChunks: rows[0].processed_chunks };
}

/**
 * Settles a job this run still holds (the owner stays on the row: which instance ran it): completed
 * (cancelled instead if a cancel arrived meanwhile), failed or cancelled. Returns the settled record,
 * or undefined when the run does not hold the job anymore: a run that was taken over (its instance
 * paused past its lease, say) can never complete or fail the job the new run owns.
 */
export async function settleJob(
  db: Queryable,
  lease: Lease,
  outcome: { status: 'completed'; resultKey: string } | { status: 'failed'; error: string } | { status: 'cancelled' },
): Promise<JobRecord | undefined> {
  // A cancel that arrived after the last step still wins over completion.
  const status = "CASE WHEN cancel_requested AND $4::text = 'completed' THEN 'cancelled' ELSE $4::text END";
  const { rows } = await db.query<Row>(
    `UPDATE analysis_jobs SET status = ${status},
       status_message = CASE ${status} WHEN 'completed' THEN 'Analysis complete' WHEN 'cancelled' THEN 'Analysis cancelled'
         ELSE 'Analysis failed' END,
       processed_chunks = CASE ${status} WHEN 'completed' THEN total_chunks ELSE processed_chunks END,
       error = $5, result_key = CASE ${status} WHEN 'completed' THEN $6 ELSE NULL END,
       lease_expires_at = NULL, finished_at = now(), updated_at = now()
     WHERE ${HELD}
     RETURNING *`,
    [
      ...held(lease),
      outcome.status,
      outcome.status === 'failed' ? outcome.error : null,
      outcome.status === 'completed' ? outcome.resultKey : null,
    ],
  );
  return rows[0] && toRecord(rows[0]);
}

/** Puts a job back in the queue for any instance (this one is stopping). */
export async function releaseJob(db: Queryable, lease: Lease): Promise<void> {
  await db.query(
    `UPDATE analysis_jobs SET status = 'queued', owner = NULL, lease_expires_at = now(), updated_at = now()
     WHERE ${HELD}`,
    held(lease),
  );
  await db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, lease.jobId]);
}

/** The caller's latest job for a project. */
export async function latestJob(db: Queryable, userId: string, projectId: string): Promise<JobRecord | undefined> {
  const { rows } = await db.query<Row>(
    'SELECT * FROM analysis_jobs WHERE user_id = $1 AND project_id = $2 ORDER BY created_at DESC, job_id LIMIT 1',
    [userId, projectId],
  );
  return rows[0] && toRecord(rows[0]);
}

/** A project as this service knows it from project events: its owner and its analysis. */
export interface ProjectState {
  userId: string;
  deleted: boolean;
  /** The projects service's analysis status and current job; undefined until an event carried them. */
  analysis?: ProjectAnalysisState;
}

/**
 * Records a project's owner (a deletion sticks) and, when the event carries it, its analysis status
 * and current job. Events of one project arrive in order (partition = project id).
 */
export async function upsertProjectOwner(
  db: Queryable,
  o: { projectId: string; userId: string; deleted: boolean; analysis?: ProjectAnalysisState },
): Promise<void> {
  await db.query(
    `INSERT INTO project_owners (project_id, user_id, deleted, analysis_status, current_job_id)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id) DO UPDATE SET deleted = project_owners.deleted OR EXCLUDED.deleted,
       analysis_status = COALESCE(EXCLUDED.analysis_status, project_owners.analysis_status),
       current_job_id = CASE WHEN EXCLUDED.analysis_status IS NULL THEN project_owners.current_job_id
                             ELSE EXCLUDED.current_job_id END`,
    [o.projectId, o.userId, o.deleted, o.analysis?.analysisStatus ?? null, o.analysis?.analysisJobId ?? null],
  );
}

export async function findProjectState(db: Queryable, projectId: string): Promise<ProjectState | undefined> {
  const { rows } = await db.query<{
    user_id: string;
    deleted: boolean;
    analysis_status: string | null;
    current_job_id: string | null;
  }>('SELECT user_id, deleted, analysis_status, current_job_id FROM project_owners WHERE project_id = $1', [projectId]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    userId: r.user_id,
    deleted: r.deleted,
    analysis: r.analysis_status ? { analysisStatus: r.analysis_status, analysisJobId: r.current_job_id } : undefined,
  };
}

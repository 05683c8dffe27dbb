// Consumes projects.events idempotently (handled ids recorded with the effect):
// - analysis.requested.v1: records the job, held by this instance (it starts it at once);
//   an older open job of the same project is superseded (asked to stop: its result would be stale).
// - analysis.cancel_requested.v1: asks the job to stop (a queued one stops at once).
// - project.*.v1: who owns each project (progress of another user's project is a 404), and the
//   project's analysis status and current job (the progress route reads them; no call to projects).
import { TOPICS, type TypedEvent } from '@castbook/contracts';
import {
  enqueueEvents,
  subscribeIdempotent,
  type Database,
  type EventBus,
  type Logger,
  type Queryable,
} from '@castbook/platform';
import { insertJob, requestCancel, upsertProjectOwner } from '../db/jobs.js';
import type { JobRecord } from '../domain/jobs.js';
import { endedEvent } from './job-events.js';

export const ANALYSIS_GROUP = 'analysis';

async function cancelled(tx: Queryable, jobs: JobRecord[]): Promise<void> {
  if (jobs.length)
    await enqueueEvents(
      tx,
      jobs.map((j) => endedEvent('analysis.cancelled.v1', j, '')),
    );
}

export async function applyAnalysisRequested(
  tx: Queryable,
  e: TypedEvent<'analysis.requested.v1'>,
  owner: string,
  leaseMs: number,
): Promise<void> {
  const p = e.payload;
  await upsertProjectOwner(tx, { projectId: p.projectId, userId: p.userId, deleted: false });
  await cancelled(tx, await requestCancel(tx, { projectId: p.projectId, exceptJobId: p.jobId }));
  await insertJob(tx, p, owner, leaseMs);
}

export async function applyCancelRequested(
  tx: Queryable,
  e: TypedEvent<'analysis.cancel_requested.v1'>,
): Promise<void> {
  await cancelled(tx, await requestCancel(tx, { jobId: e.payload.jobId }));
}

type ProjectEvent = TypedEvent<'project.created.v1' | 'project.updated.v1' | 'project.deleted.v1'>;

export async function applyProjectEvent(tx: Queryable, e: ProjectEvent): Promise<void> {
  const { projectId, userId, analysisStatus, analysisJobId } = e.payload;
  const analysis = analysisStatus ? { analysisStatus, analysisJobId: analysisJobId ?? null } : undefined;
  await upsertProjectOwner(tx, { projectId, userId, deleted: e.type === 'project.deleted.v1', analysis });
  if (e.type === 'project.deleted.v1') {
    await cancelled(tx, await requestCancel(tx, { projectId, exceptJobId: '' }));
  }
}

export function subscribeAnalysisEvents(
  bus: EventBus,
  db: Database,
  logger: Logger,
  runner: { instanceId: string; wake(): void },
  leaseMs: number,
) {
  return subscribeIdempotent(bus, db, {
    groupId: ANALYSIS_GROUP,
    topics: [TOPICS.projects],
    logger,
    handlers: {
      'analysis.requested.v1': (e, tx) => applyAnalysisRequested(tx, e, runner.instanceId, leaseMs),
      'analysis.cancel_requested.v1': (e, tx) => applyCancelRequested(tx, e),
      'project.created.v1': (e, tx) => applyProjectEvent(tx, e),
      'project.updated.v1': (e, tx) => applyProjectEvent(tx, e),
      'project.deleted.v1': (e, tx) => applyProjectEvent(tx, e),
    },
  });
}

// analysis.*.v1 (analysis.events), written to the outbox in the transaction of the job's change.
import { newEvent } from '@castbook/platform';
import type { JobRecord } from '../domain/jobs.js';

type Job = Pick<JobRecord, 'projectId' | 'jobId' | 'userId'>;

export const progressedEvent = (job: Job, p: { processedChunks: number; totalChunks: number; statusMessage: string }) =>
  newEvent('analysis.progressed.v1', job.projectId, job.userId, { projectId: job.projectId, jobId: job.jobId, ...p });

export const completedEvent = (
  job: Job & { contentVersion: number },
  resultKey: string,
  stats: Record<string, number>,
) =>
  newEvent('analysis.completed.v1', job.projectId, job.userId, {
    projectId: job.projectId,
    jobId: job.jobId,
    contentVersion: job.contentVersion,
    resultKey,
    stats,
  });

export const endedEvent = (type: 'analysis.failed.v1' | 'analysis.cancelled.v1', job: Job, error: string) =>
  newEvent(type, job.projectId, job.userId, { projectId: job.projectId, jobId: job.jobId, error });

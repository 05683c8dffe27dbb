// project.*.v1 (projects.events), written to the outbox in the transaction of the change.
import { newEvent } from '@castbook/platform';
import type { ProjectRecord } from '../domain/projects.js';

type ProjectEventType = 'project.created.v1' | 'project.updated.v1' | 'project.deleted.v1';

export function projectEvent(type: ProjectEventType, p: ProjectRecord, meta: Record<string, string> = {}) {
  return newEvent(
    type,
    p.id,
    p.userId,
    {
      projectId: p.id,
      userId: p.userId,
      authorId: p.authorId,
      title: p.title,
      contentVersion: p.contentVersion,
      wordCount: p.wordCount,
      analysisStatus: p.analysisStatus,
      analysisJobId: p.analysisJobId,
    },
    meta,
  );
}

/** analysis.requested.v1 for the project's current job (its id and content version are on the record). */
export function analysisRequestedEvent(p: ProjectRecord, tier: 'free' | 'pro', meta: Record<string, string> = {}) {
  return newEvent(
    'analysis.requested.v1',
    p.id,
    p.userId,
    {
      projectId: p.id,
      userId: p.userId,
      jobId: p.analysisJobId!,
      contentKey: p.contentKey,
      contentVersion: p.contentVersion,
      tier,
      outline: p.outline,
    },
    meta,
  );
}

export function cancelRequestedEvent(p: ProjectRecord, jobId: string, meta: Record<string, string> = {}) {
  return newEvent('analysis.cancel_requested.v1', p.id, p.userId, { projectId: p.id, jobId }, meta);
}

/**
 * project_storage.changed.v1: the user's bytes here and project count, as they are in the
 * transaction that changed them (key = user id, so one user's totals arrive in order).
 */
export function storageChangedEvent(
  userId: string,
  usage: { ownBytes: number; projectCount: number },
  meta: Record<string, string> = {},
) {
  return newEvent(
    'project_storage.changed.v1',
    userId,
    userId,
    { userId, storageBytes: usage.ownBytes, projectCount: usage.projectCount },
    meta,
  );
}

// Consumes analysis.completed/failed/cancelled.v1 (analysis.events), idempotently, for the project's
// current job only: events of any other job, or a result for a content version that is no longer the
// project's, are stale and dropped (ARCHITECTURE.md, "Stale work is ignored").
// A completed result is read from the analysis bucket and merged with the user's own work
// (domain/reanalysis.ts) before it replaces the characters and quotes. A result applied, or a failure,
// notifies the owner in the same transaction (issue 19); a dropped stale event notifies nobody.
import { character, outline, quote, TOPICS, type TypedEvent } from '@castbook/contracts';
import {
  enqueueEvents,
  subscribeIdempotent,
  type BlobStore,
  type Database,
  type EventBus,
  type Logger,
  type Queryable,
} from '@castbook/platform';
import { z } from 'zod';
import { findDeletedNames } from '../db/deleted-characters.js';
import { findDismissedQuotes } from '../db/dismissed-quotes.js';
import { findProjectForUpdate, updateProject } from '../db/projects.js';
import type { ProjectRecord } from '../domain/projects.js';
import { mergeReanalysis } from '../domain/reanalysis.js';
import { analysisCancelled, analysisCompleted, analysisFailed } from '../domain/analysis-status.js';
import { projectEvent } from './project-events.js';
import { insertNotification } from '../db/notifications.js';
import { analysisCompletedNotice, analysisFailedNotice, type Notice } from '../notifications/notices.js';

export const PROJECTS_ANALYSIS_GROUP = 'projects-analysis';

const analysisResult = z.object({
  outline: outline.optional(),
  characters: z.array(character),
  quotes: z.array(quote),
});

async function currentJob(tx: Queryable, projectId: string, jobId: string, log: Logger, type: string) {
  const p = await findProjectForUpdate(tx, projectId);
  if (!p || p.analysisJobId !== jobId) {
    log.info({ projectId, jobId, type }, 'stale analysis event dropped');
    return undefined;
  }
  return p;
}

async function save(tx: Queryable, next: ProjectRecord) {
  await updateProject(tx, next);
  await enqueueEvents(tx, [projectEvent('project.updated.v1', next)]);
}

/** The owner's notice of what the event did, in the transaction that did it (one per event). */
async function notify(tx: Queryable, p: ProjectRecord, e: { id: string; occurredAt: string }, notice: Notice) {
  await insertNotification(tx, {
    ...notice,
    userId: p.userId,
    projectId: p.id,
    sourceEventId: e.id,
    createdAt: new Date(e.occurredAt),
  });
}

export async function applyAnalysisCompleted(
  tx: Queryable,
  e: TypedEvent<'analysis.completed.v1'>,
  blobs: BlobStore,
  log: Logger,
): Promise<void> {
  const { projectId, jobId, contentVersion, resultKey } = e.payload;
  const p = await currentJob(tx, projectId, jobId, log, e.type);
  if (!p) return;
  if (p.contentVersion !== contentVersion) {
    log.info({ projectId, jobId, contentVersion, current: p.contentVersion }, 'result for an older text dropped');
    return;
  }
  const result = analysisResult.parse(JSON.parse((await blobs.getBuffer('analysis', resultKey)).toString('utf8')));
  const text = (await blobs.getBuffer('documents', p.contentKey)).toString('utf8');
  const merged = mergeReanalysis({ characters: p.characters, quotes: p.quotes }, result, text, {
    deleted: await findDeletedNames(tx, p.id),
    dismissed: await findDismissedQuotes(tx, p.id),
  });
  await save(tx, {
    ...p,
    ...analysisCompleted(),
    characters: merged.characters,
    quotes: merged.quotes,
    outline: p.outline.length ? p.outline : (result.outline ?? []),
    updatedAt: new Date(),
  });
  await notify(
    tx,
    p,
    e,
    analysisCompletedNotice(p.id, p.title, { characters: merged.characters.length, quotes: merged.quotes.length }),
  );
}

export async function applyAnalysisEnded(
  tx: Queryable,
  e: TypedEvent<'analysis.failed.v1' | 'analysis.cancelled.v1'>,
  log: Logger,
): Promise<void> {
  const p = await currentJob(tx, e.payload.projectId, e.payload.jobId, log, e.type);
  if (!p) return;
  if (e.type === 'analysis.failed.v1') {
    await save(tx, { ...p, ...analysisFailed(e.payload.error), updatedAt: new Date() });
    await notify(tx, p, e, analysisFailedNotice(p.id, p.title, e.payload.error));
  } else {
    // Stopped by the analysis service itself (the user's cancel already settled the project).
    await save(tx, { ...p, ...analysisCancelled(p), updatedAt: new Date() });
  }
}

export function subscribeAnalysisResults(bus: EventBus, db: Database, blobs: BlobStore, logger: Logger) {
  return subscribeIdempotent(bus, db, {
    groupId: PROJECTS_ANALYSIS_GROUP,
    topics: [TOPICS.analysis],
    logger,
    handlers: {
      'analysis.completed.v1': (e, tx) => applyAnalysisCompleted(tx, e, blobs, logger),
      'analysis.failed.v1': (e, tx) => applyAnalysisEnded(tx, e, logger),
      'analysis.cancelled.v1': (e, tx) => applyAnalysisEnded(tx, e, logger),
    },
  });
}

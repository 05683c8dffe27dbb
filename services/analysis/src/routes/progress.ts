// GET /api/projects/{id}/analysis-progress (SPEC §3, §7): the caller's latest job of the project.
// Answered from this service's own tables alone: the jobs, and what project events said about the
// project (its owner, its analysis status and current job; see progressFor). No call to projects.
import { analysisProgress, apiSuccess, ok } from '@castbook/contracts';
import {
  currentUser,
  errorResponses,
  HttpError,
  type authHook,
  type HttpService,
  type Database,
} from '@castbook/platform';
import { z } from 'zod';
import { findProjectState, latestJob } from '../db/jobs.js';
import { JOB_MESSAGES, progressFor } from '../domain/jobs.js';

export function progressRoutes(app: HttpService, db: Database, signedIn: ReturnType<typeof authHook>) {
  app.get(
    '/api/projects/:id/analysis-progress',
    {
      onRequest: signedIn,
      schema: {
        summary: "The progress of the project's latest analysis",
        params: z.object({ id: z.string().max(200) }),
        response: { 200: apiSuccess(analysisProgress), ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const userId = currentUser(req).userId;
      const projectId = req.params.id;
      const project = await findProjectState(db.pool, projectId);
      // Scoped by user: another user's project, a deleted one and an unknown one all read as missing.
      if (!project || project.userId !== userId || project.deleted) throw new HttpError(404, JOB_MESSAGES.notFound);
      const job = await latestJob(db.pool, userId, projectId);
      if (job && (job.status === 'queued' || job.status === 'running')) return ok(progressFor(job, undefined));
      return ok(progressFor(job, project.analysis));
    },
  );
}

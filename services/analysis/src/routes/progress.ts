// GET /api/projects/{id}/analysis-progress (SPEC §3, §7): the caller's latest job of the project.
import { ok } from '@castbook/contracts';
import { currentUser, HttpError, type authHook, type HttpService, type Database } from '@castbook/platform';
import { z } from 'zod';
import { findProjectOwner, latestJob } from '../db/jobs.js';
import { JOB_MESSAGES, progressOf } from '../domain/jobs.js';

export function progressRoutes(app: HttpService, db: Database, signedIn: ReturnType<typeof authHook>) {
  app.get(
    '/api/projects/:id/analysis-progress',
    { onRequest: signedIn, schema: { params: z.object({ id: z.string().max(200) }) } },
    async (req) => {
      const userId = currentUser(req).userId;
      const owner = await findProjectOwner(db.pool, req.params.id);
      // Scoped by user: another user's project, a deleted one and an unknown one all read as missing.
      if (owner && (owner.userId !== userId || owner.deleted)) throw new HttpError(404, JOB_MESSAGES.notFound);
      const job = await latestJob(db.pool, userId, req.params.id);
      if (!owner && !job) throw new HttpError(404, JOB_MESSAGES.notFound);
      return ok(progressOf(job));
    },
  );
}

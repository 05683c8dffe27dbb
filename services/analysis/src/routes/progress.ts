// GET /api/projects/{id}/analysis-progress (SPEC §3, §7): the caller's latest job of the project.
// While no job runs here, the projects service is asked which job is current (see progressFor).
import { ok } from '@castbook/contracts';
import {
  currentUser,
  HttpError,
  type authHook,
  type HttpService,
  type Database,
  type Logger,
} from '@castbook/platform';
import { z } from 'zod';
import { findProjectOwner, latestJob } from '../db/jobs.js';
import { JOB_MESSAGES, progressFor, type ProjectAnalysisState } from '../domain/jobs.js';

/** The projects service's view of the project: undefined when it cannot answer (then ours stands). */
async function askProjects(
  projectsUrl: string,
  projectId: string,
  authorization: string,
  log: Logger,
): Promise<ProjectAnalysisState | 'not-found' | undefined> {
  try {
    const res = await fetch(`${projectsUrl}/internal/projects/${encodeURIComponent(projectId)}/analysis`, {
      headers: { authorization },
      signal: AbortSignal.timeout(3000),
    });
    if (res.status === 404) return 'not-found';
    if (!res.ok) throw new Error(`projects answered ${res.status}`);
    return ((await res.json()) as { data: ProjectAnalysisState }).data;
  } catch (err) {
    log.warn({ err, projectId }, 'projects could not say which analysis job is current');
    return undefined;
  }
}

export function progressRoutes(
  app: HttpService,
  db: Database,
  signedIn: ReturnType<typeof authHook>,
  projectsUrl: string | undefined,
  log: Logger,
) {
  app.get(
    '/api/projects/:id/analysis-progress',
    { onRequest: signedIn, schema: { params: z.object({ id: z.string().max(200) }) } },
    async (req) => {
      const userId = currentUser(req).userId;
      const projectId = req.params.id;
      const owner = await findProjectOwner(db.pool, projectId);
      // Scoped by user: another user's project, a deleted one and an unknown one all read as missing.
      if (owner && (owner.userId !== userId || owner.deleted)) throw new HttpError(404, JOB_MESSAGES.notFound);
      const job = await latestJob(db.pool, userId, projectId);
      if (job && (job.status === 'queued' || job.status === 'running')) return ok(progressFor(job, undefined));
      const project = projectsUrl
        ? await askProjects(projectsUrl, projectId, String(req.headers.authorization ?? ''), log)
        : undefined;
      if (project === 'not-found' || (!owner && !job && !project)) throw new HttpError(404, JOB_MESSAGES.notFound);
      return ok(progressFor(job, project));
    },
  );
}

// SPEC §7's projects calls (analysis progress excepted: the analysis service answers it). Create and update take multipart forms;
// outline, characters and quotes take whole lists validated by the contracts.
import { character, ok, outline, quote } from '@castbook/contracts';
import { currentUser, type authHook, type HttpService } from '@castbook/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readForm } from '@castbook/platform';
import type { Caller, Projects } from '../domain/project-service.js';
import { projectSummary } from '../domain/projects.js';

const byId = { params: z.object({ id: z.string() }) };
/** Whole texts and lists travel in JSON bodies; bounded well above the largest plan's words. */
const BIG_BODY = 25 * 1024 * 1024;

export function callerOf(req: FastifyRequest): Caller {
  return {
    userId: currentUser(req).userId,
    authorization: String(req.headers.authorization ?? ''),
    requestId: String(req.id),
  };
}

export function projectRoutes(
  app: HttpService,
  projects: Projects,
  signedIn: ReturnType<typeof authHook>,
  maxImageBytes: number,
) {
  app.get('/api/projects', { onRequest: signedIn }, async (req) => {
    const { projects: list, names } = await projects.list(currentUser(req).userId);
    return ok(list.map((p) => projectSummary(p, names)));
  });

  app.get('/api/projects/:id', { onRequest: signedIn, schema: byId }, async (req) => {
    const { project, content, names } = await projects.withContent(currentUser(req).userId, req.params.id);
    return ok({ ...projectSummary(project, names), content });
  });

  app.post('/api/projects', { onRequest: signedIn, bodyLimit: BIG_BODY }, async (req, reply) => {
    const { fields, files } = await readForm(req, maxImageBytes);
    const created = await projects.create(callerOf(req), {
      title: fields.title,
      content: fields.content,
      authorId: fields.authorId,
      thumbnail: files.thumbnail?.bytes.length ? files.thumbnail.bytes : undefined,
    });
    return reply.status(201).send(ok(projectSummary(created, new Map())));
  });

  app.patch('/api/projects/:id', { onRequest: signedIn, schema: byId, bodyLimit: BIG_BODY }, async (req) => {
    const { fields, files } = await readForm(req, maxImageBytes);
    const updated = await projects.update(callerOf(req), req.params.id, {
      title: fields.title,
      content: fields.content,
      authorId: fields.authorId,
      thumbnail: files.thumbnail?.bytes.length ? files.thumbnail.bytes : undefined,
      resetThumbnail: fields.resetThumbnail === 'true',
    });
    return ok(projectSummary(updated, new Map()));
  });

  app.delete('/api/projects/:id', { onRequest: signedIn, schema: byId }, async (req) => {
    await projects.remove(callerOf(req), req.params.id);
    return ok({ id: req.params.id });
  });

  app.patch(
    '/api/projects/:id/outline',
    { onRequest: signedIn, bodyLimit: BIG_BODY, schema: { ...byId, body: z.object({ outline }) } },
    async (req) => ok((await projects.setOutline(callerOf(req), req.params.id, req.body.outline)).outline),
  );

  app.patch(
    '/api/projects/:id/characters',
    {
      onRequest: signedIn,
      bodyLimit: BIG_BODY,
      schema: { ...byId, body: z.object({ characters: z.array(character).max(10_000) }) },
    },
    async (req) => ok((await projects.setCharacters(callerOf(req), req.params.id, req.body.characters)).characters),
  );

  app.patch(
    '/api/projects/:id/quotes',
    {
      onRequest: signedIn,
      bodyLimit: BIG_BODY,
      schema: { ...byId, body: z.object({ quotes: z.array(quote).max(500_000) }) },
    },
    async (req) => ok((await projects.setQuotes(callerOf(req), req.params.id, req.body.quotes)).quotes),
  );

  app.post(
    '/api/projects/:id/detect-structure',
    {
      onRequest: signedIn,
      bodyLimit: BIG_BODY,
      schema: { ...byId, body: z.object({ content: z.string().optional(), debug: z.boolean().optional() }) },
    },
    async (req) => ok({ outline: await projects.detectStructure(callerOf(req), req.params.id, req.body.content) }),
  );

  // SPEC §7: start and stop the analysis; both answer the updated project (without its content).
  app.post('/api/projects/:id/analyze', { onRequest: signedIn, schema: byId }, async (req) =>
    ok(projectSummary(await projects.analyze(callerOf(req), req.params.id), new Map())),
  );

  app.post('/api/projects/:id/cancel-analysis', { onRequest: signedIn, schema: byId }, async (req) =>
    ok(projectSummary(await projects.cancelAnalysis(callerOf(req), req.params.id), new Map())),
  );

  // For the analysis service's progress answer (not routed by the gateway): the project's current job.
  app.get('/internal/projects/:id/analysis', { onRequest: signedIn, schema: byId }, async (req) => {
    const p = await projects.get(currentUser(req).userId, req.params.id);
    return ok({ analysisStatus: p.analysisStatus, analysisJobId: p.analysisJobId, analysisError: p.analysisError });
  });

  app.get('/api/projects/:id/thumbnail', { onRequest: signedIn, schema: byId }, async (req, reply) => {
    const { body, type } = await projects.thumbnail(currentUser(req).userId, req.params.id);
    return reply.header('content-type', type).header('cache-control', 'private, max-age=3600').send(body);
  });
}

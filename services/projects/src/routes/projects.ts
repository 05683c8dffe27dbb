// SPEC §7's projects calls (analysis progress excepted: the analysis service answers it). Create and update take multipart forms;
// outline, characters and quotes take whole lists validated by the contracts.
import {
  apiError,
  apiPage,
  apiSuccess,
  character,
  ok,
  outline,
  PROJECT_LIST_LIMIT,
  projectListItem as listItemSchema,
  projectSummary as projectSummarySchema,
  quote,
  safeDocument,
  safeLine,
  trimmedPattern,
} from '@castbook/contracts';
import {
  binaryResponse,
  currentUser,
  errorResponses,
  multipartBody,
  type authHook,
  type HttpService,
} from '@castbook/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkFields, readForm, type FormLimits } from '@castbook/platform';
import type { Caller, Projects } from '../domain/project-service.js';
import {
  isAtOrAfter,
  projectListItem,
  projectSummary,
  type AuthorName,
  type ProjectRecord,
} from '../domain/projects.js';
import type { AudioUrls } from '../domain/audio-urls.js';
import { etagOf, preconditionOf, type Precondition } from '../domain/revision.js';

const byId = { params: z.object({ id: z.string() }) };

/** The revision an edit's lists are of (If-Match), when the client sends one. */
const ifMatchOf = (req: FastifyRequest): Precondition | undefined => preconditionOf(req.headers['if-match']);

/** How the whole-list edits say they are conditional (OpenAPI description). */
const CONDITIONAL =
  'Answers the new ETag. With If-Match (the ETag of GET /api/projects/{id} or of the last edit), a project ' +
  'written since is a 409 and nothing changes: reload it and make the edit again.';

const projectWithContent = projectSummarySchema.extend({ content: z.string() });
/** The covers GET /api/projects/{id}/thumbnail answers: an uploaded image, or the drawn default. */
const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;

/**
 * Answers of a write to a project (issue 16): read-only over the plan's project limit, or a plan limit
 * (words per project) reached; storage over the plan is a 413.
 */
const READ_ONLY_403 = apiError.describe(
  "The project is read-only (over the plan's project limit: upgrade or delete a project), or a plan limit is reached",
);
const STORAGE_413 = apiError.describe("Over the plan's storage (every stored byte counts) or a field's size limit");

const LIMIT_MESSAGE = `must be a whole number from 1 to ${PROJECT_LIST_LIMIT.max}`;
/** GET /api/projects: `limit` (default 50, at most 100) and the `cursor` a previous page answered. */
const listQuery = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(PROJECT_LIST_LIMIT.max, { error: LIMIT_MESSAGE })
    .default(PROJECT_LIST_LIMIT.default)
    .describe(`Projects per page: 1 to ${PROJECT_LIST_LIMIT.max}, default ${PROJECT_LIST_LIMIT.default}`),
  cursor: z.string().optional().describe("The previous page's nextCursor (opaque); leave it out for the first page"),
});
/** Whole texts and lists travel in JSON bodies; bounded well above the largest plan's words. */
const BIG_BODY = 25 * 1024 * 1024;

/**
 * The create and edit forms' text fields: nothing a name or title may not hold (the domain checks
 * presence and lengths). The route's bodyLimit does not reach multipart bodies: the content field
 * gets the same 25 MB here, every other field 64 KB.
 */
const projectForm = z.strictObject({
  title: safeLine('title').optional(),
  content: safeDocument('content').optional(),
  authorId: safeLine('authorId').optional(),
  resetThumbnail: z.enum(['true', 'false']).optional(),
});
/** The forms as the document shows them: required texts have something besides spaces, no other fields. */
const title = safeLine('title')
  .max(500)
  .meta({ pattern: trimmedPattern('line', 1) });
const content = safeDocument('content').meta({ pattern: trimmedPattern('document', 1) });
const authorId = safeLine('authorId').meta({ pattern: trimmedPattern('line', 1) });
const cover = z.file().describe('A cover image (PNG, JPEG, WebP or GIF, read by content)');
const createForm = z.strictObject({
  title: title.meta({ examples: ['The Lighthouse'] }),
  content: content.meta({ examples: ['Chapter 1\n\n"Good morning," said Anne.\n'] }),
  authorId,
  thumbnail: cover.optional(),
});
const sha256Field = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'replacesSha256 must be a SHA-256 in hex (64 characters 0-9, a-f)' })
  .optional()
  .describe(
    'With content: the SHA-256 (hex, of the UTF-8) of the text it replaces, as the client compared it; 409 when the saved text is another',
  );
/** PATCH's fields: the create form's, and the version check of a replaced text. */
const patchForm = projectForm.extend({ replacesSha256: sha256Field });
const editForm = z.strictObject({
  title: title.optional(),
  content: content.optional(),
  authorId: authorId.optional(),
  resetThumbnail: z.enum(['true', 'false']).optional().describe('true: go back to the drawn cover'),
  thumbnail: cover.optional(),
  replacesSha256: sha256Field,
});
const formLimits = (maxImageBytes: number): FormLimits => ({
  maxFileBytes: maxImageBytes,
  fieldBytes: { content: BIG_BODY },
});

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
  audioUrls: AudioUrls,
) {
  // Every answer holding characters gives each voice take its signed playUrl (issue 17).
  const summary = (p: ProjectRecord, names: Map<string, AuthorName>, readOnly?: string) =>
    projectSummary({ ...p, characters: audioUrls.withPlayUrls(p.userId, p.characters) }, names, readOnly);

  // One page of the list: `{ success, data: [...], nextCursor }` (README: "The project list").
  app.get(
    '/api/projects',
    {
      onRequest: signedIn,
      schema: {
        summary: "The caller's projects, newest first, one page at a time",
        description:
          'Summaries without content, outline, characters or quotes (GET /api/projects/{id} has them). ' +
          '`nextCursor` is the cursor of the next page, or null on the last one. ' +
          'A bad limit or cursor answers 400.',
        querystring: listQuery,
        response: {
          200: apiPage(listItemSchema),
          400: apiError.describe('A bad limit or cursor'),
          ...errorResponses(401),
        },
      },
      // The response schema documents the answer; the handler builds exactly that shape, so the answer
      // is written as it is instead of being parsed again by zod (the list's hottest step after the query).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => {
      const page = await projects.list(callerOf(req), req.query);
      const { from, reason } = page.readOnly;
      const items = page.projects.map((p) => projectListItem(p, isAtOrAfter(p, from) ? reason : undefined));
      return { ...ok(items), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/projects/:id',
    {
      onRequest: signedIn,
      schema: {
        summary: 'One project with its text, outline, characters and quotes',
        ...byId,
        response: { 200: apiSuccess(projectWithContent), ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const { project, content, names } = await projects.withContent(caller.userId, req.params.id);
      void reply.header('ETag', etagOf(project.revision));
      return ok({ ...summary(project, names, await projects.readOnly(caller, project.id)), content });
    },
  );

  app.post(
    '/api/projects',
    {
      onRequest: signedIn,
      bodyLimit: BIG_BODY,
      schema: {
        summary: 'Create a project (multipart form: title, content, authorId, thumbnail)',
        description: "403 at the plan's project limit or over its words per project; 413 over the plan's storage.",
        ...multipartBody(createForm),
        response: {
          201: apiSuccess(projectSummarySchema),
          403: apiError.describe("The plan's project limit or words per project is reached"),
          413: STORAGE_413,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req, reply) => {
      const { fields, files } = await readForm(req, formLimits(maxImageBytes));
      checkFields(projectForm, fields);
      const created = await projects.create(callerOf(req), {
        title: fields.title,
        content: fields.content,
        authorId: fields.authorId,
        thumbnail: files.thumbnail?.bytes.length ? files.thumbnail.bytes : undefined,
      });
      const caller = callerOf(req);
      return reply.status(201).send(ok(summary(created, await projects.authorNames(caller, created))));
    },
  );

  app.patch(
    '/api/projects/:id',
    {
      onRequest: signedIn,
      bodyLimit: BIG_BODY,
      schema: {
        summary: 'Edit a project (multipart form: any of title, content, authorId, thumbnail, resetThumbnail)',
        description:
          "403 when the project is read-only or the text is over the plan's words per project; 413 over the plan's storage.",
        ...byId,
        ...multipartBody(editForm),
        response: {
          200: apiSuccess(projectSummarySchema),
          403: READ_ONLY_403,
          413: STORAGE_413,
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (req) => {
      const { fields, files } = await readForm(req, formLimits(maxImageBytes));
      checkFields(patchForm, fields);
      const caller = callerOf(req);
      const updated = await projects.update(caller, req.params.id, {
        replacesSha256: fields.replacesSha256,
        title: fields.title,
        content: fields.content,
        authorId: fields.authorId,
        thumbnail: files.thumbnail?.bytes.length ? files.thumbnail.bytes : undefined,
        resetThumbnail: fields.resetThumbnail === 'true',
      });
      return ok(summary(updated, await projects.authorNames(caller, updated)));
    },
  );

  app.delete(
    '/api/projects/:id',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Delete a project (read-only ones too)',
        ...byId,
        response: { 200: apiSuccess(z.object({ id: z.string() })), ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      await projects.remove(callerOf(req), req.params.id);
      return ok({ id: req.params.id });
    },
  );

  app.patch(
    '/api/projects/:id/outline',
    {
      onRequest: signedIn,
      bodyLimit: BIG_BODY,
      schema: {
        summary: "Replace the project's outline",
        description: CONDITIONAL,
        ...byId,
        body: z.object({ outline }),
        response: { 200: apiSuccess(outline), 403: READ_ONLY_403, ...errorResponses(400, 401, 404, 409, 413) },
      },
    },
    async (req, reply) => {
      const saved = await projects.setOutline(callerOf(req), req.params.id, req.body.outline, ifMatchOf(req));
      void reply.header('ETag', etagOf(saved.revision));
      return ok(saved.outline);
    },
  );

  app.patch(
    '/api/projects/:id/characters',
    {
      onRequest: signedIn,
      bodyLimit: BIG_BODY,
      schema: {
        summary: "Replace the project's characters",
        description: CONDITIONAL,
        ...byId,
        body: z.object({ characters: z.array(character).max(10_000) }),
        response: {
          200: apiSuccess(z.array(character)),
          403: READ_ONLY_403,
          ...errorResponses(400, 401, 404, 409, 413),
        },
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const saved = await projects.setCharacters(caller, req.params.id, req.body.characters, ifMatchOf(req));
      void reply.header('ETag', etagOf(saved.revision));
      return ok(audioUrls.withPlayUrls(caller.userId, saved.characters));
    },
  );

  app.patch(
    '/api/projects/:id/quotes',
    {
      onRequest: signedIn,
      bodyLimit: BIG_BODY,
      config: { jsonLimits: { maxArrayLength: 500_000 } },
      schema: {
        summary: "Replace the project's quotes",
        description: CONDITIONAL,
        ...byId,
        body: z.object({ quotes: z.array(quote).max(500_000) }),
        response: { 200: apiSuccess(z.array(quote)), 403: READ_ONLY_403, ...errorResponses(400, 401, 404, 409, 413) },
      },
    },
    async (req, reply) => {
      const saved = await projects.setQuotes(callerOf(req), req.params.id, req.body.quotes, ifMatchOf(req));
      void reply.header('ETag', etagOf(saved.revision));
      return ok(saved.quotes);
    },
  );

  app.post(
    '/api/projects/:id/detect-structure',
    {
      onRequest: signedIn,
      bodyLimit: BIG_BODY,
      schema: {
        summary: 'Detect the outline of a text (the given content, or the saved one)',
        ...byId,
        body: z.object({
          content: safeDocument('content')
            .meta({ pattern: trimmedPattern('document', 1) })
            .optional()
            .describe('The text to read; leave it out for the saved one'),
          debug: z.boolean().optional(),
        }),
        response: {
          200: apiSuccess(z.object({ outline })),
          403: READ_ONLY_403,
          ...errorResponses(400, 401, 404, 409, 413),
        },
      },
    },
    async (req) => ok({ outline: await projects.detectStructure(callerOf(req), req.params.id, req.body.content) }),
  );

  // SPEC §7: start and stop the analysis; both answer the updated project (without its content).
  const analysisCall = (summary: string, forbidden: z.ZodType) => ({
    onRequest: signedIn,
    schema: {
      summary,
      ...byId,
      response: { 200: apiSuccess(projectSummarySchema), 403: forbidden, ...errorResponses(400, 401, 404, 409) },
    },
  });
  // Every answer names the author: the workspace merges it into the open project (issue 19: it said
  // 'Unknown Author' while the analysis ran).
  app.post('/api/projects/:id/analyze', analysisCall('Start analysing the project', READ_ONLY_403), async (req) => {
    const caller = callerOf(req);
    const project = await projects.analyze(caller, req.params.id);
    return ok(summary(project, await projects.authorNames(caller, project)));
  });

  // Stopping work is allowed on a read-only project too; the answer says whether it is one.
  app.post(
    '/api/projects/:id/cancel-analysis',
    analysisCall("Stop the project's analysis", apiError.describe('CSRF pair missing or different')),
    async (req) => {
      const caller = callerOf(req);
      const project = await projects.cancelAnalysis(caller, req.params.id);
      return ok(
        summary(project, await projects.authorNames(caller, project), await projects.readOnly(caller, project.id)),
      );
    },
  );

  app.get(
    '/api/projects/:id/thumbnail',
    {
      onRequest: signedIn,
      schema: {
        summary: "The project's cover",
        ...byId,
        response: { 200: binaryResponse('The cover image', COVER_TYPES), ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const { body, type } = await projects.thumbnail(currentUser(req).userId, req.params.id);
      return reply.header('content-type', type).header('cache-control', 'private, max-age=3600').send(body);
    },
  );
}

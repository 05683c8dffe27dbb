// SPEC §7's authors calls. Create and update take multipart forms (firstName, lastName, avatar,
// removeAvatar=true); every call is scoped to the verified caller.
import { apiError, apiSuccess, author, ok, safeLine, trimmedPattern } from '@castbook/contracts';
import {
  binaryResponse,
  currentUser,
  errorResponses,
  multipartBody,
  type authHook,
  type HttpService,
} from '@castbook/platform';
import { z } from 'zod';
import type { Authors } from '../domain/author-service.js';
import { authorView } from '../domain/authors.js';
import { checkFields, readForm } from '@castbook/platform';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../domain/author-service.js';

function callerOf(req: FastifyRequest): Caller {
  return {
    userId: currentUser(req).userId,
    authorization: String(req.headers.authorization ?? ''),
    requestId: String(req.id),
  };
}

/** An avatar that would take the user's stored bytes (avatars, texts, covers, samples) over the plan. */
const STORAGE_413 = apiError.describe(
  "Over the avatar's size limit, or over the plan's storage (every stored byte counts)",
);

/** The form's text fields: no control characters (the domain checks presence and lengths). */
const authorForm = z.strictObject({
  firstName: safeLine('firstName').optional(),
  lastName: safeLine('lastName').optional(),
  removeAvatar: z.enum(['true', 'false']).optional(),
});

const byId = { params: z.object({ id: z.string() }) };
const avatarFile = z.file().optional().describe('A picture (PNG, JPEG, WebP or GIF, read by content)');
const name = (field: string) =>
  safeLine(field)
    .max(200)
    .meta({ pattern: trimmedPattern('line', 1) });
/** The forms as the document shows them: names have something besides spaces, no other fields. */
const createForm = z.strictObject({ firstName: name('firstName'), lastName: name('lastName'), avatar: avatarFile });
const editForm = z.strictObject({
  firstName: name('firstName').optional(),
  lastName: name('lastName').optional(),
  removeAvatar: z.enum(['true', 'false']).optional().describe('true: remove the picture'),
  avatar: avatarFile,
});
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export function authorRoutes(
  app: HttpService,
  authors: Authors,
  signedIn: ReturnType<typeof authHook>,
  maxAvatarBytes: number,
) {
  app.get(
    '/api/authors',
    {
      onRequest: signedIn,
      schema: {
        summary: "The caller's authors",
        response: { 200: apiSuccess(z.array(author)), ...errorResponses(401) },
      },
    },
    async (req) => {
      const list = await authors.list(currentUser(req).userId);
      return ok(list.map(authorView));
    },
  );

  app.get(
    '/api/authors/:id',
    {
      onRequest: signedIn,
      schema: { summary: 'One author', ...byId, response: { 200: apiSuccess(author), ...errorResponses(401, 404) } },
    },
    async (req) => ok(authorView(await authors.get(currentUser(req).userId, req.params.id))),
  );

  app.post(
    '/api/authors',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Create an author (multipart form: firstName, lastName, avatar)',
        description: "413 when the avatar would take the user's storage over the plan's limit.",
        ...multipartBody(createForm),
        response: { 201: apiSuccess(author), 413: STORAGE_413, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => {
      const { fields, files } = await readForm(req, maxAvatarBytes);
      checkFields(authorForm, fields);
      const created = await authors.create(callerOf(req), {
        firstName: fields.firstName ?? '',
        lastName: fields.lastName ?? '',
        avatar: files.avatar?.bytes.length ? files.avatar.bytes : undefined,
      });
      return reply.status(201).send(ok(authorView(created)));
    },
  );

  app.patch(
    '/api/authors/:id',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Edit an author (multipart form: any of firstName, lastName, avatar, removeAvatar)',
        description: "413 when a new avatar would take the user's storage over the plan's limit.",
        ...byId,
        ...multipartBody(editForm),
        response: { 200: apiSuccess(author), 413: STORAGE_413, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      const { fields, files } = await readForm(req, maxAvatarBytes);
      checkFields(authorForm, fields);
      const updated = await authors.update(callerOf(req), req.params.id, {
        firstName: fields.firstName,
        lastName: fields.lastName,
        avatar: files.avatar?.bytes.length ? files.avatar.bytes : undefined,
        removeAvatar: fields.removeAvatar === 'true',
      });
      return ok(authorView(updated));
    },
  );

  app.delete(
    '/api/authors/:id',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Delete an author (their projects keep no author)',
        ...byId,
        response: { 200: apiSuccess(z.object({ id: z.string() })), ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      await authors.remove(callerOf(req), req.params.id);
      return ok({ id: req.params.id });
    },
  );

  app.get(
    '/api/authors/:id/avatar',
    {
      onRequest: signedIn,
      schema: {
        summary: "The author's picture (404 when none was uploaded)",
        'x-not-always-there': true,
        ...byId,
        response: { 200: binaryResponse('The picture', AVATAR_TYPES), ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      const { bytes, type } = await authors.avatar(currentUser(req).userId, req.params.id);
      return reply.header('content-type', type).header('cache-control', 'private, max-age=3600').send(bytes);
    },
  );
}

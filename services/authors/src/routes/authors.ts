// SPEC §7's authors calls. Create and update take multipart forms (firstName, lastName, avatar,
// removeAvatar=true); every call is scoped to the verified caller.
import { ok, safeLine } from '@castbook/contracts';
import { currentUser, type authHook, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { Authors } from '../domain/author-service.js';
import { authorView } from '../domain/authors.js';
import { checkFields, readForm } from '@castbook/platform';

/** The form's text fields: no control characters (the domain checks presence and lengths). */
const authorForm = z.object({
  firstName: safeLine('firstName').optional(),
  lastName: safeLine('lastName').optional(),
  removeAvatar: safeLine('removeAvatar').optional(),
});

const byId = { params: z.object({ id: z.string() }) };

export function authorRoutes(
  app: HttpService,
  authors: Authors,
  signedIn: ReturnType<typeof authHook>,
  maxAvatarBytes: number,
) {
  app.get('/api/authors', { onRequest: signedIn }, async (req) => {
    const list = await authors.list(currentUser(req).userId);
    return ok(list.map(authorView));
  });

  app.get('/api/authors/:id', { onRequest: signedIn, schema: byId }, async (req) =>
    ok(authorView(await authors.get(currentUser(req).userId, req.params.id))),
  );

  app.post('/api/authors', { onRequest: signedIn }, async (req, reply) => {
    const { fields, files } = await readForm(req, maxAvatarBytes);
    checkFields(authorForm, fields);
    const created = await authors.create(
      currentUser(req).userId,
      { firstName: fields.firstName ?? '', lastName: fields.lastName ?? '', avatar: files.avatar?.bytes },
      String(req.id),
    );
    return reply.status(201).send(ok(authorView(created)));
  });

  app.patch('/api/authors/:id', { onRequest: signedIn, schema: byId }, async (req) => {
    const { fields, files } = await readForm(req, maxAvatarBytes);
    checkFields(authorForm, fields);
    const updated = await authors.update(
      currentUser(req).userId,
      req.params.id,
      {
        firstName: fields.firstName,
        lastName: fields.lastName,
        avatar: files.avatar?.bytes.length ? files.avatar.bytes : undefined,
        removeAvatar: fields.removeAvatar === 'true',
      },
      String(req.id),
    );
    return ok(authorView(updated));
  });

  app.delete('/api/authors/:id', { onRequest: signedIn, schema: byId }, async (req) => {
    await authors.remove(currentUser(req).userId, req.params.id, String(req.id));
    return ok({ id: req.params.id });
  });

  app.get('/api/authors/:id/avatar', { onRequest: signedIn, schema: byId }, async (req, reply) => {
    const { bytes, type } = await authors.avatar(currentUser(req).userId, req.params.id);
    return reply.header('content-type', type).header('cache-control', 'private, max-age=3600').send(bytes);
  });
}

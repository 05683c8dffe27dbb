import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiSuccess } from '@castbook/contracts';
import { createLogger } from '../logging/logger.js';
import { errorResponses, multipartBody, OPTIONAL_BEARER } from './openapi.js';
import { createHttpService } from './server.js';

async function makeApp() {
  const app = await createHttpService({ name: 'test', logger: createLogger('test', 'silent'), readiness: {} });
  const thing = z.object({ id: z.string(), name: z.string() });
  app.post(
    '/api/things',
    {
      schema: {
        ...multipartBody(z.strictObject({ name: z.string(), picture: z.file().optional() })),
        response: { 201: apiSuccess(thing), ...errorResponses(400) },
      },
    },
    async (_req, reply) => reply.status(201).send({ success: true, data: { id: '1', name: 'x' } }),
  );
  app.get('/api/things/:id', { schema: { params: z.object({ id: z.string() }) } }, async () => ({}));
  app.delete('/api/things/:id', async () => ({}));
  app.get('/api/signed/:name', { schema: { security: OPTIONAL_BEARER } }, async () => ({}));
  app.get('/internal/things', async () => ({}));
  await app.ready();
  return app;
}

describe('OpenAPI documents', () => {
  it('documents multipart bodies (not run by Fastify), errors, bearer security and links from creates', async () => {
    const app = await makeApp();
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const create = doc.paths['/api/things'].post;
    const form = create.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.picture).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.name.pattern).toBe('^[^\\u0000]*$');
    expect(Object.keys(create.responses)).toEqual(['201', '400', 'default']);
    expect(create.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/signed/{name}'].get.security).toEqual([{ bearerAuth: [] }, {}]);
    expect(create.description).toMatch(/CSRF/);
    expect(create.responses['201'].links).toEqual({
      getId: { operationRef: '#/paths/~1api~1things~1{id}/get', parameters: { 'path.id': '$response.body#/data/id' } },
      deleteId: {
        operationRef: '#/paths/~1api~1things~1{id}/delete',
        parameters: { 'path.id': '$response.body#/data/id' },
      },
    });
    expect(doc.paths['/internal/things']).toBeUndefined();
    // The form is read by the route itself: Fastify does not run the documented schema on the body.
    const res = await app.inject({ method: 'POST', url: '/api/things', payload: {} });
    expect(res.statusCode).toBe(201);
  });

  it('answers a known path called with another method with 405 and Allow', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'PUT', url: '/api/things/7' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE, GET, HEAD');
    expect(res.json()).toEqual({ success: false, error: 'PUT is not allowed here (allowed: DELETE, GET, HEAD)' });
    expect((await app.inject({ method: 'PUT', url: '/api/nothing' })).statusCode).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logging/logger.js';
import { createHttpService, HttpError } from './server.js';

async function makeApp(ready = true) {
  const app = await createHttpService({
    name: 'test',
    logger: createLogger('test', 'silent'),
    readiness: { database: async () => (ready ? { ok: true } : { ok: false, error: 'connection refused' }) },
  });
  app.post('/things', { schema: { body: z.object({ name: z.string().min(2) }) } }, async (req) => ({
    success: true,
    data: req.body,
  }));
  app.get('/teapot', async () => {
    throw new HttpError(418, 'I am a teapot');
  });
  app.get('/crash', async () => {
    throw new Error('secret internals');
  });
  return app;
}

describe('HTTP bootstrap', () => {
  it('answers a bad body with 400 and a useful error in the envelope', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: expect.stringMatching(/^Invalid body\.name: /) });
  });

  it('passes a valid body', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'Anne' } });
    expect(res.json()).toEqual({ success: true, data: { name: 'Anne' } });
  });

  it('keeps the caller request id and echoes it', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'req-123' } });
    expect(res.headers['x-request-id']).toBe('req-123');
  });

  it('sets security headers', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('shows HttpError messages and hides unexpected ones', async () => {
    const app = await makeApp();
    expect((await app.inject({ method: 'GET', url: '/teapot' })).json()).toEqual({
      success: false,
      error: 'I am a teapot',
    });
    const crash = await app.inject({ method: 'GET', url: '/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ success: false, error: 'Internal server error' });
  });

  it('reports readiness: 200 when every check passes, 503 naming the failing one', async () => {
    const okRes = await (await makeApp(true)).inject({ method: 'GET', url: '/health' });
    expect(okRes.statusCode).toBe(200);
    const res = await (await makeApp(false)).inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      checks: { database: { ok: false, error: 'connection refused' } },
    });
  });

  it('serves an OpenAPI document generated from the zod schemas', async () => {
    const app = await makeApp();
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/things'].post.requestBody.content['application/json'].schema.properties.name).toMatchObject({
      type: 'string',
      minLength: 2,
    });
  });
});

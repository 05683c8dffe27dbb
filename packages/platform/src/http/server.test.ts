import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import { createLogger } from '../logging/logger.js';
import { readForm } from './multipart-form.js';
import { createHttpService, HttpError, PERMISSIONS_POLICY } from './server.js';

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
    const csp = String(res.headers['content-security-policy']);
    // Helmet's defaults, plus blob: images (a chosen cover's preview), and nothing else from blob:.
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp.replace("img-src 'self' data: blob:", '')).not.toContain('blob:');
    expect(csp).toContain("script-src 'self'");
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

  it('bounds JSON bodies before validation: depth, list sizes (per route), NUL', async () => {
    const app = await makeApp();
    app.post('/lists', { config: { jsonLimits: { maxArrayLength: 20_000 } } }, async () => ({ success: true }));
    const deep = '{"name":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The JSON body is nested too deeply (at most 64 levels)');
    const nul = await app.inject({ method: 'POST', url: '/things', payload: { name: 'An\u0000ne' } });
    expect(nul.json()).toEqual({ success: false, error: 'body.name must not contain NUL characters' });
    const long = { items: Array.from({ length: 15_000 }, () => 0) };
    expect((await app.inject({ method: 'POST', url: '/things', payload: long })).json().error).toBe(
      'body.items has too many items (at most 10,000)',
    );
    expect((await app.inject({ method: 'POST', url: '/lists', payload: long })).statusCode).toBe(200);
  });

  it('answers a body over the limit with 413 naming the limit, in the envelope', async () => {
    const app = await makeApp();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, error: 'The request body is too large (at most 1 MB)' });
  });

  it('answers long and malformed URLs in the envelope: 414 that says so, 400', async () => {
    const app = await makeApp();
    app.get('/things/:id', async () => ({ success: true }));
    const param = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(200)}` });
    expect([param.statusCode, param.json()]).toEqual([
      414,
      { success: false, error: 'The URL is too long (a path segment is over 100 characters)' },
    ]);
    const query = await app.inject({ method: 'GET', url: `/health?x=${'x'.repeat(9000)}` });
    expect([query.statusCode, query.json().error]).toEqual([414, 'The URL is too long (at most 8192 characters)']);
    expect((await app.inject({ method: 'GET', url: '/things/%00' })).json().error).toBe(
      'The URL must not contain NUL characters',
    );
    expect((await app.inject({ method: 'GET', url: '/things/%ff' })).json().error).toBe(
      'The URL is not valid (its %-escapes are not UTF-8)',
    );
  });

  it('sends the Permissions-Policy on every answer and no-store on authenticated JSON', async () => {
    const app = await makeApp();
    const open = await app.inject({ method: 'GET', url: '/teapot' });
    expect(open.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(open.headers['cache-control']).toBeUndefined();
    const mine = await app.inject({ method: 'GET', url: '/teapot', headers: { authorization: 'Bearer x' } });
    expect(mine.headers['cache-control']).toBe('no-store');
  });

  it('reads forms within per-field limits; a missing boundary or a cut-short form is a 400', async () => {
    const app = await makeApp();
    await app.register(multipart);
    app.post('/form', async (req) => ({
      success: true,
      data: (await readForm(req, { maxFileBytes: 1024, fieldBytes: { content: 2048 }, defaultFieldBytes: 100 })).fields,
    }));
    const post = (body: string, type = 'multipart/form-data; boundary=x') =>
      app.inject({ method: 'POST', url: '/form', payload: body, headers: { 'content-type': type } });
    const field = (name: string, value: string) =>
      `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const ok = await post(field('title', 'T') + field('content', 'c'.repeat(2000)) + '--x--\r\n');
    expect(ok.json()).toMatchObject({ data: { title: 'T' } });
    expect((await post(field('content', 'c'.repeat(2049)) + '--x--\r\n')).json()).toEqual({
      success: false,
      error: 'content is too large (at most 2 KB)',
    });
    expect((await post(field('title', 't'.repeat(101)) + '--x--\r\n')).statusCode).toBe(413);
    expect((await post(field('title', 'a\u0000') + '--x--\r\n')).json().error).toBe(
      'title must not contain NUL characters',
    );
    const noBoundary = await post(field('title', 'T'), 'multipart/form-data');
    expect([noBoundary.statusCode, noBoundary.json().error]).toEqual([
      400,
      'Invalid form data: the multipart/form-data content type has no boundary',
    ]);
    expect((await post('--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nT')).statusCode).toBe(400);
  });
});

import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { createHttpService } from '../http/server.js';
import { cookieValue, csrfHook } from './csrf.js';

const TOKEN = 'a'.repeat(43);

async function app(issueCookie: boolean) {
  const service = await createHttpService({ name: 'test', logger: createLogger('test', 'silent'), readiness: {} });
  service.addHook('onRequest', csrfHook({ issueCookie }));
  service.get('/api/thing', async (req) => ({ forwarded: req.headers['x-csrf-token'] ?? null }));
  service.delete('/api/thing', async () => ({ deleted: true }));
  service.post('/internal/thing', async () => ({ internal: true }));
  return service;
}

describe('csrfHook', () => {
  it('refuses a state-changing /api request unless the header matches the cookie', async () => {
    const service = await app(false);
    const del = (headers: Record<string, string>) => service.inject({ method: 'DELETE', url: '/api/thing', headers });
    expect((await del({})).statusCode).toBe(403);
    expect((await del({ cookie: `csrf=${TOKEN}` })).statusCode).toBe(403);
    expect((await del({ 'x-csrf-token': TOKEN })).statusCode).toBe(403);
    expect((await del({ cookie: `csrf=${TOKEN}`, 'x-csrf-token': 'b'.repeat(43) })).statusCode).toBe(403);
    expect((await del({ cookie: `csrf=short`, 'x-csrf-token': 'short' })).statusCode).toBe(403);
    expect((await del({ cookie: `other=1; csrf=${TOKEN}`, 'x-csrf-token': TOKEN })).json()).toEqual({ deleted: true });
    // Reads and non-API routes are not its business (internal routes have service credentials).
    expect((await service.inject({ url: '/api/thing' })).statusCode).toBe(200);
    expect((await service.inject({ method: 'POST', url: '/internal/thing' })).statusCode).toBe(200);
    await service.close();
  });

  it('issues a cookie and forwards its value when asked to (the gateway)', async () => {
    const service = await app(true);
    const first = await service.inject({ url: '/api/thing' });
    const cookie = String(first.headers['set-cookie']);
    const token = /^csrf=([A-Za-z0-9_-]+); Path=\/; SameSite=Lax$/.exec(cookie)?.[1];
    expect(token).toBeDefined();
    expect(first.json()).toEqual({ forwarded: token });
    const again = await service.inject({ url: '/api/thing', headers: { cookie: `csrf=${TOKEN}` } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.json()).toEqual({ forwarded: TOKEN });
    const refused = await service.inject({ method: 'DELETE', url: '/api/thing' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['set-cookie']).toMatch(/^csrf=/);
    await service.close();
  });
});

describe('cookieValue', () => {
  it('reads one cookie of a Cookie header', () => {
    expect(cookieValue('a=1; csrf=x; b=2', 'csrf')).toBe('x');
    expect(cookieValue('xcsrf=1', 'csrf')).toBeUndefined();
    expect(cookieValue(undefined, 'csrf')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { baseServiceConfig } from '../service/service-target.js';
import type { HttpError } from '../http/server.js';
import { createHttpService } from '../http/server.js';
import {
  guardInternalRoutes,
  mintServiceCredential,
  parseInternalCallers,
  processServiceSecret,
  SERVICE_CREDENTIAL_HEADER,
  serviceSecret,
  verifyServiceCredential,
} from './service-credential.js';

const SECRET = 's'.repeat(43);
const status = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as HttpError).statusCode;
  }
  return 'accepted';
};

describe('service credentials', () => {
  it('name the caller for the audience they were minted for, for a minute', () => {
    const now = Date.now();
    const credential = mintServiceCredential(SECRET, 'gateway', 'auth', now);
    expect(verifyServiceCredential(SECRET, 'auth', credential, now)).toBe('gateway');
    expect(verifyServiceCredential(SECRET, 'auth', credential, now + 60_000)).toBe('gateway');
    expect(status(() => verifyServiceCredential(SECRET, 'auth', credential, now + 120_000))).toBe(401);
    expect(status(() => verifyServiceCredential(SECRET, 'billing', credential, now))).toBe(401);
    expect(status(() => verifyServiceCredential('t'.repeat(43), 'auth', credential, now))).toBe(401);
  });

  it('refuse anything not minted with the secret', () => {
    const [body, mac] = mintServiceCredential(SECRET, 'gateway', 'auth').split('.');
    const forged = Buffer.from(JSON.stringify({ iss: 'auth', aud: 'auth', iat: 1, exp: 2 ** 40 })).toString(
      'base64url',
    );
    for (const header of [undefined, '', 'x', `${forged}.${mac}`, `${body}.${mac}.x`, `${body}.`, ['a', 'b']]) {
      expect(status(() => verifyServiceCredential(SECRET, 'auth', header))).toBe(401);
    }
  });
});

describe('INTERNAL_CALLERS', () => {
  it('maps each internal route to the services that may call it', () => {
    const map = parseInternalCallers(' /internal/a/:id=gateway, projects ; /internal/b=billing;');
    expect([...map.entries()].map(([k, v]) => [k, [...v]])).toEqual([
      ['/internal/a/:id', ['gateway', 'projects']],
      ['/internal/b', ['billing']],
    ]);
    expect(parseInternalCallers('').size).toBe(0);
  });

  it('refuses a malformed spec, an unknown service and a repeated route', () => {
    expect(() => parseInternalCallers('/api/x=gateway')).toThrow(/ROUTE=service/);
    expect(() => parseInternalCallers('gateway')).toThrow(/ROUTE=service/);
    expect(() => parseInternalCallers('/internal/a=payments')).toThrow(/unknown service 'payments'/);
    expect(() => parseInternalCallers('/internal/a=auth;/internal/a=gateway')).toThrow(/twice/);
  });
});

describe('guardInternalRoutes', () => {
  it('answers 401 without a valid credential, 403 to a caller not listed, the route to a listed one', async () => {
    const app = await createHttpService({ name: 'auth', logger: createLogger('test', 'silent'), readiness: {} });
    guardInternalRoutes(app, { service: 'auth', secret: SECRET, callers: parseInternalCallers('/internal/x=gateway') });
    app.get('/internal/x', async (req) => ({ caller: req.callerService }));
    app.get('/internal/nobody', async () => ({}));
    app.get('/api/open', async () => ({}));
    const call = (url: string, caller?: string) =>
      app.inject({
        url,
        headers: caller ? { [SERVICE_CREDENTIAL_HEADER]: mintServiceCredential(SECRET, caller, 'auth') } : {},
      });
    expect((await call('/internal/x')).statusCode).toBe(401);
    expect((await call('/internal/x', 'billing')).statusCode).toBe(403);
    expect((await call('/internal/x', 'gateway')).json()).toEqual({ caller: 'gateway' });
    expect((await call('/internal/nobody', 'gateway')).statusCode).toBe(403);
    expect((await call('/api/open')).statusCode).toBe(200);
    await app.close();
  });
});

describe('configuration', () => {
  const env = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/castbook_auth' };
  it('refuses a short SERVICE_SECRET and a malformed INTERNAL_CALLERS at boot, in one line', () => {
    expect(() => loadConfig('auth', baseServiceConfig, { ...env, SERVICE_SECRET: 'short' })).toThrow(
      'auth: bad configuration: SERVICE_SECRET is invalid: must be at least 32 characters',
    );
    expect(() => loadConfig('auth', baseServiceConfig, { ...env, INTERNAL_CALLERS: '/internal/x=mallory' })).toThrow(
      /^auth: bad configuration: INTERNAL_CALLERS is invalid: unknown service 'mallory'/,
    );
  });

  it('needs no secret and lists no callers by default', () => {
    const config = loadConfig('auth', baseServiceConfig, env);
    expect(config.SERVICE_SECRET).toBeUndefined();
    expect(parseInternalCallers(config.INTERNAL_CALLERS).size).toBe(0);
    expect(serviceSecret(undefined)).toBe(processServiceSecret());
    expect(serviceSecret(SECRET)).toBe(SECRET);
  });
});

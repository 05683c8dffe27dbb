// Credentials between services (zero trust on the service network, the Hardening issue). A caller
// mints a short-lived token naming itself and the service it calls, signed with HMAC-SHA256 under
// the secret every target shares (SERVICE_SECRET); the callee checks signature, audience and
// expiry, then asks its INTERNAL_CALLERS map whether that caller may use that route. Nothing else
// reaches an /internal/ route: no credential or a bad one is a 401, a caller not listed a 403.
//
// Token: base64url(JSON { iss, aud, iat, exp }) "." base64url(HMAC-SHA256(secret, first part)).
// A fresh one per request (minting is one HMAC); a stolen one is good for one service for a minute.
//
// Embedded mode needs no secret: every target of one process shares a random one made here at
// first use (processServiceSecret), so only targets of the same process can call each other.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { HttpError, type HttpService } from '../http/server.js';

export const SERVICE_CREDENTIAL_HEADER = 'x-service-credential';
/** The names a credential may carry: the five services and the gateway. */
export const SERVICE_NAMES = ['auth', 'projects', 'authors', 'analysis', 'billing', 'gateway'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
/** How long a minted credential lives. */
export const SERVICE_CREDENTIAL_TTL_SEC = 60;
/** Clock skew tolerated between replicas. */
const SKEW_SEC = 30;

export const SERVICE_CREDENTIAL_ERRORS = {
  missing: 'A service credential is required',
  invalid: 'The service credential is invalid or expired',
  forbidden: 'This service may not call this route',
} as const;

let processSecret: string | undefined;

/** The secret targets of this process share when SERVICE_SECRET is not set (embedded mode). */
export function processServiceSecret(): string {
  processSecret ??= randomBytes(32).toString('base64url');
  return processSecret;
}

/** SERVICE_SECRET when set, else this process's own (see above). */
export function serviceSecret(configured: string | undefined): string {
  return configured ?? processServiceSecret();
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

/** A credential for one call from `caller` to `audience`, valid for SERVICE_CREDENTIAL_TTL_SEC. */
export function mintServiceCredential(secret: string, caller: string, audience: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const body = b64(JSON.stringify({ iss: caller, aud: audience, iat, exp: iat + SERVICE_CREDENTIAL_TTL_SEC }));
  return `${body}.${b64(sign(secret, body))}`;
}

/** The calling service named by a valid credential for `audience`, or an HttpError(401). */
export function verifyServiceCredential(
  secret: string,
  audience: string,
  header: string | string[] | undefined,
  now = Date.now(),
): string {
  if (typeof header !== 'string' || header === '') throw new HttpError(401, SERVICE_CREDENTIAL_ERRORS.missing);
  const invalid = new HttpError(401, SERVICE_CREDENTIAL_ERRORS.invalid);
  const [body, mac, extra] = header.split('.');
  if (!body || !mac || extra !== undefined) throw invalid;
  const expected = sign(secret, body);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  let claims: { iss?: unknown; aud?: unknown; iat?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as typeof claims;
  } catch {
    throw invalid;
  }
  const sec = now / 1000;
  const { iss, aud, iat, exp } = claims;
  if (typeof iss !== 'string' || aud !== audience || typeof iat !== 'number' || typeof exp !== 'number') throw invalid;
  // Expired, issued in the future, or minted to live longer than we allow: all refused.
  if (exp < sec - SKEW_SEC || iat > sec + SKEW_SEC || exp - iat > SERVICE_CREDENTIAL_TTL_SEC) throw invalid;
  return iss;
}

/** Which services may call which internal route (INTERNAL_CALLERS), by the route's path pattern. */
export type InternalCallers = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Parses INTERNAL_CALLERS: `ROUTE=svc,svc;ROUTE=svc`, ROUTE an internal route's path as registered
 * (`/internal/sessions/:sessionId`), each svc one of SERVICE_NAMES. Empty: no caller for any route.
 */
export function parseInternalCallers(spec: string): InternalCallers {
  const map = new Map<string, Set<string>>();
  for (const entry of spec.split(';').map((e) => e.trim())) {
    if (entry === '') continue;
    const eq = entry.indexOf('=');
    const route = entry.slice(0, eq).trim();
    if (eq < 0 || !/^\/internal\/\S+$/.test(route)) {
      throw new Error(`'${entry}' is not ROUTE=service,service with ROUTE starting /internal/`);
    }
    const services = entry
      .slice(eq + 1)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = services.find((s) => !(SERVICE_NAMES as readonly string[]).includes(s));
    if (unknown) throw new Error(`unknown service '${unknown}' for ${route} (one of ${SERVICE_NAMES.join(', ')})`);
    if (map.has(route)) throw new Error(`${route} is listed twice`);
    map.set(route, new Set(services));
  }
  return map;
}

/** Config fields of the service credential, shared by every service and the gateway. */
export const serviceCredentialConfig = z.object({
  /** Shared HMAC secret for service credentials; unset: a random one of this process (embedded mode). */
  SERVICE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

/** INTERNAL_CALLERS as a config field, validated at boot; `fallback` is the owner's default. */
export function internalCallersField(fallback = '') {
  return z
    .string()
    .default(fallback)
    .superRefine((spec, ctx) => {
      try {
        parseInternalCallers(spec);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The service that called an internal route, from its verified credential. */
    callerService?: string;
  }
}

export interface InternalAccessOptions {
  /** This service's name: the audience its callers' credentials must carry. */
  service: string;
  secret: string;
  callers: InternalCallers;
}

/**
 * Guards every route under /internal/ registered on `app` (or its children) after this call: a
 * valid credential for this service from a caller INTERNAL_CALLERS lists for that route, or 401/403.
 * A route nobody is listed for answers 403 to everyone.
 */
export function guardInternalRoutes(app: HttpService, options: InternalAccessOptions): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/internal/')) return;
    const allowed = options.callers.get(route.url) ?? new Set<string>();
    const guard: onRequestHookHandler = async (req: FastifyRequest) => {
      const caller = verifyServiceCredential(options.secret, options.service, req.headers[SERVICE_CREDENTIAL_HEADER]);
      if (!allowed.has(caller)) throw new HttpError(403, SERVICE_CREDENTIAL_ERRORS.forbidden);
      req.callerService = caller;
    };
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard, ...existing];
  });
}

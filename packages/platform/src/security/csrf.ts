// Double-submit CSRF protection (ARCHITECTURE.md, Security), one implementation for the gateway and
// every service: a state-changing /api request must carry an X-CSRF-Token header equal to its `csrf`
// cookie. Another site can make the browser send the cookie, but cannot read it to copy it into the
// header. Uniform on purpose, login and register included; the app gets the cookie from its first
// GET (the page itself or GET /api/auth/login).
//  - The gateway issues the cookie (`issueCookie`) to a browser that has none, and forwards the value
//    to the services as x-csrf-token, which is how GET /api/auth/login can answer it.
//  - A service checks the same pair on its own port, so a request that reaches it without the
//    gateway (another container on the network) is refused the same way.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@castbook/contracts';
import { HttpError } from '../http/server.js';

export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  /** Give a browser without a (well-formed) `csrf` cookie a new one (the gateway). Default false. */
  issueCookie?: boolean;
}

/** The value of one cookie of a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Calls made by other servers, never by a browser, and authenticated by a signature over the body
 * instead of a cookie: the payment provider's webhook (Stripe-Signature, checked by billing).
 */
const NOT_FROM_BROWSERS = new Set(['/api/subscriptions/webhook']);

/** Whether the request changes state on the API, and so needs the header to match the cookie. */
export function needsCsrf(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return !SAFE_METHODS.has(method) && path.startsWith('/api/') && !NOT_FROM_BROWSERS.has(path);
}

/** The onRequest hook: refuses a state-changing /api request without a matching pair with a 403. */
export function csrfHook(options: CsrfOptions = {}) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const fromCookie = cookieValue(req.headers.cookie, CSRF_COOKIE);
    const cookieToken = fromCookie && TOKEN_PATTERN.test(fromCookie) ? fromCookie : undefined;
    let token = cookieToken;
    if (options.issueCookie && !token) {
      // Set before the check, so a refused browser has the cookie for its next try.
      token = randomBytes(32).toString('base64url');
      const https = req.protocol === 'https' || req.headers['x-forwarded-proto'] === 'https';
      reply.header('set-cookie', `${CSRF_COOKIE}=${token}; Path=/; SameSite=Lax${https ? '; Secure' : ''}`);
    }
    if (needsCsrf(req.method, req.url)) {
      const given = req.headers[CSRF_HEADER];
      if (!cookieToken || typeof given !== 'string' || !sameToken(given, cookieToken)) {
        throw new HttpError(403, AUTH_MESSAGES.csrfInvalid);
      }
    }
    if (options.issueCookie && token) req.headers[CSRF_HEADER] = token;
  };
}

// Double-submit CSRF protection (ARCHITECTURE.md, Security). The gateway gives every browser a random
// `csrf` cookie (SameSite=Lax, readable by the app's script, so not HttpOnly) and refuses any
// state-changing /api request whose X-CSRF-Token header does not equal it: another site can make the
// browser send the cookie, but cannot read it to copy it into the header. Uniform on purpose, login
// and register included; the app gets the cookie from its first GET (the page itself or
// GET /api/auth/login). The value is forwarded to services as x-csrf-token, which is how
// GET /api/auth/login can answer it in its header and body.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';
import { pathOf } from './public-routes.js';

export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function csrfHook(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const fromCookie = req.cookies[CSRF_COOKIE];
  const cookieToken = fromCookie && TOKEN_PATTERN.test(fromCookie) ? fromCookie : undefined;
  const token = cookieToken ?? randomBytes(32).toString('base64url');
  if (!cookieToken) {
    const https = req.protocol === 'https' || req.headers['x-forwarded-proto'] === 'https';
    reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: https });
  }
  if (!SAFE_METHODS.has(req.method) && pathOf(req.url).startsWith('/api/')) {
    const given = req.headers[CSRF_HEADER];
    if (!cookieToken || typeof given !== 'string' || !sameToken(given, cookieToken)) {
      throw new HttpError(403, AUTH_MESSAGES.csrfInvalid);
    }
  }
  req.headers[CSRF_HEADER] = token;
}

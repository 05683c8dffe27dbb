// /api/auth/*: SPEC §7's auth calls. Public: GET and POST login, register. The rest needs a live session.
import { randomBytes } from 'node:crypto';
import { apiSuccess, authSession, loginBody, ok, registerBody, updatePasswordBody, user } from '@castbook/contracts';
import { currentUser, documentedOnly, errorResponses, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { Accounts } from '../domain/accounts.js';
import type { CallContextOf, SignedIn } from './context.js';
import { parseBody } from '../domain/validation.js';
import { withRetryAfter } from './context.js';

const CSRF_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const message = apiSuccess(z.object({ message: z.string() }));
/** A taken email answers like a new one, without a session (docs/decisions.md). */
const registered = apiSuccess(
  z.union([authSession, z.object({ token: z.null(), user: z.null(), expiresAt: z.null() })]),
);
// The bodies are checked by parseBody (SPEC's messages), against the same contracts the document shows.
const PUBLIC = { security: [] };

export function publicAuthRoutes(app: HttpService, accounts: Accounts, callContext: CallContextOf) {
  // The gateway owns the `csrf` cookie and forwards its value as x-csrf-token; this answers it in the
  // three places SPEC §7 lets the client look. Called directly (no gateway), it sets the cookie itself.
  app.get(
    '/api/auth/login',
    {
      schema: {
        summary: 'The CSRF token (also in the X-CSRF-Token header and the csrf cookie)',
        ...PUBLIC,
        response: { 200: apiSuccess(z.object({ csrfToken: z.string() })).extend({ csrfToken: z.string() }) },
      },
    },
    async (req, reply) => {
      const given = req.headers['x-csrf-token'];
      let csrfToken = typeof given === 'string' && CSRF_PATTERN.test(given) ? given : undefined;
      if (!csrfToken) {
        csrfToken = randomBytes(32).toString('base64url');
        reply.header('set-cookie', `csrf=${csrfToken}; Path=/; SameSite=Lax`);
      }
      reply.header('x-csrf-token', csrfToken).header('cache-control', 'no-store');
      return { ...ok({ csrfToken }), csrfToken };
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Sign in',
        ...PUBLIC,
        body: documentedOnly(loginBody),
        response: { 200: apiSuccess(authSession), ...errorResponses(400, 401, 429) },
      },
    },
    async (req, reply) => {
      const body = parseBody(loginBody, req.body);
      const session = await withRetryAfter(reply, () => accounts.login(body, callContext(req)));
      return reply.header('cache-control', 'no-store').send(ok(session));
    },
  );

  app.post(
    '/api/auth/register',
    {
      schema: {
        summary: 'Create an account and sign in',
        ...PUBLIC,
        body: documentedOnly(registerBody),
        response: { 201: registered, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const body = parseBody(registerBody, req.body);
      const session = await accounts.register(body, callContext(req));
      // A taken email answers with the same status and keys, without a token (docs/decisions.md).
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(ok(session ?? { token: null, user: null, expiresAt: null }));
    },
  );
}

export function sessionAuthRoutes(
  app: HttpService,
  accounts: Accounts,
  signedIn: SignedIn,
  callContext: CallContextOf,
) {
  app.get(
    '/api/auth/me',
    {
      onRequest: signedIn,
      schema: { summary: 'The signed-in user', response: { 200: apiSuccess(user), ...errorResponses(401) } },
    },
    async (req) => ok(await accounts.me(currentUser(req))),
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: signedIn,
      schema: { summary: 'Sign out (ends this session)', response: { 200: message, ...errorResponses(401) } },
    },
    async (req) => {
      await accounts.logout(currentUser(req), callContext(req));
      return ok({ message: 'Logged out' });
    },
  );

  app.post(
    '/api/auth/update-password',
    {
      onRequest: signedIn,
      schema: {
        summary: "Change the caller's password (other sessions end)",
        body: documentedOnly(updatePasswordBody),
        response: { 200: message, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (req, reply) => {
      const body = parseBody(updatePasswordBody, req.body);
      await withRetryAfter(reply, () => accounts.updatePassword(currentUser(req), body, callContext(req)));
      return ok({ message: 'Password updated successfully' });
    },
  );
}

// /api/auth/*: SPEC §7's auth calls. Public: GET and POST login, register. The rest needs a live session.
import { randomBytes } from 'node:crypto';
import { loginBody, ok, registerBody, updatePasswordBody } from '@castbook/contracts';
import { currentUser, type HttpService } from '@castbook/platform';
import type { Accounts } from '../domain/accounts.js';
import type { CallContextOf, SignedIn } from './context.js';
import { parseBody } from '../domain/validation.js';
import { withRetryAfter } from './context.js';

const CSRF_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function publicAuthRoutes(app: HttpService, accounts: Accounts, callContext: CallContextOf) {
  // The gateway owns the `csrf` cookie and forwards its value as x-csrf-token; this answers it in the
  // three places SPEC §7 lets the client look. Called directly (no gateway), it sets the cookie itself.
  app.get('/api/auth/login', async (req, reply) => {
    const given = req.headers['x-csrf-token'];
    let csrfToken = typeof given === 'string' && CSRF_PATTERN.test(given) ? given : undefined;
    if (!csrfToken) {
      csrfToken = randomBytes(32).toString('base64url');
      reply.header('set-cookie', `csrf=${csrfToken}; Path=/; SameSite=Lax`);
    }
    reply.header('x-csrf-token', csrfToken).header('cache-control', 'no-store');
    return { ...ok({ csrfToken }), csrfToken };
  });

  app.post('/api/auth/login', async (req, reply) => {
    const body = parseBody(loginBody, req.body);
    const session = await withRetryAfter(reply, () => accounts.login(body, callContext(req)));
    return reply.header('cache-control', 'no-store').send(ok(session));
  });

  app.post('/api/auth/register', async (req, reply) => {
    const body = parseBody(registerBody, req.body);
    const session = await accounts.register(body, callContext(req));
    // A taken email answers with the same status and keys, without a token (docs/decisions.md).
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send(ok(session ?? { token: null, user: null, expiresAt: null }));
  });
}

export function sessionAuthRoutes(
  app: HttpService,
  accounts: Accounts,
  signedIn: SignedIn,
  callContext: CallContextOf,
) {
  app.get('/api/auth/me', { onRequest: signedIn }, async (req) => ok(await accounts.me(currentUser(req))));

  app.post('/api/auth/logout', { onRequest: signedIn }, async (req) => {
    await accounts.logout(currentUser(req), callContext(req));
    return ok({ message: 'Logged out' });
  });

  app.post('/api/auth/update-password', { onRequest: signedIn }, async (req, reply) => {
    const body = parseBody(updatePasswordBody, req.body);
    await withRetryAfter(reply, () => accounts.updatePassword(currentUser(req), body, callContext(req)));
    return ok({ message: 'Password updated successfully' });
  });
}

// The gateway's security, in the order a request meets it: per-IP limits on the auth calls, the
// CSRF double-submit check (platform's, which every service runs again on its own port, the gateway
// also issuing the cookie), then the token and session check for non-public /api calls (the
// services check the token and session again themselves).
import {
  createTokenVerifier,
  csrfHook,
  SessionGuard,
  type EventBus,
  type HttpService,
  type Logger,
} from '@castbook/platform';
import { authRateLimitHook, type AuthRateLimits } from './rate-limits.js';
import { tokenCheckHook } from './token-check.js';

export interface SecurityOptions {
  authUrl: string;
  jwksUrl: string;
  rateLimits: AuthRateLimits;
  logger: Logger;
  /** The secret of service credentials: the gateway names itself when it asks auth about a session. */
  serviceSecret: string;
  /** Where session.revoked.v1 arrives; without it every request asks auth (see session-guard.ts). */
  bus?: EventBus;
}

export async function registerSecurity(app: HttpService, options: SecurityOptions): Promise<void> {
  const sessions = new SessionGuard({
    authUrl: options.authUrl,
    logger: options.logger,
    caller: 'gateway',
    secret: options.serviceSecret,
  });
  if (options.bus) await sessions.listen(options.bus);
  app.addHook('onClose', () => sessions.stop());
  const verifier = createTokenVerifier({ jwksUrl: options.jwksUrl });
  app.addHook('onRequest', async (req) => {
    // Services see the client's address as the gateway saw it, never one the client made up.
    req.headers['x-forwarded-for'] = req.ip;
  });
  app.addHook('onRequest', authRateLimitHook(app, options.rateLimits));
  // Who is calling before whether they meant it: a call without a valid session is a 401 (RFC 9110),
  // whatever its CSRF pair; a signed-in call with a bad pair is the 403.
  app.addHook('onRequest', tokenCheckHook(verifier, sessions));
  app.addHook('onRequest', csrfHook({ issueCookie: true }));
}

// Routes for other services, not for browsers: the gateway forwards only /api/*, so these are
// reachable on the service network alone. The JWKS (public keys, open to all) lets every service
// verify tokens; the session look-up lets a gateway or service replica that started late learn
// about sessions revoked before it subscribed. Every /internal/ route needs a service credential
// from a caller INTERNAL_CALLERS lists for it (platform guardInternalRoutes, set up by serviceTarget).
import { ok } from '@castbook/contracts';
import type { HttpService } from '@castbook/platform';
import type { JWK } from 'jose';
import type { Accounts } from '../domain/accounts.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function internalRoutes(app: HttpService, accounts: Accounts, jwks: () => Promise<JWK[]>) {
  app.get('/.well-known/jwks.json', async (_req, reply) => {
    return reply.header('cache-control', 'public, max-age=300').send({ keys: await jwks() });
  });

  app.get('/internal/sessions/:sessionId', async (req) => {
    const { sessionId } = req.params as { sessionId: string };
    if (!UUID.test(sessionId)) return ok({ active: false, userId: null, expiresAt: null });
    return ok(await accounts.sessionStatus(sessionId));
  });
}

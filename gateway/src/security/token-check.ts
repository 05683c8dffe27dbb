// Every non-public /api request needs a valid bearer token whose session is live. The verified
// caller is forwarded to the services as x-user-id / x-session-id (client-sent copies are dropped
// first); the services still verify the token themselves.
import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@castbook/contracts';
import { HttpError, verifyBearer, type SessionGuard, type TokenVerifier } from '@castbook/platform';
import { isPublicApi, isSignedSampleUrl, pathOf } from './public-routes.js';

export const USER_ID_HEADER = 'x-user-id';
export const SESSION_ID_HEADER = 'x-session-id';

export function tokenCheckHook(verifier: TokenVerifier, sessions: SessionGuard) {
  return async (req: FastifyRequest): Promise<void> => {
    delete req.headers[USER_ID_HEADER];
    delete req.headers[SESSION_ID_HEADER];
    const path = pathOf(req.url);
    if (!path.startsWith('/api/') || isPublicApi(req.method, path) || isSignedSampleUrl(req.method, req.url)) return;
    const user = await verifyBearer(verifier, req.headers.authorization);
    if (!(await sessions.isActive(user.sessionId))) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
    req.headers[USER_ID_HEADER] = user.userId;
    req.headers[SESSION_ID_HEADER] = user.sessionId;
  };
}

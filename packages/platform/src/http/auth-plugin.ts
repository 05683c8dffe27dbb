// Every service verifies the caller's token itself (ARCHITECTURE.md, Security), even behind the
// gateway: a request that reaches a service by another path is refused the same way. Either per route:
//
//   const signedIn = authHook({ verifier });
//   app.get('/api/things', { onRequest: signedIn }, async (req) => listThings(currentUser(req).userId));
//
// or for every route of a scope: `await scope.register(authPlugin, { verifier })`. The plugin skips
// Fastify's encapsulation (like fastify-plugin), so its hook applies to the scope it is registered in.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@castbook/contracts';
import { TokenError, type TokenVerifier } from '../tokens/verify.js';
import { HttpError } from './server.js';

/** The verified caller, set on `request.user` by authHook / authPlugin. */
export interface AuthUser {
  userId: string;
  sessionId: string;
  /** When the token (and so the session as the token knows it) expires. */
  expiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** SPEC §8's texts for a missing or bad token and for an expired (or revoked) session. */
export const AUTH_ERRORS = {
  unauthorized: AUTH_MESSAGES.unauthorized,
  expired: AUTH_MESSAGES.sessionExpired,
  unavailable: 'Sign-in is temporarily unavailable',
} as const;

export interface AuthPluginOptions {
  verifier: TokenVerifier;
  /**
   * Runs after the signature and expiry check, e.g. the auth service's look-up of its session row.
   * Throw an HttpError to refuse the request.
   */
  checkSession?: (user: AuthUser, req: FastifyRequest) => Promise<void>;
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

/** Verifies a bearer header; answers the caller or throws the HttpError to send. */
export async function verifyBearer(verifier: TokenVerifier, header: string | string[] | undefined): Promise<AuthUser> {
  const token = bearerToken(header);
  if (!token) throw new HttpError(401, AUTH_ERRORS.unauthorized);
  try {
    const claims = await verifier.verify(token);
    return { userId: claims.userId, sessionId: claims.sessionId, expiresAt: new Date(claims.exp * 1000) };
  } catch (err) {
    if (err instanceof TokenError) {
      throw new HttpError(401, err.reason === 'expired' ? AUTH_ERRORS.expired : AUTH_ERRORS.unauthorized);
    }
    // The key source failed (auth unreachable): a server-side problem, not a reason to log users out.
    throw new HttpError(503, AUTH_ERRORS.unavailable);
  }
}

/**
 * The onRequest hook that sets `request.user` or refuses the request. Use it per route
 * (`app.get(path, { onRequest: hook }, handler)`) or for a whole scope through authPlugin.
 */
export function authHook(options: AuthPluginOptions) {
  return async (req: FastifyRequest): Promise<void> => {
    const user = await verifyBearer(options.verifier, req.headers.authorization);
    if (options.checkSession) await options.checkSession(user, req);
    req.user = user;
  };
}

export const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (app, options) => {
  if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);
  app.addHook('onRequest', authHook(options));
};
// Same effect as wrapping in fastify-plugin: the hook belongs to the registering scope.
(authPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** The verified caller of a route behind authHook / authPlugin. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new HttpError(401, AUTH_ERRORS.unauthorized);
  return req.user;
}

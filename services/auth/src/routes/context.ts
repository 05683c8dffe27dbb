// Small helpers every auth route uses.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallContext } from '../domain/accounts.js';
import { TooManyAttempts } from '../domain/errors.js';

/** The client address as the gateway saw it (it overwrites x-forwarded-for), else the peer. */
export function callContext(req: FastifyRequest): CallContext {
  const fwd = req.headers['x-forwarded-for'];
  const first = typeof fwd === 'string' ? fwd.split(',')[0]?.trim() : undefined;
  return { ip: first || req.ip || null, requestId: String(req.id) };
}

/** Runs a flow; a rate-limited refusal also gets its Retry-After header. */
export async function withRetryAfter<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfterSec));
    throw err;
  }
}

/** The hook that admits only callers with a live session (platform authHook + auth's session check). */
export type SignedIn = (req: FastifyRequest) => Promise<void>;

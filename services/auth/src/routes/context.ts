// Small helpers every auth route uses.
import type { BlockList } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallContext } from '../domain/accounts.js';
import { clientAddress } from '../domain/addresses.js';
import { TooManyAttempts } from '../domain/errors.js';

/** Who is calling (client address, request id), read from a request. */
export type CallContextOf = (req: FastifyRequest) => CallContext;

/**
 * The client address is the peer's, or the one the gateway put in X-Forwarded-For (it overwrites the
 * header with the address it sees) when the peer is a trusted proxy (TRUSTED_PROXIES). A caller
 * reaching auth's port from anywhere else cannot choose the address it is throttled under.
 */
export function callContextOf(trustedProxies: BlockList): CallContextOf {
  return (req) => ({
    ip: clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustedProxies),
    requestId: String(req.id),
  });
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

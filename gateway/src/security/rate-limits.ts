// Per-IP limits on the public auth calls (ARCHITECTURE.md: rate limits with Retry-After). The
// per-email limit on failed sign-ins lives in the auth service's database, where replicas agree;
// these counters are per gateway process (@fastify/rate-limit's memory store).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@castbook/contracts';
import type { HttpService } from '@castbook/platform';
import { pathOf } from './public-routes.js';

export interface AuthRateLimits {
  loginPerMinute: number;
  registerPerMinute: number;
  resetPerMinute: number;
}

type Limiter = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function authRateLimitHook(app: HttpService, limits: AuthRateLimits) {
  const limiter = (name: string, max: number): Limiter =>
    app.rateLimit({
      max,
      timeWindow: 60_000,
      // The name keeps each call's counter apart; the address is the client's as the gateway sees it.
      keyGenerator: (req) => `${name}:${req.ip}`,
      // Thrown into the shared error handler, which answers { success: false, error }.
      errorResponseBuilder: () => ({ statusCode: 429, message: AUTH_MESSAGES.tooManyAttempts }),
    }) as unknown as Limiter;
  const routes: Array<{ method: string; pattern: RegExp; limit: Limiter }> = [
    { method: 'POST', pattern: /^\/api\/auth\/login$/, limit: limiter('login', limits.loginPerMinute) },
    { method: 'POST', pattern: /^\/api\/auth\/register$/, limit: limiter('register', limits.registerPerMinute) },
    {
      method: 'POST',
      pattern: /^\/api\/auth\/reset-password(\/confirm)?$/,
      limit: limiter('reset', limits.resetPerMinute),
    },
  ];
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const path = pathOf(req.url);
    const route = routes.find((r) => r.method === req.method && r.pattern.test(path));
    if (route) await route.limit(req, reply);
  };
}

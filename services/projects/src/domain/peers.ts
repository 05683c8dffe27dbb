// Synchronous fallbacks for read models that lag (ARCHITECTURE.md, Events): the user's own author
// created a moment ago, or a brand-new user's plan. The caller's token is forwarded, so the other
// service applies its own scoping.
import { PLANS, type Limits } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';
import type { PlanLimits } from './projects.js';

export interface Peers {
  /** Whether the caller owns the author, and its names if so. */
  author(id: string, authorization: string): Promise<{ firstName: string; lastName: string } | null>;
  limits(authorization: string): Promise<PlanLimits>;
}

export function httpPeers(authorsUrl: string, billingUrl: string): Peers {
  const get = async (url: string, authorization: string) => {
    try {
      return await fetch(url, { headers: { authorization }, signal: AbortSignal.timeout(5000) });
    } catch {
      throw new HttpError(503, 'A service this request needs is unavailable; please try again');
    }
  };
  return {
    async author(id, authorization) {
      const res = await get(`${authorsUrl}/api/authors/${encodeURIComponent(id)}`, authorization);
      if (res.status === 404) return null;
      if (!res.ok) throw new HttpError(503, 'Authors are temporarily unavailable; please try again');
      const body = (await res.json()) as { data: { firstName: string; lastName: string } };
      return body.data;
    },
    async limits(authorization) {
      const res = await get(`${billingUrl}/api/subscriptions`, authorization);
      if (!res.ok) {
        // The caller's plan cannot be read: apply the most restrictive one rather than none.
        const l = PLANS.free.limits;
        return { tier: 'free', maxProjects: l.maxProjects, maxWords: l.maxWordsPerProject };
      }
      const body = (await res.json()) as { data: { subscription: { tier: string }; limits: Limits } };
      const { tier } = body.data.subscription;
      return { tier, maxProjects: body.data.limits.maxProjects, maxWords: body.data.limits.maxWordsPerProject };
    },
  };
}

// Synchronous fallbacks for read models that lag (ARCHITECTURE.md, Events): the user's own author
// created a moment ago, or a brand-new user's plan. The caller's token is forwarded, so the other
// service applies its own scoping.
import { limits as limitsSchema, planOf } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';
import { z } from 'zod';
import type { PlanLimits } from './projects.js';

/** What this service reads of billing's GET /api/subscriptions (issue 16's contract). */
const billingAnswer = z.object({
  data: z.object({
    subscription: z.object({ tier: z.string(), features: z.array(z.string()).optional() }),
    limits: limitsSchema.partial({ maxStorageBytes: true }),
  }),
});

/** The catalogue's limits of a tier (PRODUCT.md), for when billing cannot say. */
export function planLimitsOf(tier: string): PlanLimits {
  const plan = planOf(tier);
  return {
    tier: plan.id,
    maxProjects: plan.limits.maxProjects,
    maxWords: plan.limits.maxWordsPerProject,
    maxStorageBytes: plan.limits.maxStorageBytes,
    features: [...plan.featureIds],
  };
}

/**
 * A plan as billing answers it. A Pro trial (registration as Pro) is tier 'pro' there from the
 * start, so its limits apply before subscription.changed.v1 reaches this service's read model.
 */
export function limitsFromBilling(data: z.infer<typeof billingAnswer>['data']): PlanLimits {
  const { tier, features } = data.subscription;
  const fallback = planLimitsOf(tier);
  return {
    tier,
    maxProjects: data.limits.maxProjects,
    maxWords: data.limits.maxWordsPerProject,
    maxStorageBytes: data.limits.maxStorageBytes ?? fallback.maxStorageBytes,
    features: features ?? fallback.features,
  };
}

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
      // The caller's plan cannot be read: apply the most restrictive one rather than none.
      const answer = res.ok ? billingAnswer.safeParse(await res.json().catch(() => null)) : undefined;
      return answer?.success ? limitsFromBilling(answer.data.data) : planLimitsOf('free');
    },
  };
}

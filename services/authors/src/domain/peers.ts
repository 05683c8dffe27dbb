// The synchronous fallback for the plan read model (ARCHITECTURE.md, Events: read models may lag):
// a user whose subscription.changed.v1 has not arrived yet (a Pro trial a moment after registering)
// gets the limit billing answers now, asked with the caller's own token.
import { planOf } from '@castbook/contracts';
import { z } from 'zod';

export interface StorageLimit {
  tier: string;
  maxStorageBytes: number;
}

export interface StoragePeers {
  storageLimit(authorization: string): Promise<StorageLimit>;
}

const billingAnswer = z.object({
  data: z.object({
    subscription: z.object({ tier: z.string() }),
    limits: z.object({ maxStorageBytes: z.number().int().positive().optional() }),
  }),
});

/** The catalogue's limit for a tier (Free for anything unknown: the most restrictive). */
export const catalogueLimit = (tier: string): StorageLimit => {
  const plan = planOf(tier);
  return { tier: plan.id, maxStorageBytes: plan.limits.maxStorageBytes };
};

/** Billing at `billingUrl`; without one (or when it cannot answer), the Free plan's limit applies. */
export function httpStoragePeers(billingUrl: string | undefined): StoragePeers {
  return {
    async storageLimit(authorization) {
      if (!billingUrl) return catalogueLimit('free');
      try {
        const res = await fetch(`${billingUrl}/api/subscriptions`, {
          headers: { authorization },
          signal: AbortSignal.timeout(5000),
        });
        const answer = res.ok ? billingAnswer.safeParse(await res.json()) : undefined;
        if (!answer?.success) return catalogueLimit('free');
        const { tier } = answer.data.data.subscription;
        return {
          tier,
          maxStorageBytes: answer.data.data.limits.maxStorageBytes ?? catalogueLimit(tier).maxStorageBytes,
        };
      } catch {
        return catalogueLimit('free');
      }
    },
  };
}

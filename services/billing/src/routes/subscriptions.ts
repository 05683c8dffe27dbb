// GET /api/subscriptions: the caller's subscription and limits (SPEC §7).
import { apiSuccess, limits, ok, subscription } from '@castbook/contracts';
import { currentUser, errorResponses, type authHook, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { Subscriptions } from '../domain/subscription-service.js';
import { limitsOf, subscriptionView } from '../domain/subscriptions.js';

export function subscriptionRoutes(
  app: HttpService,
  subscriptions: Subscriptions,
  signedIn: ReturnType<typeof authHook>,
) {
  const answer = apiSuccess(z.object({ subscription: subscription.extend({ isTrial: z.boolean() }), limits }));
  const schema = {
    summary: "The caller's subscription and plan limits",
    response: { 200: answer, ...errorResponses(401) },
  };
  app.get('/api/subscriptions', { onRequest: signedIn, schema }, async (req) => {
    const s = await subscriptions.current(currentUser(req).userId, String(req.id));
    return ok({ subscription: subscriptionView(s), limits: limitsOf(s.tier) });
  });
}

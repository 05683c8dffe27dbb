// GET /api/subscriptions: the caller's subscription and limits (SPEC §7).
import { ok } from '@castbook/contracts';
import { currentUser, type authHook, type HttpService } from '@castbook/platform';
import type { Subscriptions } from '../domain/subscription-service.js';
import { limitsOf, subscriptionView } from '../domain/subscriptions.js';

export function subscriptionRoutes(
  app: HttpService,
  subscriptions: Subscriptions,
  signedIn: ReturnType<typeof authHook>,
) {
  app.get('/api/subscriptions', { onRequest: signedIn }, async (req) => {
    const s = await subscriptions.current(currentUser(req).userId, String(req.id));
    return ok({ subscription: subscriptionView(s), limits: limitsOf(s.tier) });
  });
}

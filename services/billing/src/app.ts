// The billing service's HTTP surface: registers its routes, nothing else.
// It owns plans, subscriptions, limits, feature checks and checkout; this first slice answers the
// caller's subscription.
import { authHook, createTokenVerifier, type HttpService, type ServiceContext } from '@castbook/platform';
import type { BillingConfig } from './config.js';
import { Subscriptions } from './domain/subscription-service.js';
import { subscriptionRoutes } from './routes/subscriptions.js';

export async function billingRoutes(app: HttpService, ctx: ServiceContext<BillingConfig>): Promise<void> {
  const signedIn = authHook({
    verifier: createTokenVerifier({ jwksUrl: ctx.config.AUTH_JWKS_URL }),
    // Revocation checked here too, not only at the gateway (zero trust).
    checkSession: (await ctx.sessions()).checkSession,
  });
  subscriptionRoutes(app, new Subscriptions(ctx.db), signedIn);
}

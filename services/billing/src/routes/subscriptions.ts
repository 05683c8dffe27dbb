// SPEC §7's subscription routes (issue 16's contract): the caller's subscription with limits and
// usage, upgrade (never by itself: requiresPayment) and downgrade, features and the comparison,
// checkout, the billing portal, invoices, diagnostics, Enterprise contact, and the test clock.
import type { FastifyRequest } from 'fastify';
import {
  apiSuccess,
  checkoutAnswer,
  checkoutBody,
  comparisonAnswer,
  contactSalesBody,
  DEFAULT_DENIED_MESSAGE,
  diagnosticsAnswer,
  FEATURE_CATALOGUE,
  featureAnswer,
  featureCheck,
  featuresAnswer,
  invoicesAnswer,
  leadAnswer,
  ok,
  PLANS,
  portalAnswer,
  subscriptionAnswer,
  testClockBody,
  tiersWith,
  updateSubscriptionAnswer,
  updateSubscriptionBody,
  type FeatureId,
  type PlanId,
} from '@castbook/contracts';
import { currentUser, errorResponses, HttpError, type authHook, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import { usageOf } from '../db/billing.js';
import type { AdjustableClock } from '../domain/clock.js';
import type { Payments } from '../domain/payments.js';
import type { Subscriptions } from '../domain/subscription-service.js';
import { limitsOf, subscriptionView, type SubscriptionRecord } from '../domain/subscriptions.js';
import type { Database } from '@castbook/platform';

export interface SubscriptionRouteDeps {
  db: Database;
  subscriptions: Subscriptions;
  payments: Payments;
  signedIn: ReturnType<typeof authHook>;
  /** This app's origin as the browser knows it (PUBLIC_URL, else the request's as the gateway saw it). */
  originOf: (req: FastifyRequest) => string;
  /** Set when BILLING_TEST_CLOCK=true: the clock the test-clock route moves. */
  testClock?: AdjustableClock;
}

const featureParam = z.object({ feature: z.string().min(1).max(100) });
const featureIdParam = z.object({ featureId: z.string().min(1).max(100) });

function findFeature(id: string) {
  const f = FEATURE_CATALOGUE.find((x) => x.id === id);
  if (!f) throw new HttpError(404, `Unknown feature: ${id}`);
  return { ...f, tiers: tiersWith(f.id) };
}

function check(tier: PlanId, feature: FeatureId) {
  const allowed = PLANS[tier].featureIds.includes(feature);
  return { allowed, message: allowed ? `Included in your ${PLANS[tier].name} plan.` : DEFAULT_DENIED_MESSAGE };
}

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes >= 1024 * MB ? `${bytes / (1024 * MB)} GB` : `${bytes / MB} MB`);

/** The comparison table, from the one plan catalogue. */
function comparison() {
  const plans = (['free', 'pro', 'enterprise'] as const).map((id) => PLANS[id]);
  const row = (feature: string, value: (p: (typeof plans)[number]) => string | boolean) => ({
    feature,
    values: { free: value(plans[0]!), pro: value(plans[1]!), enterprise: value(plans[2]!) },
  });
  return {
    plans: plans.map((p) => ({ id: p.id, name: p.name, price: p.price })),
    rows: [
      row('Projects', (p) => (p.limits.unlimitedProjects ? 'Unlimited' : String(p.limits.maxProjects))),
      row('Words per project', (p) =>
        p.limits.maxWordsPerProject === null ? 'No limit' : p.limits.maxWordsPerProject.toLocaleString('en-US'),
      ),
      row('Storage', (p) => size(p.limits.maxStorageBytes)),
      ...FEATURE_CATALOGUE.map((f) => row(f.name, (p) => p.featureIds.includes(f.id))),
      row('Support', (p) => ({ free: 'Community', pro: 'Priority', enterprise: 'Dedicated' })[p.id]),
      row('Free trial', (p) => (p.trialDays ? `${p.trialDays} days, no card` : false)),
    ],
  };
}

export function subscriptionRoutes(app: HttpService, deps: SubscriptionRouteDeps) {
  const { subscriptions, payments, signedIn, originOf } = deps;
  const view = async (s: SubscriptionRecord) => ({
    subscription: subscriptionView(s),
    limits: limitsOf(s.tier),
    usage: await usageOf(deps.db.pool, s.userId),
  });
  /** Both URLs must be pages of this app (no open redirect through checkout). */
  const ownUrl = (req: FastifyRequest, url: string, name: string) => {
    const origin = originOf(req);
    if (new URL(url).origin !== origin) throw new HttpError(400, `${name} must be a page of this app (${origin})`);
    return url;
  };

  app.get(
    '/api/subscriptions',
    {
      onRequest: signedIn,
      schema: {
        summary: "The caller's subscription, plan limits and current usage",
        response: { 200: apiSuccess(subscriptionAnswer), ...errorResponses(401) },
      },
    },
    async (req) => ok(await view(await subscriptions.current(currentUser(req).userId, String(req.id)))),
  );

  app.put(
    '/api/subscriptions',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Downgrade to Free, or confirm Pro from a provider subscription (never grants Pro by itself)',
        body: updateSubscriptionBody,
        response: { 200: apiSuccess(updateSubscriptionAnswer), ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const { userId } = currentUser(req);
      const requestId = String(req.id);
      if (req.body.tier === 'free') {
        const record = await payments.downgrade(userId, requestId);
        return ok({ subscription: subscriptionView(record), limits: limitsOf(record.tier), requiresPayment: false });
      }
      const { record, requiresPayment } = await payments.upgrade(userId, req.body.paymentReferenceId, requestId);
      return ok({ subscription: subscriptionView(record), limits: limitsOf(record.tier), requiresPayment });
    },
  );

  app.get(
    '/api/subscriptions/features',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Every feature, the plans that have it, and whether the caller may use it',
        response: { 200: apiSuccess(featuresAnswer), ...errorResponses(401) },
      },
    },
    async (req) => {
      const s = await subscriptions.current(currentUser(req).userId, String(req.id));
      return ok({
        features: FEATURE_CATALOGUE.map((f) => ({
          ...f,
          tiers: tiersWith(f.id),
          allowed: check(s.tier, f.id).allowed,
        })),
      });
    },
  );

  app.get(
    '/api/subscriptions/features/comparison',
    {
      onRequest: signedIn,
      schema: {
        summary: 'The plan comparison table',
        response: { 200: apiSuccess(comparisonAnswer), ...errorResponses(401) },
      },
    },
    async () => ok(comparison()),
  );

  app.get(
    '/api/subscriptions/feature/:feature',
    {
      onRequest: signedIn,
      schema: {
        summary: 'One feature and whether the caller may use it',
        params: featureParam,
        response: { 200: apiSuccess(featureAnswer), ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const feature = findFeature(req.params.feature);
      const s = await subscriptions.current(currentUser(req).userId, String(req.id));
      return ok({ feature, ...check(s.tier, feature.id) });
    },
  );

  app.get(
    '/api/subscriptions/features/:featureId',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Whether the caller may use a feature',
        params: featureIdParam,
        response: { 200: apiSuccess(featureCheck), ...errorResponses(401, 404) },
      },
    },
    async (req) => {
      const feature = findFeature(req.params.featureId);
      const s = await subscriptions.current(currentUser(req).userId, String(req.id));
      return ok(check(s.tier, feature.id));
    },
  );

  app.post(
    '/api/subscriptions/checkout',
    {
      onRequest: signedIn,
      schema: {
        summary: "Start a checkout for Pro; answers the provider's page to send the browser to",
        body: checkoutBody,
        response: { 200: apiSuccess(checkoutAnswer), ...errorResponses(400, 401, 409) },
      },
    },
    async (req) => {
      const urls = {
        successUrl: ownUrl(req, req.body.successUrl, 'successUrl'),
        cancelUrl: ownUrl(req, req.body.cancelUrl, 'cancelUrl'),
      };
      return ok(await payments.checkout(currentUser(req).userId, urls, originOf(req), String(req.id)));
    },
  );

  app.get(
    '/api/subscriptions/portal',
    {
      onRequest: signedIn,
      schema: {
        summary: 'A billing portal session (card, cancellation, invoices)',
        response: { 200: apiSuccess(portalAnswer), ...errorResponses(401, 409) },
      },
    },
    async (req) => ok(await payments.portal(currentUser(req).userId, originOf(req), String(req.id))),
  );

  app.get(
    '/api/subscriptions/invoices',
    {
      onRequest: signedIn,
      schema: {
        summary: "The caller's invoices from the payment provider (empty when none)",
        response: { 200: apiSuccess(invoicesAnswer), ...errorResponses(401) },
      },
    },
    async (req) => {
      const list = await payments.invoices(currentUser(req).userId, originOf(req), String(req.id));
      return ok({ invoices: list.map((i) => ({ ...i, date: i.date.toISOString() })) });
    },
  );

  app.get(
    '/api/subscriptions/diagnostics',
    {
      onRequest: signedIn,
      schema: {
        summary: "Where the caller's entitlement comes from, and the provider's last word",
        response: { 200: apiSuccess(diagnosticsAnswer), ...errorResponses(401) },
      },
    },
    async (req) => {
      const { record, ...rest } = await payments.diagnostics(currentUser(req).userId, String(req.id));
      return ok({ ...rest, subscription: subscriptionView(record), testClock: Boolean(deps.testClock) });
    },
  );

  app.post(
    '/api/subscriptions/contact-sales',
    {
      // Signed out too; a signed-in caller's id is kept with the lead. A token that does not verify
      // (expired, revoked) makes the enquiry anonymous rather than losing it.
      onRequest: async (req) => {
        if (req.headers.authorization === undefined) return;
        await signedIn(req).catch(() => {
          req.user = null;
        });
      },
      schema: {
        summary: 'Enterprise "Contact sales": stores the lead and mails it to sales',
        security: [],
        body: contactSalesBody,
        response: { 201: apiSuccess(leadAnswer), ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const forwarded = req.headers['x-forwarded-for'];
      const address = (typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined) || req.ip;
      const leadId = await payments.contactSales({
        ...req.body,
        userId: req.user?.userId ?? null,
        address: address ?? null,
      });
      return reply.status(201).send(ok({ leadId }));
    },
  );

  const clock = deps.testClock;
  if (clock) {
    app.post(
      '/api/subscriptions/test-clock',
      {
        onRequest: signedIn,
        schema: {
          summary: "Moves billing's clock forward and runs what became due (BILLING_TEST_CLOCK=true only)",
          hide: true,
          body: testClockBody,
        },
      },
      async (req) => {
        clock.advance(req.body.advanceDays * 24 * 60 * 60 * 1000);
        const swept = await payments.sweep();
        const s = await subscriptions.current(currentUser(req).userId, String(req.id));
        return ok({ now: clock.now().toISOString(), ...swept, ...(await view(s)) });
      },
    );
  }
}

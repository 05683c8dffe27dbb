// The billing service's HTTP surface: builds its parts (clock, payment provider, mailer, sweeper) and
// registers the routes. It owns plans, subscriptions, limits, feature checks, checkout and payments.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  authHook,
  createTokenVerifier,
  LogMailer,
  SmtpMailer,
  type HttpService,
  type ServiceContext,
} from '@castbook/platform';
import type { BillingConfig } from './config.js';
import { serviceClock } from './domain/clock.js';
import { Payments } from './domain/payments.js';
import { Subscriptions } from './domain/subscription-service.js';
import { DAY_MS } from './domain/subscriptions.js';
import { LocalPaymentProvider } from './payments/local-provider.js';
import type { PaymentProvider } from './payments/provider.js';
import { StripePaymentProvider } from './payments/stripe-provider.js';
import { payPages } from './routes/pay-pages.js';
import { subscriptionRoutes } from './routes/subscriptions.js';
import { webhookRoute } from './routes/webhook.js';

/** This app's origin as the browser sees it: PUBLIC_URL, else the Host the gateway received. */
export function originResolver(publicUrl: string | undefined) {
  const fixed = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req: FastifyRequest): string => {
    if (fixed) return fixed;
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' && v ? v.split(',')[0]!.trim() : undefined;
    };
    const proto = header('x-forwarded-proto') ?? req.protocol;
    const host = header('x-forwarded-host') ?? req.headers.host ?? 'localhost';
    return `${proto === 'https' ? 'https' : 'http'}://${host}`;
  };
}

export async function billingRoutes(app: HttpService, ctx: ServiceContext<BillingConfig>): Promise<void> {
  const { config, db, logger } = ctx;
  const signedIn = authHook({
    verifier: createTokenVerifier({ jwksUrl: config.AUTH_JWKS_URL }),
    // Revocation checked here too, not only at the gateway (zero trust).
    checkSession: (await ctx.sessions()).checkSession,
  });
  const clock = serviceClock(ctx);
  const subscriptions = new Subscriptions(db, clock, config.PAYMENT_GRACE_DAYS * DAY_MS);
  let local: LocalPaymentProvider | undefined;
  let provider: PaymentProvider;
  if (config.STRIPE_SECRET_KEY) {
    provider = new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      pricePro: config.STRIPE_PRICE_PRO!,
      apiBase: config.STRIPE_API_BASE,
    });
  } else {
    const secret = config.LOCAL_PAYMENTS_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('hex')}`;
    provider = local = new LocalPaymentProvider(db, clock, secret);
  }
  const mailer = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new LogMailer(logger);
  const originOf = originResolver(config.PUBLIC_URL);
  const payments = new Payments({
    db,
    subscriptions,
    provider,
    mailer,
    logger,
    salesEmail: config.SALES_EMAIL,
    appUrl: (origin) => origin,
  });
  // The local provider's events go through the same verification and handling as Stripe's.
  local?.connect(async (raw, signature) => void (await payments.receiveWebhook(raw, signature)));

  subscriptionRoutes(app, {
    db,
    subscriptions,
    payments,
    signedIn,
    originOf,
    testClock: config.BILLING_TEST_CLOCK === 'true' ? clock : undefined,
  });
  await webhookRoute(app, payments);
  if (local) await payPages(app, local);

  // Time passes without requests too: trials end, renewals fall due, notices go out.
  let sweeping: Promise<unknown> | undefined;
  const sweeper = setInterval(() => {
    sweeping ??= payments
      .sweep()
      .catch((err: unknown) => logger.warn({ err }, 'billing sweep failed'))
      .finally(() => (sweeping = undefined));
  }, config.BILLING_SWEEP_INTERVAL_MS);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await sweeping;
  });
}

// Stripe, through the official library: Checkout Sessions in subscription mode (the 14-day trial
// without a card, PRODUCT.md), Customer Portal sessions, invoices, and webhook verification.
// STRIPE_API_BASE points the client at another host (stripe-mock in the infra tests).
import Stripe from 'stripe';
import {
  fromStripeInvoice,
  fromStripeSubscription,
  type CheckoutInput,
  type PaymentProvider,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  pricePro: string;
  /** e.g. http://127.0.0.1:12111 (stripe-mock); unset for api.stripe.com. */
  apiBase?: string;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async createCheckout(input: CheckoutInput): Promise<{ url: string; sessionId: string }> {
    const trial = input.trialDays > 0;
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: this.settings.pricePro, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      client_reference_id: input.userId,
      metadata: { userId: input.userId },
      ...(input.customerId ? { customer: input.customerId } : input.email ? { customer_email: input.email } : {}),
      // The trial needs no card (PRODUCT.md); without a trial the card is asked for.
      payment_method_collection: trial ? 'if_required' : 'always',
      subscription_data: {
        metadata: { userId: input.userId },
        ...(trial
          ? {
              trial_period_days: input.trialDays,
              // A trial that ends without a card ends the subscription (the account returns to Free).
              trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
            }
          : {}),
      },
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return { url: session.url, sessionId: session.id };
  }

  async createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: session.url };
  }

  async listInvoices(customerId: string): Promise<ProviderInvoice[]> {
    const list = await this.stripe.invoices.list({ customer: customerId, limit: 24 });
    return list.data.map(fromStripeInvoice);
  }

  async getSubscription(id: string): Promise<ProviderSubscription | null> {
    try {
      return fromStripeSubscription(await this.stripe.subscriptions.retrieve(id));
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
      throw err;
    }
  }

  async cancelSubscription(id: string): Promise<void> {
    await this.stripe.subscriptions.cancel(id);
  }

  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
  }
}

// The payment provider behind billing: Stripe (keys set) or the local provider (embedded mode and
// tests). Both speak Stripe's shapes: webhook events are Stripe event JSON signed the way Stripe signs
// them, verified by the one webhook route with `stripe.webhooks.constructEvent`.
import type Stripe from 'stripe';

export type ProviderName = 'local' | 'stripe';

/** The part of a provider subscription billing acts on. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The Castbook user, from the metadata checkout put on it. */
  userId: string | null;
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface ProviderInvoice {
  id: string;
  number: string | null;
  date: Date;
  amountCents: number;
  currency: string;
  status: string;
  url: string | null;
}

export interface CheckoutInput {
  userId: string;
  email: string | null;
  /** The provider customer the user already has, if any (kept across subscriptions). */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** 0 for no trial (the user had one already). */
  trialDays: number;
  /** This app's public origin, for pages the provider serves through the app (the local one). */
  origin: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(input: CheckoutInput): Promise<{ url: string; sessionId: string }>;
  createPortal(input: { customerId: string; returnUrl: string; origin: string }): Promise<{ url: string }>;
  listInvoices(customerId: string, origin: string): Promise<ProviderInvoice[]>;
  /** The subscription as the provider has it now; null when it does not exist. */
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Ends it at once (a confirmed downgrade, or a payment failed past the grace period). */
  cancelSubscription(id: string): Promise<void>;
  /** Verifies the Stripe-Signature of a raw body; throws when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event;
  /** Renewals and expiries due by `now` (the local provider; Stripe runs its own). */
  runDue?(now: Date): Promise<void>;
}

const seconds = (v: unknown): Date | null => (typeof v === 'number' ? new Date(v * 1000) : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;

/**
 * Reads a Stripe subscription object. Since API 2025-03-31 the period lives on the items; older
 * shapes (and stripe-mock's fixtures) carry it on the subscription, so both are read.
 */
export function fromStripeSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const raw = sub as unknown as Record<string, unknown>;
  const item = sub.items?.data?.[0] as unknown as Record<string, unknown> | undefined;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    userId: typeof sub.metadata?.userId === 'string' ? sub.metadata.userId : null,
    status: sub.status,
    trialEnd: seconds(sub.trial_end),
    currentPeriodEnd: seconds(item?.current_period_end) ?? seconds(raw.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
  };
}

/** The subscription an invoice belongs to (API 2025-03-31+: under parent; before: top level). */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const raw = invoice as unknown as Record<string, unknown>;
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(raw.subscription);
}

export function fromStripeInvoice(inv: Stripe.Invoice): ProviderInvoice {
  return {
    id: inv.id ?? '',
    number: inv.number ?? null,
    date: new Date(inv.created * 1000),
    amountCents: inv.status === 'paid' ? inv.amount_paid : inv.amount_due,
    currency: inv.currency,
    status: inv.status ?? 'draft',
    url: inv.hosted_invoice_url ?? null,
  };
}

/** Statuses that grant Pro (past_due keeps it through the grace period). */
export const ENTITLED = new Set(['trialing', 'active', 'past_due']);

// The billing calls of SPEC §7 beyond reading the subscription: upgrade/downgrade (PUT), checkout,
// the billing portal, the payment history, the plan comparison and Enterprise's "Contact sales".
// Failures are ApiCallErrors naming the call in SPEC §8's words, with the server's own message.
import useSWR from 'swr';
import type { Invoice, SubscriptionTier } from '@castbook/contracts';
import { api } from './client';
import { SUBSCRIPTION_KEY, type SubscriptionInfo } from './auth-api';
import { withAction } from './call-error';

interface Envelope<T> {
  success: true;
  data: T;
}

export const BILLING_MESSAGES = {
  update: 'Failed to update subscription',
  checkout: 'Failed to create checkout session',
  portal: 'Failed to get customer portal URL',
  comparison: 'Failed to fetch feature comparison',
  invoices: 'Failed to fetch payment history',
  contactSales: 'Failed to send your message',
} as const;

export const COMPARISON_KEY = `${SUBSCRIPTION_KEY}/features/comparison`;
export const INVOICES_KEY = `${SUBSCRIPTION_KEY}/invoices`;

const data = async <T>(action: string, path: string, options?: Parameters<typeof api.request>[1]) =>
  withAction(action, async () => (await api.request<Envelope<T>>(path, options)).data);

/** PUT /api/subscriptions: Pro answers `requiresPayment` unless the user already paid or is on trial. */
export interface TierChange extends Partial<SubscriptionInfo> {
  requiresPayment?: boolean;
}
export const changeTier = (tier: SubscriptionTier, paymentReferenceId?: string) =>
  data<TierChange>(BILLING_MESSAGES.update, SUBSCRIPTION_KEY, {
    method: 'PUT',
    json: paymentReferenceId ? { tier, paymentReferenceId } : { tier },
  });

export interface CheckoutSession {
  url: string;
  sessionId?: string;
}
export const createCheckout = (urls: { successUrl: string; cancelUrl: string }) =>
  data<CheckoutSession>(BILLING_MESSAGES.checkout, `${SUBSCRIPTION_KEY}/checkout`, { method: 'POST', json: urls });

export const portalUrl = () => data<{ url: string }>(BILLING_MESSAGES.portal, `${SUBSCRIPTION_KEY}/portal`);

export type { Invoice };
export const useInvoices = (enabled = true) =>
  useSWR<Invoice[]>(enabled ? INVOICES_KEY : null, () =>
    data<{ invoices: Invoice[] }>(BILLING_MESSAGES.invoices, INVOICES_KEY).then((d) => d.invoices),
  );

export type ComparisonValue = string | number | boolean | null;
export interface Comparison {
  plans: Array<{ id: string; name: string; price: string }>;
  rows: Array<{ feature: string; values: Record<string, ComparisonValue> }>;
}
export const useComparison = () =>
  useSWR<Comparison>(COMPARISON_KEY, () => data<Comparison>(BILLING_MESSAGES.comparison, COMPARISON_KEY));

export interface ContactSalesInput {
  name: string;
  email: string;
  company: string;
  seats: number;
  message: string;
}
/** Works signed out too: the pricing page is public. */
export const contactSales = (input: ContactSalesInput) =>
  data<{ leadId: string }>(BILLING_MESSAGES.contactSales, `${SUBSCRIPTION_KEY}/contact-sales`, {
    method: 'POST',
    json: input,
  });

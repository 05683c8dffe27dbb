// Reading the caller's subscription (GET /api/subscriptions) and describing it in words.
import useSWR from 'swr';
import { PLANS, type Limits, type Subscription } from '@castbook/contracts';
import { SUBSCRIPTION_KEY, type SubscriptionInfo } from '../api/auth-api';
import { swrFetcher } from '../api/client';

export function useSubscription() {
  return useSWR<SubscriptionInfo>(SUBSCRIPTION_KEY, swrFetcher);
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  expired: 'Expired',
  pending: 'Pending',
  canceled: 'Canceled',
};
/** SPEC §3: any status outside the four known ones is shown as Unknown. */
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? 'Unknown';

type TrialFields = Pick<Subscription, 'tier' | 'status' | 'endDate' | 'paymentReferenceId'> & { isTrial?: boolean };

/**
 * PRODUCT.md: a Pro trial is an active Pro subscription with an end date and no payment yet. Billing
 * says so in `isTrial`; without it the fields tell.
 */
export function isTrial(s: TrialFields): boolean {
  if (typeof s.isTrial === 'boolean') return s.isTrial;
  return s.tier === 'pro' && s.status === 'active' && !!s.endDate && !s.paymentReferenceId;
}

export function planName(s: TrialFields): string {
  const name = PLANS[s.tier]?.name ?? s.tier;
  return isTrial(s) ? `${name} trial` : name;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatBytes(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

export function limitLines(limits: Limits): Array<[string, string]> {
  return [
    ['Projects', limits.unlimitedProjects ? 'Unlimited' : String(limits.maxProjects)],
    [
      'Words per project',
      limits.maxWordsPerProject === null ? 'No limit' : limits.maxWordsPerProject.toLocaleString('en-US'),
    ],
    ['Storage', formatBytes(limits.maxStorageBytes)],
  ];
}

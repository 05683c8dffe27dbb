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

// ---- checkout, trial and usage (issue 16) ------------------------------------------------------

export const SUBSCRIPTION_PATH = '/stage/settings/subscription';

/** Where checkout returns: this page, saying how it went (SPEC §2: upgrade=success / upgrade=cancelled). */
export function checkoutUrls(origin: string): { successUrl: string; cancelUrl: string } {
  const base = `${origin.replace(/\/+$/, '')}${SUBSCRIPTION_PATH}`;
  return { successUrl: `${base}?upgrade=success`, cancelUrl: `${base}?upgrade=cancelled` };
}

export type UpgradeReturn = 'success' | 'cancelled' | null;
export function upgradeReturn(search: string): UpgradeReturn {
  const value = new URLSearchParams(search).get('upgrade');
  return value === 'success' || value === 'cancelled' ? value : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until `endDate` (a part-day counts as a day; 0 once it has passed), or null. */
export function daysLeft(endDate: string | null | undefined, now = Date.now()): number | null {
  if (!endDate) return null;
  const end = new Date(endDate).getTime();
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

export function trialEndsLabel(days: number): string {
  if (days <= 0) return 'Trial ends today';
  return `Trial ends in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The billing portal exists for Pro users who paid through the provider (SPEC §2). */
export const canManageBilling = (s: { tier: string; paymentReferenceId: string | null }) =>
  s.tier === 'pro' && !!s.paymentReferenceId;

export interface UsageRow {
  label: string;
  /** '2 / 5', '3 / Unlimited', '12 MB / 100 MB'. */
  text: string;
  /** 0–100 for a bar, or null when there is no ceiling to measure against. */
  percent: number | null;
  over: boolean;
}

/** Bytes for usage, finer than the limits' MB/GB: small stores read as KB, not "0 MB". */
export function formatUsageBytes(bytes: number): string {
  if (bytes < 1024 ** 2) return bytes === 0 ? '0 MB' : `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${Number((bytes / 1024 ** 2).toFixed(1))} MB`;
  return `${Number((bytes / 1024 ** 3).toFixed(2))} GB`;
}

const pct = (used: number, max: number) => (max > 0 ? Math.min(100, (used / max) * 100) : 100);

/** Current usage against the plan's limits (SPEC §9: the projects bar derives from maxProjects). */
export function usageRows(limits: Limits, usage: { projects: number; storageBytes: number }): UsageRow[] {
  const projects: UsageRow = limits.unlimitedProjects
    ? { label: 'Projects', text: `${usage.projects} / Unlimited`, percent: null, over: false }
    : {
        label: 'Projects',
        text: `${usage.projects} / ${limits.maxProjects}`,
        percent: pct(usage.projects, limits.maxProjects),
        over: usage.projects > limits.maxProjects,
      };
  return [
    projects,
    {
      label: 'Storage',
      text: `${formatUsageBytes(usage.storageBytes)} / ${formatBytes(limits.maxStorageBytes)}`,
      percent: pct(usage.storageBytes, limits.maxStorageBytes),
      over: usage.storageBytes > limits.maxStorageBytes,
    },
  ];
}

/** An invoice amount in its currency: 1900 usd → '$19.00'. */
export function formatMoney(amountCents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amountCents / 100,
    );
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

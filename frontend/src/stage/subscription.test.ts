import { describe, expect, it } from 'vitest';
import { PLANS } from '@castbook/contracts';
import {
  canManageBilling,
  checkoutUrls,
  daysLeft,
  formatBytes,
  formatMoney,
  formatUsageBytes,
  isTrial,
  limitLines,
  planName,
  statusLabel,
  trialEndsLabel,
  upgradeReturn,
  usageRows,
} from './subscription';

describe('subscription display', () => {
  it('names any status outside the known four Unknown', () => {
    expect(statusLabel('active')).toBe('Active');
    expect(statusLabel('canceled')).toBe('Canceled');
    expect(statusLabel('trialing')).toBe('Unknown');
  });

  it('recognises the Pro trial of PRODUCT.md', () => {
    const trial = {
      tier: 'pro' as const,
      status: 'active' as const,
      endDate: '2030-01-15T00:00:00Z',
      paymentReferenceId: null,
    };
    expect(isTrial(trial)).toBe(true);
    expect(planName(trial)).toBe('Pro trial');
    expect(planName({ ...trial, paymentReferenceId: 'cus_1' })).toBe('Pro');
    expect(planName({ ...trial, tier: 'free', endDate: null })).toBe('Free');
    expect(isTrial({ ...trial, isTrial: false })).toBe(false);
  });

  it('describes limits from the plan catalogue', () => {
    expect(limitLines(PLANS.free.limits)).toEqual([
      ['Projects', '1'],
      ['Words per project', '100,000'],
      ['Storage', '100 MB'],
    ]);
    expect(limitLines(PLANS.enterprise.limits)).toEqual([
      ['Projects', 'Unlimited'],
      ['Words per project', 'No limit'],
      ['Storage', '100 GB'],
    ]);
    expect(formatBytes(10 * 1024 ** 3)).toBe('10 GB');
  });
});

describe('checkout and its return', () => {
  it('sends checkout back to the subscription page with how it went', () => {
    expect(checkoutUrls('https://castbook.example/')).toEqual({
      successUrl: 'https://castbook.example/stage/settings/subscription?upgrade=success',
      cancelUrl: 'https://castbook.example/stage/settings/subscription?upgrade=cancelled',
    });
  });

  it('reads only the two known returns', () => {
    expect(upgradeReturn('?upgrade=success')).toBe('success');
    expect(upgradeReturn('?x=1&upgrade=cancelled')).toBe('cancelled');
    expect(upgradeReturn('?upgrade=maybe')).toBeNull();
    expect(upgradeReturn('')).toBeNull();
  });

  it('offers the billing portal only to Pro users who paid through the provider', () => {
    expect(canManageBilling({ tier: 'pro', paymentReferenceId: 'sub_1' })).toBe(true);
    expect(canManageBilling({ tier: 'pro', paymentReferenceId: null })).toBe(false);
    expect(canManageBilling({ tier: 'free', paymentReferenceId: 'sub_1' })).toBe(false);
  });
});

describe('trial countdown', () => {
  const now = Date.parse('2030-01-01T12:00:00Z');
  it('counts a part-day as a day and never goes below zero', () => {
    expect(daysLeft('2030-01-15T12:00:00Z', now)).toBe(14);
    expect(daysLeft('2030-01-02T00:00:00Z', now)).toBe(1);
    expect(daysLeft('2029-12-30T00:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft('not a date', now)).toBeNull();
  });
  it('says it in words', () => {
    expect(trialEndsLabel(14)).toBe('Trial ends in 14 days');
    expect(trialEndsLabel(1)).toBe('Trial ends in 1 day');
    expect(trialEndsLabel(0)).toBe('Trial ends today');
  });
});

describe('usage against limits', () => {
  it('measures projects against maxProjects and storage against the plan', () => {
    const [projects, storage] = usageRows(PLANS.free.limits, { projects: 1, storageBytes: 25 * 1024 ** 2 });
    expect(projects).toEqual({ label: 'Projects', text: '1 / 1', percent: 100, over: false });
    expect(storage).toEqual({ label: 'Storage', text: '25 MB / 100 MB', percent: 25, over: false });
  });
  it('flags what is over the limit after a downgrade, and has no bar for unlimited projects', () => {
    const [projects, storage] = usageRows(PLANS.free.limits, { projects: 3, storageBytes: 150 * 1024 ** 2 });
    expect(projects).toMatchObject({ text: '3 / 1', percent: 100, over: true });
    expect(storage).toMatchObject({ percent: 100, over: true });
    const [pro] = usageRows(PLANS.pro.limits, { projects: 3, storageBytes: 0 });
    expect(pro).toEqual({ label: 'Projects', text: '3 / Unlimited', percent: null, over: false });
  });
  it('writes small stores in KB rather than 0 MB', () => {
    expect(formatUsageBytes(0)).toBe('0 MB');
    expect(formatUsageBytes(300)).toBe('1 KB');
    expect(formatUsageBytes(48 * 1024)).toBe('48 KB');
    expect(formatUsageBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });
  it('formats invoice amounts in their currency', () => {
    expect(formatMoney(1900, 'usd')).toBe('$19.00');
    expect(formatMoney(1900, 'EUR')).toBe('€19.00');
    expect(formatMoney(1900, 'xx')).toBe('19.00 XX');
  });
});

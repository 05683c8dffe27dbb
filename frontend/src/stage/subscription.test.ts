import { describe, expect, it } from 'vitest';
import { PLANS } from '@castbook/contracts';
import { formatBytes, isTrial, limitLines, planName, statusLabel } from './subscription';

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

import { describe, expect, it } from 'vitest';
import { PLANS } from '@castbook/contracts';
import { COMING_SOON_LINES, COMPARISON, FAQ, PLAN_ORDER } from './pricing-content';

const row = (label: string) => COMPARISON.find((r) => r.label === label)?.cells;

describe('pricing comparison', () => {
  it('lists Free, Pro and Enterprise in that order, one cell each per row', () => {
    expect(PLAN_ORDER.map((p) => p.id)).toEqual(['free', 'pro', 'enterprise']);
    for (const r of COMPARISON) expect(r.cells, r.label).toHaveLength(3);
  });

  it('states the catalogue of PRODUCT.md', () => {
    expect(row('Price per month')).toEqual(['$0', '$19', '$49']);
    expect(row('Free trial')).toEqual([false, '14 days', false]);
    expect(row('Projects')).toEqual(['1', 'Unlimited', 'Unlimited']);
    expect(row('Words per project')).toEqual(['100,000', '500,000', 'No limit']);
    expect(row('Storage')).toEqual(['100 MB', '10 GB', '100 GB']);
    expect(row('Character analysis')).toEqual([false, true, true]);
    expect(row('Voice samples per character')).toEqual([false, true, true]);
    expect(row('Support')).toEqual(['Community', 'Priority', 'Dedicated']);
    expect(row('Self-serve sign-up')).toEqual([true, true, false]);
  });

  it('labels what is not built yet as coming soon, and only lines the catalogue has', () => {
    const lines = new Set(PLAN_ORDER.flatMap((p) => p.features));
    for (const line of COMING_SOON_LINES) expect(lines.has(line), line).toBe(true);
    const soon = COMPARISON.filter((r) => r.soon).map((r) => r.label);
    // Voice samples (issue 17) and character analysis (issue 18) are built: no row is labelled.
    expect(soon).toEqual([]);
    expect(row('API access')).toEqual([false, false, 'Planned']);
  });

  it('answers the trial question with the catalogue’s trial length', () => {
    expect(FAQ.find((f) => f.q.includes('credit card'))?.a).toContain(`${PLANS.pro.trialDays} days`);
    expect(new Set(FAQ.map((f) => f.q)).size).toBe(FAQ.length);
  });
});

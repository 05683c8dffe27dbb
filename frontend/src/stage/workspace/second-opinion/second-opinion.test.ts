// The words the second opinion's dialog, box and toast use for a run.
import { describe, expect, it } from 'vitest';
import type { SecondOpinionJob } from '@castbook/contracts';
import { runSummary } from './use-second-opinion';
import { batchesLabel } from './SecondOpinion';

const job = (over: Partial<SecondOpinionJob>): SecondOpinionJob => ({
  id: 'j',
  status: 'running',
  model: 'm',
  threshold: 0.6,
  batchesDone: 0,
  batchesTotal: 1,
  quotesTotal: 3,
  changed: 0,
  agreed: 0,
  kept: 0,
  tokensUsed: 0,
  message: null,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
  ...over,
});

describe('second opinion texts', () => {
  it('counts batches and what changed, singular and plural', () => {
    expect(batchesLabel(job({ batchesDone: 0, batchesTotal: 1 }))).toBe('0 of 1 batch');
    expect(batchesLabel(job({ batchesDone: 2, batchesTotal: 6 }))).toBe('2 of 6 batches');
    expect(runSummary(job({ changed: 1, agreed: 2 }))).toBe('1 speaker changed, 2 speakers confirmed');
    expect(runSummary(job({ changed: 3, kept: 2 }))).toBe(
      '3 speakers changed, 0 speakers confirmed, 2 quotes left as they were',
    );
    expect(runSummary(job({ changed: 0, agreed: 1, kept: 1 }))).toBe(
      '0 speakers changed, 1 speaker confirmed, 1 quote left as it was',
    );
  });
});

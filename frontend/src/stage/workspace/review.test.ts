import { describe, expect, it } from 'vitest';
import type { Quote } from '@castbook/contracts';
import { reviewList, stepReview } from './review';

const q = (id: string, startOffset: number, speakerId: string | null, confidence: number): Quote => ({
  id,
  text: '',
  startOffset,
  endOffset: startOffset + 5,
  speakerId,
  confidence,
  attributionMethod: speakerId ? 'explicit' : 'none',
});

describe('review navigator', () => {
  const quotes = [q('late', 300, null, 0), q('ok', 50, 'a', 0.9), q('low', 100, 'a', 0.3), q('none', 200, null, 0)];
  const review = reviewList(quotes);

  it('lists unattributed and low-confidence quotes in reading order with counts', () => {
    expect(review.quotes.map((x) => x.id)).toEqual(['low', 'none', 'late']);
    expect(review.unattributed).toBe(2);
    expect(review.lowConfidence).toBe(1);
  });

  it('steps forward and back from a reading position, wrapping around', () => {
    expect(stepReview(review.quotes, 0, 1)?.id).toBe('low');
    expect(stepReview(review.quotes, 100, 1)?.id).toBe('none');
    expect(stepReview(review.quotes, 300, 1)?.id).toBe('low');
    expect(stepReview(review.quotes, 200, -1)?.id).toBe('low');
    expect(stepReview(review.quotes, 100, -1)?.id).toBe('late');
    expect(stepReview([], 0, 1)).toBeNull();
  });
});

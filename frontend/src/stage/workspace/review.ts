// The quotes that need a look: no speaker, or a speaker found with low confidence. The navigator
// steps through them in reading order.
import type { Quote } from '@castbook/contracts';

export const LOW_CONFIDENCE = 0.5;

export const isUnattributed = (q: Quote) => q.speakerId === null;
export const isLowConfidence = (q: Quote) => q.speakerId !== null && q.confidence < LOW_CONFIDENCE;
export const needsReview = (q: Quote) => isUnattributed(q) || isLowConfidence(q);

export interface ReviewList {
  /** In reading order. */
  quotes: Quote[];
  unattributed: number;
  lowConfidence: number;
}

export function reviewList(quotes: readonly Quote[]): ReviewList {
  const list = quotes.filter(needsReview).sort((a, b) => a.startOffset - b.startOffset);
  let unattributed = 0;
  for (const q of list) if (isUnattributed(q)) unattributed++;
  return { quotes: list, unattributed, lowConfidence: list.length - unattributed };
}

/**
 * The next (or previous) quote to review from the reading position `offset`: the first one starting
 * after it (the last one starting before it), wrapping around at the ends. Null when none.
 */
export function stepReview(list: readonly Quote[], offset: number, direction: 1 | -1): Quote | null {
  if (list.length === 0) return null;
  if (direction === 1) return list.find((q) => q.startOffset > offset) ?? list[0]!;
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.startOffset < offset) return list[i]!;
  return list[list.length - 1]!;
}

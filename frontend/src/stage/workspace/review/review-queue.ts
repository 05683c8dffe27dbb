// Review mode's state, pure so it is unit-tested: the loaded part of the queue, the quote on screen,
// the candidate the user picked for it, and the confirmed/total figures of the progress bar.
import type { ReviewItem, ReviewPage } from '../../../api/review-api';

export interface QueueState {
  items: ReviewItem[];
  /** The quote on screen; equal to items.length when the loaded queue is done. */
  index: number;
  /** The candidate picked with 1–9 for the quote on screen (its index), or null: the engine's guess. */
  picked: number | null;
  nextCursor: string | null;
  confirmed: number;
  total: number;
}

export const startQueue = (page: ReviewPage): QueueState => ({
  items: page.quotes,
  index: 0,
  picked: null,
  nextCursor: page.nextCursor,
  confirmed: page.confirmed,
  total: page.total,
});

/** The next page behind the loaded ones. Quotes already listed (resolved meanwhile or not) are skipped. */
export function appendPage(state: QueueState, page: ReviewPage): QueueState {
  const seen = new Set(state.items.map((i) => i.id));
  return {
    ...state,
    items: [...state.items, ...page.quotes.filter((q) => !seen.has(q.id))],
    nextCursor: page.nextCursor,
  };
}

export const current = (state: QueueState): ReviewItem | null => state.items[state.index] ?? null;

/** J/K: the next or previous quote, staying within the loaded queue. */
export function move(state: QueueState, direction: 1 | -1): QueueState {
  const index = Math.min(Math.max(state.index + direction, 0), Math.max(state.items.length - 1, 0));
  return index === state.index ? state : { ...state, index, picked: null };
}

/** 1–9: pick the n-th candidate (1-based); a number without a candidate changes nothing. */
export function pick(state: QueueState, n: number): QueueState {
  const item = current(state);
  if (!item || n < 1 || n > item.candidates.length) return state;
  return { ...state, picked: n - 1 };
}

/**
 * The speaker Enter confirms: the candidate picked, else the speaker the quote has, else the engine's
 * best candidate; null when there is nobody to confirm.
 */
export function guessOf(item: ReviewItem, picked: number | null): string | null {
  if (picked !== null && item.candidates[picked]) return item.candidates[picked].speakerId;
  return item.speakerId ?? item.candidates[0]?.speakerId ?? null;
}

/**
 * A quote the user settled leaves the queue: confirmed (one more confirmed) or "not dialog" (removed
 * from the book's quotes, so one fewer in all). The next quote takes its place on screen.
 */
export function resolve(state: QueueState, id: string, outcome: 'confirmed' | 'removed'): QueueState {
  const at = state.items.findIndex((i) => i.id === id);
  if (at < 0) return state;
  const items = state.items.filter((i) => i.id !== id);
  return {
    ...state,
    items,
    index: at < state.index ? state.index - 1 : Math.min(state.index, items.length),
    picked: null,
    confirmed: state.confirmed + (outcome === 'confirmed' ? 1 : 0),
    total: state.total - (outcome === 'removed' ? 1 : 0),
  };
}

/** Load the next page when the quote on screen is this close to the end of the loaded ones. */
export const PREFETCH_WITHIN = 5;
export const needsMore = (state: QueueState) =>
  state.nextCursor !== null && state.index >= state.items.length - PREFETCH_WITHIN;

export type ReviewAction =
  { kind: 'move'; direction: 1 | -1 } | { kind: 'pick'; n: number } | { kind: 'confirm' } | { kind: 'not-dialog' };

/** The review keys (Esc is the dialog's own close). Keys with Ctrl, Alt or Meta are the browser's. */
export function actionOfKey(e: { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean }) {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (key === 'j' || key === 'ArrowDown') return { kind: 'move', direction: 1 } satisfies ReviewAction;
  if (key === 'k' || key === 'ArrowUp') return { kind: 'move', direction: -1 } satisfies ReviewAction;
  if (key === 'Enter') return { kind: 'confirm' } satisfies ReviewAction;
  if (key === 'n') return { kind: 'not-dialog' } satisfies ReviewAction;
  if (/^[1-9]$/.test(key)) return { kind: 'pick', n: Number(key) } satisfies ReviewAction;
  return null;
}

export const percentOf = (confirmed: number, total: number) => (total > 0 ? (confirmed / total) * 100 : 100);

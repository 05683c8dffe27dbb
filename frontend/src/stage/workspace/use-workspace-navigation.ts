// Where the user is in the workspace: the phone's tab, the selected range (an outline item, a quote
// to review), the quote whose speaker picker is open, and jumping the viewer to an offset (on a
// phone, after switching to the text tab).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { OutlineItem, Quote } from '@castbook/contracts';
import type { ContentViewerHandle } from './ContentViewer';
import { stepReview, type ReviewList } from './review';
import type { Range } from './segments';

export type MobileTab = 'text' | 'outline' | 'characters';
export type Selection = Range & { label: string; itemId?: string };
export interface ActiveQuote {
  quote: Quote;
  /** The quote's element when clicked (the speaker picker opens on it); null when reached by stepping. */
  anchor: HTMLElement | null;
}

export function useWorkspaceNavigation(viewer: RefObject<ContentViewerHandle | null>, mobile: boolean) {
  const [tab, setTab] = useState<MobileTab>('text');
  const [selection, setSelection] = useState<Selection | null>(null);
  const [activeQuote, setActiveQuote] = useState<ActiveQuote | null>(null);
  const pendingScroll = useRef<number | null>(null);

  const jumpTo = useCallback(
    (offset: number) => {
      if (mobile && tab !== 'text') {
        pendingScroll.current = offset;
        setTab('text');
      } else viewer.current?.scrollToOffset(offset);
    },
    [mobile, tab, viewer],
  );
  useEffect(() => {
    if (tab === 'text' && pendingScroll.current !== null) {
      const offset = pendingScroll.current;
      pendingScroll.current = null;
      requestAnimationFrame(() => viewer.current?.scrollToOffset(offset));
    }
  }, [tab, viewer]);

  const selectOutline = useCallback(
    (item: OutlineItem) => {
      setSelection({ start: item.startOffset, end: item.endOffset, label: item.title, itemId: item.id });
      jumpTo(item.startOffset);
    },
    [jumpTo],
  );

  /** Selects a quote (not opening its picker) and scrolls the viewer to it. */
  const showQuote = useCallback(
    (range: Range, quote: Quote | null, label = 'Quote to review') => {
      setSelection({ start: range.start, end: range.end, label });
      setActiveQuote(quote ? { quote, anchor: null } : null);
      jumpTo(range.start);
    },
    [jumpTo],
  );

  /** The navigator's next/previous quote to review from the current position. */
  const step = (review: ReviewList, direction: 1 | -1) => {
    const from = activeQuote?.quote.startOffset ?? selection?.start ?? viewer.current?.topOffset() ?? 0;
    const q = stepReview(review.quotes, from, direction);
    if (q) showQuote({ start: q.startOffset, end: q.endOffset }, q);
  };

  const onQuoteClick = useCallback((quote: Quote, anchor: HTMLElement) => setActiveQuote({ quote, anchor }), []);
  const closeQuotePicker = useCallback(() => setActiveQuote((a) => (a ? { ...a, anchor: null } : a)), []);
  const clearSelection = useCallback(() => {
    setSelection(null);
    setActiveQuote(null);
  }, []);

  return {
    tab,
    setTab,
    selection,
    setSelection,
    activeQuote,
    jumpTo,
    selectOutline,
    showQuote,
    step,
    onQuoteClick,
    closeQuotePicker,
    clearSelection,
  };
}

export type WorkspaceNavigation = ReturnType<typeof useWorkspaceNavigation>;

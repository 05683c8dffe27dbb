// Review mode's queue: the first page when review opens, the next one before the user reaches the
// end, and the user's decisions saved through the workspace's own quote saving (passed in), one at a
// time so each save starts from the quotes the previous one left.
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchReviewPage, type ReviewItem } from '../../../api/review-api';
import {
  appendPage,
  current,
  guessOf,
  move,
  needsMore,
  pick,
  resolve,
  startQueue,
  type QueueState,
  type ReviewAction,
} from './review-queue';

export interface ReviewSaves {
  /** Sets the quote's speaker as the user's ('user'); false when the save failed (the workspace says so). */
  confirm(item: ReviewItem, speakerId: string): Promise<boolean>;
  /** Removes the quote from the book's quotes. */
  notDialog(item: ReviewItem): Promise<boolean>;
}

export function useReviewQueue(projectId: string, open: boolean, saves: ReviewSaves) {
  const [state, setState] = useState<QueueState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loadingMore = useRef(false);
  const latest = useRef(saves);
  latest.current = saves;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setState(null);
    setError(null);
    fetchReviewPage(projectId, null).then(
      (page) => live && setState(startQueue(page)),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [projectId, open]);

  // The next page, fetched while the user is still a few quotes from the end of this one.
  useEffect(() => {
    if (!open || !state || !needsMore(state) || loadingMore.current) return;
    loadingMore.current = true;
    fetchReviewPage(projectId, state.nextCursor)
      .then(
        (page) => setState((s) => (s ? appendPage(s, page) : s)),
        (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
      )
      .finally(() => {
        loadingMore.current = false;
      });
  }, [projectId, open, state]);

  const act = useCallback(
    async (action: ReviewAction) => {
      if (!state || busy) return;
      if (action.kind === 'move') return setState(move(state, action.direction));
      if (action.kind === 'pick') return setState(pick(state, action.n));
      const item = current(state);
      if (!item) return;
      const speakerId = action.kind === 'confirm' ? guessOf(item, state.picked) : null;
      if (action.kind === 'confirm' && !speakerId) return;
      setBusy(true);
      try {
        const ok =
          action.kind === 'confirm'
            ? await latest.current.confirm(item, speakerId!)
            : await latest.current.notDialog(item);
        if (ok) setState((s) => (s ? resolve(s, item.id, action.kind === 'confirm' ? 'confirmed' : 'removed') : s));
      } finally {
        setBusy(false);
      }
    },
    [state, busy],
  );

  return { state, error, busy, act };
}

import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `first` at once, then `step` more after each paint until
 * all are there. A book's cast can be hundreds of cards; rendering them all in the workspace's first
 * task delays the text the user came for (issue 19's "text in < 2 s"), while cards below the fold can
 * arrive a frame or two later without anyone seeing the difference.
 */
export function useProgressiveCount(total: number, first = 12, step = 12): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    // A macrotask after the frame: the browser paints what is there before the next batch renders.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      // A transition: React renders the batch in slices it can interrupt, so a keystroke or a click
      // that comes meanwhile is answered first instead of waiting behind a batch of cards.
      timer = window.setTimeout(() => startTransition(() => setShown((n) => Math.min(total, n + step))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [shown, total, step]);
  // A cast that grew (a character added, an analysis finished) shows at least `first` at once.
  return Math.min(total, Math.max(shown, first));
}

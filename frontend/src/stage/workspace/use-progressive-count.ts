import { useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `first` at once, then `step` more after each paint until
 * all are there. A book's cast can be hundreds of cards; rendering them all in the workspace's first
 * task delays the text the user came for (issue 19's "text in < 2 s"), while cards below the fold can
 * arrive a frame or two later without anyone seeing the difference.
 */
export function useProgressiveCount(total: number, first = 24, step = 48): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    // A macrotask after the frame: the browser paints what is there before the next batch renders.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setShown((n) => Math.min(total, n + step)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [shown, total, step]);
  // A cast that grew (a character added, an analysis finished) shows at least `first` at once.
  return Math.min(total, Math.max(shown, first));
}

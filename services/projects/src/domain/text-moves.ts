// Where the text of an old version is in a new one (issue 19, a revised manuscript): the quotes whose
// speaker the user set move with their paragraph however far it moved. Lines are compared with the
// `diff` library (Myers): every line the two versions share maps to its new place exactly; an offset
// in a changed stretch maps to where that stretch now starts, and the usual search near it
// (reanalysis.ts layUserQuotes) does the rest.
import { diffLines } from 'diff';

/** Beyond this a comparison gives up (a wholly different text): offsets stay, the search decides. */
const DIFF_TIMEOUT_MS = 3000;

interface Segment {
  oldStart: number;
  oldEnd: number;
  newStart: number;
  /** In both versions (else removed: its offsets go to where the change now starts). */
  kept: boolean;
}

export type OffsetMap = (oldOffset: number) => number;

export function textMoves(oldText: string, newText: string): OffsetMap {
  if (oldText === newText) return (o) => o;
  const changes = diffLines(oldText, newText, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return (o) => o;
  // Unchanged stretches, and changed ones as zero-length anchors at their new start.
  const segments: Segment[] = [];
  let oldPos = 0;
  let newPos = 0;
  for (const c of changes) {
    const n = c.value.length;
    if (c.added) newPos += n;
    else if (c.removed) {
      segments.push({ oldStart: oldPos, oldEnd: oldPos + n, newStart: newPos, kept: false });
      oldPos += n;
    } else {
      segments.push({ oldStart: oldPos, oldEnd: oldPos + n, newStart: newPos, kept: true });
      oldPos += n;
      newPos += n;
    }
  }
  return (offset) => {
    // The last segment starting at or before the offset (binary search: books have thousands).
    let lo = 0;
    let hi = segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid]!.oldStart <= offset) lo = mid;
      else hi = mid - 1;
    }
    const s = segments[lo];
    if (!s) return offset;
    return s.kept ? s.newStart + Math.min(offset - s.oldStart, s.oldEnd - s.oldStart) : s.newStart;
  };
}

// Filtering the viewer to one character's lines (issue 19): the lines become the viewer's blocks (a
// block is a range of the content, so a quote is one), headed by their chapter's title, with a count
// per chapter to jump by.
import type { OutlineItem, Quote } from '@castbook/contracts';
import type { TextBlock } from '../text-blocks';

export interface Chapter {
  id: string;
  title: string;
  startOffset: number;
  endOffset: number;
}

/** The outline's leaves (the chapters, or whatever its smallest unit is) in reading order. */
export function chaptersOf(outline: readonly OutlineItem[]): Chapter[] {
  const out: Chapter[] = [];
  const walk = (items: readonly OutlineItem[]) => {
    for (const i of items) {
      if (i.children.length) walk(i.children);
      else out.push({ id: i.id, title: i.title, startOffset: i.startOffset, endOffset: i.endOffset });
    }
  };
  walk(outline);
  return out.sort((a, b) => a.startOffset - b.startOffset);
}

/** The chapter holding `offset`, or null (front matter, or a text without an outline). */
export function chapterAt(chapters: readonly Chapter[], offset: number): Chapter | null {
  let lo = 0;
  let hi = chapters.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (chapters[mid]!.startOffset <= offset) lo = mid + 1;
    else hi = mid;
  }
  const c = chapters[lo - 1];
  return c && offset < c.endOffset ? c : null;
}

export interface ChapterCount {
  /** null: lines outside every chapter. */
  chapter: Chapter | null;
  count: number;
  /** Where its first line starts: what jumping to the chapter scrolls to. */
  firstOffset: number;
}

export interface CharacterLines {
  /** The character's lines in reading order. */
  quotes: Quote[];
  /** One block per line, for the viewer. */
  blocks: TextBlock[];
  /** A chapter's title before its first line (by the line's start offset). */
  labels: Map<number, string>;
  chapters: ChapterCount[];
}

/** The lines of `speakerId` among `ordered` (orderQuotes' reading order), grouped by chapter. */
export function characterLines(
  ordered: readonly Quote[],
  speakerId: string,
  chapters: readonly Chapter[],
): CharacterLines {
  const quotes = ordered.filter((q) => q.speakerId === speakerId);
  const blocks: TextBlock[] = [];
  const labels = new Map<number, string>();
  const counts: ChapterCount[] = [];
  for (const q of quotes) {
    blocks.push({ start: q.startOffset, end: q.endOffset });
    const chapter = chapterAt(chapters, q.startOffset);
    const last = counts[counts.length - 1];
    if (last && last.chapter === chapter) last.count++;
    else {
      counts.push({ chapter, count: 1, firstOffset: q.startOffset });
      if (chapter) labels.set(q.startOffset, chapter.title);
    }
  }
  return { quotes, blocks, labels, chapters: counts };
}

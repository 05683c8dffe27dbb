// detectStructure: the outline of a book (SPEC §3) from its plain text.
import type { OutlineItem, OutlineType } from '@castbook/contracts';
import { findBody } from './gutenberg.js';
import { HeadingScanner, type Heading } from './headings.js';
import { splitLines } from './lines.js';
import { rejectTableOfContents } from './toc.js';
import { buildTree } from './tree.js';

/** Bare numbered headings ("12" alone) count only in a run this long: one stray number is not a chapter. */
const MIN_NUMBERED_RUN = 3;

/**
 * Keeps numbered headings that count up (1, 2, 3, or restart at 1). Where the book also has
 * "Chapter" headings, numbers alone are the chapters' subdivisions.
 */
function numberedHeadings(headings: Heading[]): Heading[] {
  const numbered = headings.filter((h) => h.kind === 'numbered');
  const kept = new Set<Heading>();
  let last = 0;
  for (const h of numbered) {
    if (h.number === last + 1 || h.number === 1) {
      kept.add(h);
      last = h.number;
    }
  }
  if (kept.size < MIN_NUMBERED_RUN) kept.clear();
  const hasChapters = headings.some((h) => h.kind !== 'numbered' && h.type === 'chapter');
  return headings
    .filter((h) => h.kind !== 'numbered' || kept.has(h))
    .map((h) =>
      h.kind === 'numbered' && hasChapters
        ? { ...h, type: 'subsection' as const, title: h.title.replace(/^Chapter /, '') }
        : h,
    );
}

/**
 * Markdown headings without a keyword take their type from their depth: the deepest level holds
 * chapters, the one above parts, anything higher books.
 */
function typeMarkdown(headings: Heading[]): Heading[] {
  const depths = headings.filter((h) => h.depth !== undefined).map((h) => h.depth!);
  if (depths.length === 0) return headings;
  const deepest = Math.max(...depths);
  return headings.map((h) => {
    if (!h.untyped || h.depth === undefined) return h;
    const type: OutlineType = h.depth === deepest ? 'chapter' : h.depth === deepest - 1 ? 'part' : 'book';
    return { ...h, type };
  });
}

export function detectStructure(text: string): OutlineItem[] {
  const body = findBody(text);
  const lines = splitLines(text, body.start, body.end);
  const { headings, contentsLines } = new HeadingScanner(lines).scan();
  const typed = typeMarkdown(numberedHeadings(headings));
  const real = rejectTableOfContents(typed, lines, contentsLines);
  return buildTree(real, body.end);
}

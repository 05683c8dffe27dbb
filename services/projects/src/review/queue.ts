// The review queue of issue 19: the quotes the user has not confirmed (attributionMethod other than
// 'user'), least confident first, one page at a time, each with the text around it, the speakers the
// engine weighed with their probabilities and the evidence it gave. Pure: the route loads the project.
import type { Character, OutlineItem, Quote, ReviewItem, ReviewPage } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';
import { bookView } from '../exports/book.js';

export const REVIEW_LIMIT = { default: 50, max: 200 } as const;
/** Characters of text shown on each side of a quote, cut back to a word boundary. */
export const CONTEXT_CHARS = 300;
export const INVALID_REVIEW_CURSOR =
  'Invalid cursor: pass the nextCursor of the previous page, or none for the first page';

/** Where a page starts: after this (confidence, start, id) in the queue's order. */
interface Position {
  c: number;
  s: number;
  i: string;
}

const encode = (q: Quote): string =>
  Buffer.from(JSON.stringify({ c: q.confidence, s: q.startOffset, i: q.id })).toString('base64url');

function decode(cursor: string): Position {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, INVALID_REVIEW_CURSOR);
  }
  const { c, s, i } = (parsed ?? {}) as Record<string, unknown>;
  const valid =
    typeof c === 'number' && c >= 0 && c <= 1 && Number.isInteger(s) && (s as number) >= 0 && typeof i === 'string';
  if (!valid) throw new HttpError(400, INVALID_REVIEW_CURSOR);
  return { c, s: s as number, i };
}

/** The queue's order: least confident first, then in reading order. */
const before = (a: Position, b: Position) => a.c - b.c || a.s - b.s || (a.i < b.i ? -1 : a.i > b.i ? 1 : 0);
const positionOf = (q: Quote): Position => ({ c: q.confidence, s: q.startOffset, i: q.id });

/** Up to `chars` characters of `text` ending at `end` (or starting at `start`), whole words only. */
function around(content: string, start: number, end: number): { before: string; after: string } {
  let from = Math.max(0, start - CONTEXT_CHARS);
  if (from > 0) from = content.indexOf(' ', from) + 1 || from;
  let to = Math.min(content.length, end + CONTEXT_CHARS);
  if (to < content.length) to = content.lastIndexOf(' ', to) > end ? content.lastIndexOf(' ', to) : to;
  return { before: content.slice(from, start), after: content.slice(end, to) };
}

export function reviewPage(
  project: { title: string; outline: OutlineItem[]; characters: Character[]; quotes: Quote[] },
  content: string,
  query: { limit: number; cursor?: string },
): ReviewPage {
  const after = query.cursor === undefined ? undefined : decode(query.cursor);
  const book = bookView({ ...project, content });
  const open = book.lines
    .filter((l) => l.quote.attributionMethod !== 'user')
    .sort((a, b) => before(positionOf(a.quote), positionOf(b.quote)));
  const start = after ? open.findIndex((l) => before(positionOf(l.quote), after) > 0) : 0;
  const page = start < 0 ? [] : open.slice(start, start + query.limit);
  const name = (id: string | null) => (id === null ? null : (book.byId.get(id)?.name ?? null));
  const quotes = page.map(({ quote, chapter }): ReviewItem => ({
    id: quote.id,
    text: quote.text,
    startOffset: quote.startOffset,
    endOffset: quote.endOffset,
    chapter: book.chapters[chapter]!.title,
    speakerId: quote.speakerId,
    speakerName: name(quote.speakerId),
    confidence: quote.confidence,
    attributionMethod: quote.attributionMethod,
    candidates: (quote.candidates ?? []).map((c) => ({ ...c, name: name(c.speakerId) })),
    evidence: quote.evidence ?? [],
    context: around(content, quote.startOffset, quote.endOffset),
  }));
  const more = start >= 0 && start + query.limit < open.length;
  return {
    quotes,
    nextCursor: more && page.length ? encode(page.at(-1)!.quote) : null,
    confirmed: book.lines.length - open.length,
    total: book.lines.length,
  };
}

// dismissed_quotes: the quotations the user marked "not dialog" (issue 19), which re-analysis does not
// bring back (reanalysis.ts dropDismissed). The only place its SQL lives.
import type { Queryable } from '@castbook/platform';
import type { DismissedQuote } from '../domain/reanalysis.js';
import type { OffsetMap } from '../domain/text-moves.js';

/** Records quotes the user removed; one removed again at the same place replaces the old row. */
export async function addDismissedQuotes(db: Queryable, projectId: string, given: DismissedQuote[]): Promise<void> {
  // One row per place (an upsert may not touch a row twice; a list may hold a place twice).
  const quotes = [...new Map(given.map((q) => [`${q.startOffset}:${q.endOffset}`, q])).values()];
  if (quotes.length === 0) return;
  await db.query(
    `INSERT INTO dismissed_quotes (project_id, start_offset, end_offset, text)
     SELECT $1, s, e, t FROM unnest($2::int[], $3::int[], $4::text[]) AS d(s, e, t)
     ON CONFLICT (project_id, start_offset, end_offset) DO UPDATE SET text = EXCLUDED.text`,
    [projectId, quotes.map((q) => q.startOffset), quotes.map((q) => q.endOffset), quotes.map((q) => q.text)],
  );
}

/** Forgets the dismissals of quotes the user put back (same place). */
export async function removeDismissedQuotes(db: Queryable, projectId: string, quotes: DismissedQuote[]): Promise<void> {
  if (quotes.length === 0) return;
  await db.query(
    `DELETE FROM dismissed_quotes d USING unnest($2::int[], $3::int[]) AS r(s, e)
     WHERE d.project_id = $1 AND d.start_offset = r.s AND d.end_offset = r.e`,
    [projectId, quotes.map((q) => q.startOffset), quotes.map((q) => q.endOffset)],
  );
}

export async function findDismissedQuotes(db: Queryable, projectId: string): Promise<DismissedQuote[]> {
  const { rows } = await db.query<{ start_offset: number; end_offset: number; text: string }>(
    'SELECT start_offset, end_offset, text FROM dismissed_quotes WHERE project_id = $1 ORDER BY start_offset',
    [projectId],
  );
  return rows.map((r) => ({ startOffset: r.start_offset, endOffset: r.end_offset, text: r.text }));
}

/** A text replaced: each dismissal moves to where its place is in the new text (`moved`). */
export async function moveDismissedQuotes(db: Queryable, projectId: string, moved: OffsetMap): Promise<void> {
  const held = await findDismissedQuotes(db, projectId);
  if (held.length === 0) return;
  await db.query('DELETE FROM dismissed_quotes WHERE project_id = $1', [projectId]);
  await addDismissedQuotes(
    db,
    projectId,
    held.map((d) => {
      const startOffset = moved(d.startOffset);
      return { ...d, startOffset, endOffset: startOffset + d.text.length };
    }),
  );
}

// Answers of the speaker edits over many lines (issue 19; services/projects README, "Speaker edits
// over many lines"): the proposal of POST /api/projects/{id}/quotes/{quoteId}/spread and the casting
// breakdown of GET /api/projects/{id}/breakdown. Declared once here for the projects service (its
// response schemas and domain) and the browser (the spread offer, the breakdown chart).
import { z } from 'zod';

export const spreadChange = z.object({
  quoteId: z.string(),
  startOffset: z.number().int(),
  excerpt: z.string(),
  fromSpeakerId: z.string().nullable(),
  toSpeakerId: z.string().nullable(),
  /** The engine's confidence in the new speaker. */
  confidence: z.number(),
});
export type SpreadChange = z.infer<typeof spreadChange>;

export const spreadProposal = z.object({
  /** The project's text version the proposal was made on: applying it on another is a 409. */
  contentVersion: z.number().int().describe('Send it back to apply: another text version is a 409'),
  startOffset: z.number().int(),
  endOffset: z.number().int(),
  /** Quotes of the conversation (the fixed one and the user's own included). */
  conversationQuotes: z.number().int(),
  changes: z.array(spreadChange),
});
export type SpreadProposal = z.infer<typeof spreadProposal>;

export const breakdownEntry = z.object({
  /** null for the unattributed quotes. */
  characterId: z.string().nullable(),
  name: z.string(),
  color: z.string().nullable(),
  lines: z.number().int(),
  words: z.number().int(),
  /** Chapters where the entry speaks, in order; `chapter` is 1-based, as breakdown.csv numbers them. */
  perChapter: z.array(z.object({ chapter: z.number().int(), lines: z.number().int(), words: z.number().int() })),
});
export type BreakdownEntry = z.infer<typeof breakdownEntry>;

export const breakdown = z.object({
  chapters: z.array(z.object({ number: z.number().int(), title: z.string() })),
  entries: z.array(breakdownEntry),
});
export type Breakdown = z.infer<typeof breakdown>;

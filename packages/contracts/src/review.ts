// The review queue of issue 19 (GET /api/projects/{id}/review): one page of the quotes the user has
// not confirmed, least confident first. Declared once here for the projects service (its response
// schema) and the browser (its review mode).
import { z } from 'zod';
import { attributionMethod } from './entities.js';

export const reviewCandidate = z.object({
  speakerId: z.string(),
  /** Null when the engine named a speaker the cast no longer has. */
  name: z.string().nullable(),
  probability: z.number().min(0).max(1),
});
export type ReviewCandidate = z.infer<typeof reviewCandidate>;

export const reviewItem = z.object({
  id: z.string(),
  text: z.string(),
  startOffset: z.number().int().min(0),
  endOffset: z.number().int().min(0),
  chapter: z.string().describe('The title of the chapter holding it'),
  speakerId: z.string().nullable(),
  speakerName: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  attributionMethod,
  candidates: z
    .array(reviewCandidate)
    .describe('The speakers the engine weighed, best first, with their probabilities'),
  evidence: z.array(z.string()).describe("What decided the speaker (the engine's strongest features)"),
  context: z.object({ before: z.string(), after: z.string() }).describe('The text around the quote'),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewQueuePage = z.object({
  quotes: z.array(reviewItem),
  /** The next page's cursor (opaque), or null on the last page. */
  nextCursor: z.string().nullable(),
  confirmed: z.number().int().min(0).describe("Quotes the user has confirmed (attributionMethod 'user')"),
  total: z.number().int().min(0),
});
export type ReviewPage = z.infer<typeof reviewQueuePage>;

// A second opinion on doubtful speakers (issue 18, Pro with a language model configured): the quotes
// the engine was unsure of are asked of the model in batches; its answers are stored as
// attributionMethod 'ai'. Declared once here for the projects service (its route schemas) and the
// browser (the workspace's dialog).
import { z } from 'zod';
import { tokenUsage } from './character-analysis.js';

/** Quotes under this confidence are doubtful unless the request says otherwise. */
export const SECOND_OPINION_DEFAULT_THRESHOLD = 0.6;

export const secondOpinionRequest = z.strictObject({
  /** Quotes whose confidence is under this (and whose speaker the user did not set) are asked about. */
  threshold: z.number().gt(0).max(1).optional(),
});
export type SecondOpinionRequest = z.infer<typeof secondOpinionRequest>;

/** What a run would send and cost, before the user confirms it. */
export const secondOpinionEstimate = z.object({
  model: z.string(),
  threshold: z.number(),
  /** Doubtful quotes that will be asked about (with at least two candidate speakers). */
  quotes: z.number().int().nonnegative(),
  batches: z.number().int().nonnegative(),
  /** Batches whose answer is already cached (asked before with the same prompt and model): free. */
  cachedBatches: z.number().int().nonnegative(),
  /** Tokens the uncached batches will take, prompt and answer, counted with the o200k tokenizer. */
  tokens: z.number().int().nonnegative(),
  usage: tokenUsage,
  /** tokens / usage.tokenBudget (0.02 = 2 % of the monthly budget). */
  budgetShare: z.number().nonnegative(),
  /** Whether the tokens fit in what is left of this month's budget (a run is refused otherwise). */
  fitsBudget: z.boolean(),
});
export type SecondOpinionEstimate = z.infer<typeof secondOpinionEstimate>;

export const secondOpinionStatus = z.enum(['running', 'completed', 'cancelled', 'failed']);
export type SecondOpinionStatus = z.infer<typeof secondOpinionStatus>;

export const secondOpinionJob = z.object({
  id: z.string(),
  status: secondOpinionStatus,
  model: z.string(),
  threshold: z.number(),
  batchesDone: z.number().int().nonnegative(),
  batchesTotal: z.number().int().nonnegative(),
  quotesTotal: z.number().int().nonnegative(),
  /** Quotes the model gave another speaker than the engine's. */
  changed: z.number().int().nonnegative(),
  /** Quotes the model gave the engine's speaker (now 'ai' with the model's confidence). */
  agreed: z.number().int().nonnegative(),
  /** Quotes left as they were: set by the user meanwhile, moved, or the model named none of the candidates. */
  kept: z.number().int().nonnegative(),
  tokensUsed: z.number().int().nonnegative(),
  /** Why it failed or stopped (a provider error, the budget, the text changed, cancelled by the user). */
  message: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SecondOpinionJob = z.infer<typeof secondOpinionJob>;

/** GET …/second-opinion: the provider (null when none is configured) and the project's latest run. */
export const secondOpinionState = z.object({
  provider: z.object({ model: z.string() }).nullable(),
  job: secondOpinionJob.nullable(),
});
export type SecondOpinionState = z.infer<typeof secondOpinionState>;

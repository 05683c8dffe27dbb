// Character analysis (SPEC §7, issue 18): the SPEC's five fields, plus what the analysis was made
// from and what a narrator needs. `source` says who wrote it: 'built-in' is counted from the
// project's own data (never prose), 'ai' comes from the configured language model.
import { z } from 'zod';
import { characterAnalysis } from './entities.js';

export const analysisLine = z.object({
  text: z.string(),
  startOffset: z.number().int().nonnegative(),
  endOffset: z.number().int().nonnegative(),
});
export type AnalysisLine = z.infer<typeof analysisLine>;

const counted = z.object({ word: z.string(), count: z.number().int().positive() });

export const characterAnalysisDetail = characterAnalysis.extend({
  characterId: z.string(),
  source: z.enum(['built-in', 'ai']),
  /** The model that wrote an 'ai' analysis. */
  model: z.string().optional(),
  /** The chapters (outline titles) whose text the analysis read or counted. */
  chaptersRead: z.array(z.string()),
  createdAt: z.string(),
  stats: z.object({
    lines: z.number().int().nonnegative(),
    words: z.number().int().nonnegative(),
    mentions: z.number().int().nonnegative(),
    chaptersPresent: z.array(z.string()),
    chapterCount: z.number().int().nonnegative(),
    /** The first line or mention of the character: its offset and the chapter it falls in. */
    firstAppearance: z.object({ offset: z.number().int().nonnegative(), chapter: z.string().nullable() }).nullable(),
    /** Characters it exchanges lines with, most first (consecutive lines by the two, close together). */
    talksWith: z.array(z.object({ characterId: z.string(), name: z.string(), exchanges: z.number().int().positive() })),
    speechVerbs: z.array(counted),
    adverbs: z.array(counted),
  }),
  narrator: z.object({
    speechHabits: z.array(z.string()),
    /** Only what the data (or the model) supports; absent otherwise. */
    voiceDirection: z
      .object({
        age: z.string().optional(),
        accent: z.string().optional(),
        register: z.string().optional(),
        pace: z.string().optional(),
        volume: z.string().optional(),
      })
      .optional(),
    representativeLines: z.array(analysisLine).max(3),
  }),
});
export type CharacterAnalysisDetail = z.infer<typeof characterAnalysisDetail>;

/** A Pro user's language-model tokens this month (UTC), answered beside the analyses when a model is configured. */
export const tokenUsage = z.object({
  month: z.string().describe('YYYY-MM'),
  tokensUsed: z.number().int().nonnegative(),
  tokenBudget: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof tokenUsage>;

/** POST /api/projects/{id}/character-analysis. */
export const CHARACTER_ANALYSIS_MAX_IDS = 50;
export const characterAnalysisRequest = z.strictObject({
  characterIds: z.array(z.string().min(1).max(200)).min(1).max(CHARACTER_ANALYSIS_MAX_IDS),
  /** Compute again even when a stored analysis of the same data exists. */
  refresh: z.boolean().optional(),
});

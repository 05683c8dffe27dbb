// The AI character analysis (issue 18, Pro with a provider configured): the passages around the
// character's lines and mentions, chosen within a token budget and spread over the chapters, go to the
// language model with a JSON schema; its validated answer fills the SPEC fields and the narrator's
// voice direction. Counts and representative lines stay the built-in ones (offsets are facts, not
// something to ask a model for). Answers are cached by prompt hash, model and prompt version, so the
// same request is never paid twice; tokens count toward the user's monthly budget.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Character, CharacterAnalysisDetail, TokenUsage } from '@castbook/contracts';
import type { AnalysisInput, Chapter } from './builtin.js';
import { chapterAt, chaptersOf, mentionOffsets } from './builtin.js';
import type { LlmProvider, StructuredAnswer, Usage } from './llm.js';

/** Bump when the prompt or the schema changes: cached answers of the old prompt are not reused. */
export const PROMPT_VERSION = 1;
/** Rough size of a token in characters of English prose (no tokenizer for every model; a budget, not a bill). */
export const CHARS_PER_TOKEN = 4;
/** Characters of context on each side of a line or mention, widened to whole paragraphs. */
const CONTEXT = 300;
const MAX_PASSAGE = 1_500;

/** Said, not blank. A refinement, not minLength: strict json_schema modes do not all take minLength. */
const said = z.string().refine((s) => s.trim() !== '', 'must not be blank');
export const aiAnswer = z.strictObject({
  summary: said,
  personality: said,
  arc: said,
  relationships: z.array(z.strictObject({ character: said, relation: said })),
  motivation: said,
  voiceDirection: z.strictObject({ age: z.string(), accent: z.string(), register: z.string(), pace: z.string() }),
  speechHabits: z.array(z.string()),
});
export type AiAnswer = z.infer<typeof aiAnswer>;

export interface Passage {
  start: number;
  end: number;
  chapter: string | null;
}

/**
 * The passages to send: a window of whole paragraphs around each anchor (the character's lines and
 * mentions) within its chapter, overlapping windows of a chapter merged. Over the budget, chapters take turns (one passage each, in
 * order, round after round) so a long book is read across its length, not just its opening. Answers the
 * passages in text order and the chapters they come from.
 */
export function selectPassages(
  text: string,
  chapters: Chapter[],
  anchors: number[],
  budgetTokens: number,
): { passages: Passage[]; chaptersRead: string[] } {
  const windows: Passage[] = [];
  for (const at of [...anchors].sort((a, b) => a - b)) {
    let start = text.lastIndexOf('\n\n', Math.max(0, at - CONTEXT));
    start = start < 0 ? 0 : start + 2;
    let end = text.indexOf('\n\n', Math.min(text.length, at + CONTEXT));
    end = end < 0 ? text.length : end;
    // Within the anchor's chapter: a passage about one chapter's scene does not run into the next.
    const chapter = chapterAt(chapters, at);
    start = Math.max(start, at - MAX_PASSAGE / 2, chapter?.startOffset ?? 0);
    end = Math.min(end, Math.max(at + MAX_PASSAGE / 2, start + 1), chapter?.endOffset ?? text.length);
    const last = windows.at(-1);
    const title = chapter?.title ?? null;
    if (last && last.chapter === title && start <= last.end) last.end = Math.max(last.end, end);
    else windows.push({ start, end, chapter: title });
  }
  const budget = budgetTokens * CHARS_PER_TOKEN;
  let picked: Passage[] = windows;
  if (windows.reduce((n, w) => n + w.end - w.start, 0) > budget) {
    const byChapter = new Map<string | null, Passage[]>();
    for (const w of windows) byChapter.set(w.chapter, [...(byChapter.get(w.chapter) ?? []), w]);
    const queues = [...byChapter.values()];
    picked = [];
    let used = 0;
    for (let round = 0, added = true; added; round++) {
      added = false;
      for (const queue of queues) {
        const w = queue[round];
        if (!w) continue;
        added = true;
        if (used + (w.end - w.start) > budget) continue;
        picked.push(w);
        used += w.end - w.start;
      }
    }
    picked.sort((a, b) => a.start - b.start);
  }
  // Every chapter some of whose text is sent (a merged passage can run over a chapter's end).
  const chaptersRead = chapters
    .filter((c) => picked.some((p) => p.start < c.endOffset && p.end > c.startOffset))
    .map((c) => c.title);
  return { passages: picked, chaptersRead };
}

export interface Prompt {
  system: string;
  user: string;
  chaptersRead: string[];
}

export function buildPrompt(
  input: AnalysisInput & { title: string },
  character: Character,
  budgetTokens: number,
): Prompt {
  const chapters = chaptersOf(input.outline);
  const anchors = [
    ...input.quotes.filter((q) => q.speakerId === character.id).map((q) => q.startOffset),
    ...mentionOffsets(input.text, character),
  ];
  const { passages, chaptersRead } = selectPassages(input.text, chapters, anchors, budgetTokens);
  const others = input.characters.filter((c) => c.id !== character.id).map((c) => c.name);
  const aka = character.alternativeNames.length > 0 ? ` (also called ${character.alternativeNames.join(', ')})` : '';
  const system =
    'You analyse one character of a book for the narrator of its audiobook. Use only the passages given; ' +
    'when they do not show something, say so instead of guessing. relationships: the other characters of ' +
    'the book the character has a relation with, each with the relation. voiceDirection: age, accent, ' +
    'register and pace as a narrator would voice them. speechHabits: how the character talks.';
  const body = passages
    .map((p) => `[${p.chapter ?? 'No chapter'}, at ${p.start}]\n${input.text.slice(p.start, p.end)}`)
    .join('\n\n---\n\n');
  const user =
    `Book: ${input.title}\nCharacter: ${character.name}${aka}\n` +
    `Other characters: ${others.join(', ') || 'none'}\n` +
    `Passages (from ${chaptersRead.length} chapter(s): ${chaptersRead.join('; ') || 'none'}):\n\n${body}`;
  return { system, user, chaptersRead };
}

/** The cache key of a prompt: its text, the model and the prompt version. */
export function cacheKey(prompt: Prompt, model: string): string {
  return createHash('sha256').update(`v${PROMPT_VERSION}\n${model}\n${prompt.system}\n${prompt.user}`).digest('hex');
}

/** An answer as the character's analysis, with the built-in counts and lines beside it. */
export function toDetail(
  answer: AiAnswer,
  model: string,
  chaptersRead: string[],
  builtIn: CharacterAnalysisDetail,
): CharacterAnalysisDetail {
  const direction = Object.fromEntries(Object.entries(answer.voiceDirection).filter(([, v]) => v.trim() !== ''));
  return {
    ...builtIn,
    source: 'ai',
    model,
    summary: answer.summary,
    personality: answer.personality,
    arc: answer.arc,
    relationships:
      answer.relationships.length === 0
        ? 'No relations to other characters in the passages read.'
        : answer.relationships.map((r) => `${r.character}: ${r.relation}`).join('; '),
    motivation: answer.motivation,
    chaptersRead,
    narrator: {
      speechHabits: answer.speechHabits,
      ...(Object.keys(direction).length > 0 ? { voiceDirection: direction } : {}),
      representativeLines: builtIn.narrator.representativeLines,
    },
  };
}

/** Where answers are cached and tokens counted (the service's database). */
export interface AiStore {
  cached(key: string): Promise<{ value: AiAnswer; model: string } | undefined>;
  cache(key: string, answer: StructuredAnswer<AiAnswer>): Promise<void>;
  /** Tokens the user spent this month. */
  spent(userId: string, month: string): Promise<number>;
  spend(userId: string, month: string, tokens: number): Promise<void>;
}

export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

export class AiAnalyst {
  constructor(
    readonly provider: LlmProvider,
    private readonly store: AiStore,
    private readonly options: { monthlyTokens: number; passageTokens: number },
  ) {}

  get model(): string {
    return this.provider.model;
  }

  async usage(userId: string, now = new Date()): Promise<TokenUsage> {
    const month = monthOf(now);
    return { month, tokensUsed: await this.store.spent(userId, month), tokenBudget: this.options.monthlyTokens };
  }

  /**
   * The AI analysis, from the cache when the same prompt was answered before (no tokens spent), else
   * from the provider; `undefined` when the user's monthly budget is used up. Provider failures throw.
   */
  async analyse(
    userId: string,
    input: AnalysisInput & { title: string },
    character: Character,
    builtIn: CharacterAnalysisDetail,
    signal?: AbortSignal,
  ): Promise<CharacterAnalysisDetail | undefined> {
    const prompt = buildPrompt(input, character, this.options.passageTokens);
    const key = cacheKey(prompt, this.provider.model);
    const hit = await this.store.cached(key);
    if (hit) return toDetail(hit.value, hit.model, prompt.chaptersRead, builtIn);
    const month = monthOf(new Date());
    if ((await this.store.spent(userId, month)) >= this.options.monthlyTokens) return undefined;
    let answer: StructuredAnswer<AiAnswer>;
    try {
      answer = await this.provider.complete({
        name: 'character_analysis',
        schema: aiAnswer,
        system: prompt.system,
        user: prompt.user,
        signal,
      });
    } catch (err) {
      // A reply that never validated was still paid for.
      const usage = (err as { usage?: Usage }).usage;
      if (usage?.totalTokens) await this.store.spend(userId, month, usage.totalTokens);
      throw err;
    }
    await this.store.spend(userId, month, answer.usage.totalTokens);
    await this.store.cache(key, answer);
    return toDetail(answer.value, answer.model, prompt.chaptersRead, builtIn);
  }
}

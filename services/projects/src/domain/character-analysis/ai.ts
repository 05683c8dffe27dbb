// The AI character analysis (issue 18, Pro with a provider configured): the passages around the
// character's lines and mentions go to the language model with a JSON schema; its validated answer
// fills the SPEC fields and the narrator's voice direction. Passages that fit the token budget go in one
// request; a longer book is read in parts (map: notes on each part, in text order), then the notes
// are turned into the analysis (reduce). Counts and representative lines stay the built-in ones (offsets are facts, not
// something to ask a model for). Answers are cached by prompt hash, model and prompt version, so the
// same request is never paid twice; tokens count toward the user's monthly budget.
import { z } from 'zod';
import type { Character, CharacterAnalysisDetail, TokenUsage } from '@castbook/contracts';
import type { AnalysisInput, Chapter } from './builtin.js';
import { chapterAt, chaptersOf, mentionOffsets } from './builtin.js';
import type { LlmProvider } from './llm.js';
import { ModelCalls, type AiStore, type Prompt } from './model-calls.js';

export type { AiStore, Prompt } from './model-calls.js';

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
    // First, last, middle, quarters…: a budget that runs out mid-round has still spanned the book.
    const all = [...byChapter.values()];
    const queues = spreadOrder(all.length).map((i) => all[i]!);
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

/** At most this many parts (map requests) for one character; past that the passages are sampled first. */
export const MAX_PARTS = 6;

/** The notes taken on one part of a long book (map), turned into the analysis afterwards (reduce). */
export const passageNotes = z.strictObject({
  observations: z.array(said),
  relationships: z.array(z.strictObject({ character: said, relation: said })),
});
export type PassageNotes = z.infer<typeof passageNotes>;

/** What is read of the book for one character: a header naming them, the parts, the chapters read. */
export interface Reading {
  header: string;
  parts: { body: string; chapters: string[] }[];
  chaptersRead: string[];
}

/** 0…n-1 as first, last, then the middles of the gaps left, breadth first: 0, 8, 4, 2, 6, 1, 3, 5, 7. */
export function spreadOrder(n: number): number[] {
  if (n <= 0) return [];
  const order = n === 1 ? [0] : [0, n - 1];
  const gaps: [number, number][] = [[0, n - 1]];
  while (gaps.length > 0) {
    const [a, b] = gaps.shift()!;
    if (b - a < 2) continue;
    const mid = (a + b) >> 1;
    order.push(mid);
    gaps.push([a, mid], [mid, b]);
  }
  return order;
}

/** Passages in text order, cut into parts of at most `budget` characters (a longer passage alone). */
function packParts(passages: Passage[], budget: number): Passage[][] {
  const groups: Passage[][] = [];
  let size = Infinity;
  for (const p of passages) {
    if (size + (p.end - p.start) > budget) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(p);
    size += p.end - p.start;
  }
  return groups;
}

const chaptersOfPassages = (chapters: Chapter[], passages: Passage[]) =>
  chapters.filter((c) => passages.some((p) => p.start < c.endOffset && p.end > c.startOffset)).map((c) => c.title);

/**
 * The passages around the character's lines and mentions. Within the budget: one part. Over it: the
 * passages of up to MAX_PARTS budgets (sampled over the chapters when even those do not hold them
 * all), cut in text order into parts of one budget each.
 */
export function readCharacter(
  input: AnalysisInput & { title: string },
  character: Character,
  budgetTokens: number,
): Reading {
  const chapters = chaptersOf(input.outline);
  const anchors = [
    ...input.quotes.filter((q) => q.speakerId === character.id).map((q) => q.startOffset),
    ...mentionOffsets(input.text, character),
  ];
  const budget = budgetTokens * CHARS_PER_TOKEN;
  // Passages do not pack parts exactly: with fewer tokens sampled each round, until the parts fit.
  let passages: Passage[] = [];
  let groups: Passage[][] = [];
  for (let total = budgetTokens * MAX_PARTS; groups.length === 0 || groups.length > MAX_PARTS; total *= 0.8) {
    passages = selectPassages(input.text, chapters, anchors, total).passages;
    groups = packParts(passages, budget);
    if (passages.length <= 1) break;
  }
  const others = input.characters.filter((c) => c.id !== character.id).map((c) => c.name);
  const aka = character.alternativeNames.length > 0 ? ` (also called ${character.alternativeNames.join(', ')})` : '';
  return {
    header:
      `Book: ${input.title}\nCharacter: ${character.name}${aka}\n` +
      `Other characters: ${others.join(', ') || 'none'}\n`,
    parts: groups.map((group) => ({
      body: group
        .map((p) => `[${p.chapter ?? 'No chapter'}, at ${p.start}]\n${input.text.slice(p.start, p.end)}`)
        .join('\n\n---\n\n'),
      chapters: chaptersOfPassages(chapters, group),
    })),
    chaptersRead: chaptersOfPassages(chapters, passages),
  };
}

const ANALYSIS_SYSTEM =
  'You analyse one character of a book for the narrator of its audiobook. Use only what you are given; ' +
  'when it does not show something, say so instead of guessing. relationships: the other characters of ' +
  'the book the character has a relation with, each with the relation. voiceDirection: age, accent, ' +
  'register and pace as a narrator would voice them. speechHabits: how the character talks.';

/** One request for the whole analysis (the passages fit one part). */
export function singlePrompt(reading: Reading): Prompt {
  const part = reading.parts[0];
  const chapters = reading.chaptersRead;
  return {
    system: ANALYSIS_SYSTEM,
    user:
      `${reading.header}` +
      `Passages (from ${chapters.length} chapter(s): ${chapters.join('; ') || 'none'}):\n\n${part?.body ?? ''}`,
  };
}

/** Map: notes on part `i` of a long book. */
export function mapPrompt(reading: Reading, i: number): Prompt {
  const part = reading.parts[i]!;
  return {
    system:
      'You take notes on one character of a book from some of its passages, for an analysis written later ' +
      'from the notes on every part of the book. observations: what these passages show about the character ' +
      '(personality, goals, how they change, how they speak), each a short sentence naming its chapter. ' +
      'relationships: the other characters the character has a relation with here, each with the relation. ' +
      'Use only the passages given.',
    user:
      `${reading.header}` +
      `Passages, part ${i + 1} of ${reading.parts.length} (${part.chapters.join('; ') || 'no chapter'}):\n\n${part.body}`,
  };
}

/** Reduce: the analysis from the notes on every part, in text order. */
export function reducePrompt(reading: Reading, notes: PassageNotes[]): Prompt {
  const parts = notes.map((n, i) => {
    const lines = [
      ...n.observations.map((o) => `- ${o}`),
      ...n.relationships.map((r) => `- ${r.character}: ${r.relation}`),
    ];
    return `Part ${i + 1} (${reading.parts[i]!.chapters.join('; ') || 'no chapter'}):\n${lines.join('\n') || '- nothing'}`;
  });
  return {
    system: `${ANALYSIS_SYSTEM} You are given notes taken on passages from across the book, part by part in reading order.`,
    user: `${reading.header}Notes on ${reading.chaptersRead.length} chapter(s):\n\n${parts.join('\n\n')}`,
  };
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

export class AiAnalyst {
  private readonly calls: ModelCalls;

  constructor(
    readonly provider: LlmProvider,
    store: AiStore,
    private readonly options: { monthlyTokens: number; passageTokens: number },
  ) {
    this.calls = new ModelCalls(provider, store, options.monthlyTokens);
  }

  get model(): string {
    return this.provider.model;
  }

  usage(userId: string, now = new Date()): Promise<TokenUsage> {
    return this.calls.usage(userId, now);
  }

  /**
   * The AI analysis: one request, or for a long book one per part and one to bring the notes together.
   * Each request is answered from the cache when the same prompt was answered before (no tokens spent).
   * `undefined` when the user's monthly budget is used up before a request. Provider failures throw.
   */
  async analyse(
    userId: string,
    input: AnalysisInput & { title: string },
    character: Character,
    builtIn: CharacterAnalysisDetail,
    signal?: AbortSignal,
  ): Promise<CharacterAnalysisDetail | undefined> {
    const reading = readCharacter(input, character, this.options.passageTokens);
    const ask = <T>(name: string, schema: z.ZodType<T>, prompt: Prompt) =>
      this.calls.ask({ userId, name, schema, prompt, version: String(PROMPT_VERSION), signal });
    let prompt: Prompt;
    if (reading.parts.length <= 1) prompt = singlePrompt(reading);
    else {
      const notes: PassageNotes[] = [];
      for (let i = 0; i < reading.parts.length; i++) {
        const part = await ask('passage_notes', passageNotes, mapPrompt(reading, i));
        if (!part) return undefined;
        notes.push(part.value);
      }
      prompt = reducePrompt(reading, notes);
    }
    const answer = await ask('character_analysis', aiAnswer, prompt);
    return answer && toDetail(answer.value, answer.model, reading.chaptersRead, builtIn);
  }
}

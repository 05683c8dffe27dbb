// The second opinion on doubtful speakers (issue 18), the pure part: which quotes are doubtful, how
// they are cut into batches, what one batch asks the model (the passages around its quotes with the
// quotes marked, and each quote's candidate speakers with the engine's probabilities), the schema the
// answer must match, and how an answer is applied to the quotes as they are when it arrives (guarded:
// a speaker the user set is never touched, a quote that moved is left alone).
import { z } from 'zod';
import type { Character, Quote } from '@castbook/contracts';
import type { Prompt } from '../character-analysis/model-calls.js';

/** Bump when the prompt or the schema changes: cached answers of the old prompt are not reused. */
export const SECOND_OPINION_PROMPT_VERSION = 'second-opinion-1';
/** Quotes per request: enough context shared between neighbours, a short enough answer to get right. */
export const BATCH_QUOTES = 12;
/** Paragraphs of context before and after each quote's own. */
const PARAGRAPHS_BEFORE = 2;
const PARAGRAPHS_AFTER = 1;
/** A context paragraph (one holding no quote of the batch) is cut to this many characters. */
const CONTEXT_PARAGRAPH_CHARS = 600;
/** Answer tokens per quote in an estimate: `{"quote":"Q12","speaker":"C3","confidence":0.85},`. */
export const ANSWER_TOKENS_PER_QUOTE = 22;

/** A quote as planned: its id and where it was, so a quote that moved since is left alone. */
export interface PlannedQuote {
  id: string;
  startOffset: number;
  endOffset: number;
}
export type Batch = PlannedQuote[];

export interface Paragraph {
  start: number;
  end: number;
}

/** The candidates of a quote that are still characters of the project, best first. */
function liveCandidates(q: Quote, cast: Set<string>) {
  return (q.candidates ?? []).filter((c) => cast.has(c.speakerId));
}

/**
 * The quotes to ask about: under the threshold, not set by the user, not already decided by the model,
 * with at least two candidate speakers the project still has (one candidate leaves nothing to decide).
 */
export function doubtfulQuotes(quotes: Quote[], characters: Character[], threshold: number): Quote[] {
  const cast = new Set(characters.map((c) => c.id));
  return quotes
    .filter(
      (q) =>
        q.attributionMethod !== 'user' &&
        q.attributionMethod !== 'ai' &&
        q.confidence < threshold &&
        liveCandidates(q, cast).length >= 2,
    )
    .sort((a, b) => a.startOffset - b.startOffset);
}

/** The doubtful quotes in reading order, BATCH_QUOTES at a time (neighbours share their context). */
export function planBatches(doubtful: Quote[], size = BATCH_QUOTES): Batch[] {
  const batches: Batch[] = [];
  for (let i = 0; i < doubtful.length; i += size) {
    batches.push(doubtful.slice(i, i + size).map(({ id, startOffset, endOffset }) => ({ id, startOffset, endOffset })));
  }
  return batches;
}

/** The quotes of a planned batch that may still be asked about: same place, speaker not set by the user. */
export function stillDoubtful(batch: Batch, quotes: Quote[]): Quote[] {
  const byId = new Map(quotes.map((q) => [q.id, q]));
  return batch.flatMap((p) => {
    const q = byId.get(p.id);
    return q && q.attributionMethod !== 'user' && q.startOffset === p.startOffset && q.endOffset === p.endOffset
      ? [q]
      : [];
  });
}

/** Index of the paragraph holding `offset` (or the last one starting before it). */
function paragraphAt(paragraphs: Paragraph[], offset: number): number {
  let lo = 0;
  let hi = paragraphs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (paragraphs[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const answerSchema = (quoteLabels: [string, ...string[]], speakerLabels: [string, ...string[]]) =>
  z.strictObject({
    answers: z.array(
      z.strictObject({
        quote: z.enum(quoteLabels),
        /** A candidate's label, or null when none of the candidates says it. */
        speaker: z.enum(speakerLabels).nullable(),
        confidence: z.number(),
      }),
    ),
  });
export type BatchAnswer = z.infer<ReturnType<typeof answerSchema>>;

export interface BatchRequest {
  prompt: Prompt;
  /** The answer's schema: labels as enums (so a strict provider can only name these), checked further. */
  schema: z.ZodType<BatchAnswer>;
  /** Label → quote id, label → character id. */
  quotes: Map<string, string>;
  speakers: Map<string, string>;
  /** Answer tokens expected, for the estimate. */
  answerTokens: number;
}

const SYSTEM =
  'You decide who speaks quotations in passages of a novel, for the narrator of its audiobook. ' +
  'The quotations to decide are marked [Q1]…[/Q1] in the passages. For each one, answer with the label of ' +
  'the candidate who speaks it, chosen only among that quotation’s candidates, or null when none of them ' +
  'does. Read the passages: speech tags ("said X"), who is addressed, who answers whom in a conversation, ' +
  'what the narration says around it. The candidates come with the probability an automatic tagger gave ' +
  'them; it was unsure, so weigh the text, not those numbers. confidence: your probability (0 to 1) that ' +
  'your answer is right. Answer every marked quotation exactly once.';

/**
 * The request for one batch: the passages around its quotes (each quote's paragraph, two before and one
 * after, neighbours merged; paragraphs without a quote of the batch cut to CONTEXT_PARAGRAPH_CHARS), the
 * quotes marked in place, the candidates of each with the engine's probabilities, the cast they name.
 */
export function batchRequest(
  book: { title: string; text: string; paragraphs: Paragraph[]; characters: Character[] },
  quotes: Quote[],
): BatchRequest {
  const { text, paragraphs } = book;
  const cast = new Map(book.characters.map((c) => [c.id, c]));
  const castIds = new Set(cast.keys());
  const ordered = [...quotes].sort((a, b) => a.startOffset - b.startOffset);
  const quoteLabel = new Map(ordered.map((q, i) => [q.id, `Q${i + 1}`]));
  const speakerLabel = new Map<string, string>();
  for (const q of ordered) {
    for (const c of liveCandidates(q, castIds)) {
      if (!speakerLabel.has(c.speakerId)) speakerLabel.set(c.speakerId, `C${speakerLabel.size + 1}`);
    }
  }

  // Paragraph ranges around each quote, merged when they touch.
  const ranges: [number, number][] = [];
  const holding = new Set<number>();
  for (const q of ordered) {
    const first = paragraphAt(paragraphs, q.startOffset);
    const last = paragraphAt(paragraphs, Math.max(q.startOffset, q.endOffset - 1));
    for (let i = first; i <= last; i++) holding.add(i);
    const from = Math.max(0, first - PARAGRAPHS_BEFORE);
    const to = Math.min(paragraphs.length - 1, last + PARAGRAPHS_AFTER);
    const prev = ranges.at(-1);
    if (prev && from <= prev[1] + 1) prev[1] = Math.max(prev[1], to);
    else ranges.push([from, to]);
  }
  const marked = (p: Paragraph) => {
    // Markers inserted from the end so earlier offsets stay valid.
    const marks: [number, string][] = [];
    for (const q of ordered) {
      const label = quoteLabel.get(q.id)!;
      if (q.startOffset >= p.start && q.startOffset < p.end) marks.push([q.startOffset, `[${label}]`]);
      if (q.endOffset > p.start && q.endOffset <= p.end) marks.push([q.endOffset, `[/${label}]`]);
    }
    let s = text.slice(p.start, p.end);
    for (const [at, m] of marks.sort((a, b) => b[0] - a[0])) s = s.slice(0, at - p.start) + m + s.slice(at - p.start);
    return s;
  };
  const cut = (p: Paragraph, before: boolean) => {
    const s = text.slice(p.start, p.end);
    if (s.length <= CONTEXT_PARAGRAPH_CHARS) return s;
    // Before the quotes the paragraph's end matters (it leads into them), after them its start.
    return before ? `…${s.slice(-CONTEXT_PARAGRAPH_CHARS)}` : `${s.slice(0, CONTEXT_PARAGRAPH_CHARS)}…`;
  };
  const passages = ranges.map(([from, to], n) => {
    const firstHolding = [...holding].filter((i) => i >= from && i <= to).sort((a, b) => a - b)[0] ?? from;
    const body: string[] = [];
    for (let i = from; i <= to; i++) {
      const p = paragraphs[i]!;
      body.push(holding.has(i) ? marked(p) : cut(p, i < firstHolding));
    }
    return `--- Passage ${n + 1} ---\n${body.join('\n\n')}`;
  });

  const castLines = [...speakerLabel].map(([id, label]) => {
    const c = cast.get(id)!;
    const aka = c.alternativeNames.length > 0 ? ` (also called ${c.alternativeNames.join(', ')})` : '';
    return `${label}: ${c.name}${aka}`;
  });
  const candidateLines = ordered.map((q) => {
    const options = liveCandidates(q, castIds).map(
      (c) => `${speakerLabel.get(c.speakerId)} ${cast.get(c.speakerId)!.name} (${c.probability.toFixed(2)})`,
    );
    return `${quoteLabel.get(q.id)}: ${options.join(', ')}`;
  });
  const user =
    `Book: ${book.title}\n\nCast:\n${castLines.join('\n')}\n\n` +
    `Passages (the quotations to decide are marked):\n\n${passages.join('\n\n')}\n\n` +
    `Quotations and their candidate speakers:\n${candidateLines.join('\n')}\n`;

  const quoteLabels = ordered.map((q) => quoteLabel.get(q.id)!) as [string, ...string[]];
  const allowed = new Map(
    ordered.map((q) => [
      quoteLabel.get(q.id)!,
      new Set(liveCandidates(q, castIds).map((c) => speakerLabel.get(c.speakerId)!)),
    ]),
  );
  const schema = answerSchema(quoteLabels, [...speakerLabel.values()] as [string, ...string[]]).superRefine(
    (answer, ctx) => {
      const seen = new Set<string>();
      answer.answers.forEach((a, i) => {
        if (seen.has(a.quote))
          ctx.addIssue({ code: 'custom', path: ['answers', i, 'quote'], message: 'answered twice' });
        seen.add(a.quote);
        if (a.speaker !== null && !allowed.get(a.quote)!.has(a.speaker)) {
          ctx.addIssue({
            code: 'custom',
            path: ['answers', i, 'speaker'],
            message: `${a.speaker} is not a candidate of ${a.quote}`,
          });
        }
        if (!(a.confidence >= 0 && a.confidence <= 1)) {
          ctx.addIssue({ code: 'custom', path: ['answers', i, 'confidence'], message: 'must be from 0 to 1' });
        }
      });
      const missing = quoteLabels.filter((l) => !seen.has(l));
      if (missing.length > 0)
        ctx.addIssue({ code: 'custom', path: ['answers'], message: `no answer for ${missing.join(', ')}` });
    },
  );
  return {
    prompt: { system: SYSTEM, user },
    schema,
    quotes: new Map([...quoteLabel].map(([id, label]) => [label, id])),
    speakers: new Map([...speakerLabel].map(([id, label]) => [label, id])),
    answerTokens: 12 + ANSWER_TOKENS_PER_QUOTE * ordered.length,
  };
}

export interface Decision {
  quoteId: string;
  /** null: the model named none of the candidates (the engine's answer stays). */
  speakerId: string | null;
  confidence: number;
}

/** A validated answer as decisions on quote ids. */
export function decisionsOf(request: BatchRequest, answer: BatchAnswer): Decision[] {
  return answer.answers.map((a) => ({
    quoteId: request.quotes.get(a.quote)!,
    speakerId: a.speaker === null ? null : request.speakers.get(a.speaker)!,
    confidence: Math.round(a.confidence * 1000) / 1000,
  }));
}

export interface Applied {
  quotes: Quote[];
  /** Quotes given another speaker, given the engine's speaker again, and left as they were. */
  changed: number;
  agreed: number;
  kept: number;
}

/**
 * The decisions applied to the quotes as they are now (under the project's lock): each planned quote
 * still in its place, not set by the user meanwhile, and answered with a character the project still
 * has, becomes `attributionMethod: 'ai'` with the model's speaker and confidence. Anything else is
 * kept as it is. The engine's candidates stay (what it weighed); its evidence stays only when the
 * model agreed (it no longer explains another speaker).
 */
export function applyDecisions(quotes: Quote[], characters: Character[], batch: Batch, decisions: Decision[]): Applied {
  const cast = new Set(characters.map((c) => c.id));
  const decided = new Map(decisions.map((d) => [d.quoteId, d]));
  const planned = new Map(batch.map((p) => [p.id, p]));
  let changed = 0;
  let agreed = 0;
  let kept = 0;
  const next = quotes.map((q) => {
    const p = planned.get(q.id);
    if (!p) return q;
    planned.delete(q.id);
    const d = decided.get(q.id);
    const usable =
      d &&
      d.speakerId !== null &&
      cast.has(d.speakerId) &&
      q.attributionMethod !== 'user' &&
      q.startOffset === p.startOffset &&
      q.endOffset === p.endOffset;
    if (!usable) {
      kept++;
      return q;
    }
    const same = q.speakerId === d.speakerId;
    if (same) agreed++;
    else changed++;
    const { evidence, ...rest } = q;
    return {
      ...rest,
      ...(same && evidence ? { evidence } : {}),
      speakerId: d.speakerId,
      confidence: d.confidence,
      attributionMethod: 'ai' as const,
    };
  });
  // Planned quotes no longer in the project were left alone too.
  kept += planned.size;
  return { quotes: next, changed, agreed, kept };
}

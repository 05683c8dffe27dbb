// The whole analysis of one text: outline, characters (coloured) and attributed quotes.
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { chunk, DEFAULT_CHUNK_SIZE } from './chunk/index.js';
import { attributeSteps, mergeNarrator, mergeRoles, rolesByTurns } from './attribution/index.js';
import { findCharactersSteps } from './characters/index.js';
import { assignColors } from './colors/index.js';
import { detectQuoteStyle, quotesOfParagraphs, splitParagraphs, type Paragraph } from './quotes/index.js';
import { detectStructure } from './structure/index.js';
import type { QuoteTag } from './attribution/attributeQuotes.js';
import type { TokenList } from './characters/tokens.js';
import { decideSpeakersSteps } from './speakers/decideSpeakers.js';
import type { SpeakerModel } from './speakers/model.js';
import { runToEnd, type Pausing } from './pauses.js';
import { findScript, scriptCastAndQuotes } from './script/analyzeScript.js';
import type { Speech } from './script/speeches.js';

export interface AnalysisResult {
  outline: OutlineItem[];
  characters: Character[];
  quotes: Quote[];
}

/** One step of an analysis: where it stands after a chunk (or a book-wide pass) is done. */
export interface AnalysisStep {
  /** Chunks whose work is done; reaches totalChunks only with the result. */
  processedChunks: number;
  totalChunks: number;
  statusMessage: string;
}

export interface AnalyzeOptions {
  outline?: OutlineItem[];
  /** Chunk size for the steps (SPEC §9); the result does not depend on it. */
  chunkSize?: number;
  /** Speaker model weights; the bundled ones by default (training and evaluation pass others). */
  speakerModel?: SpeakerModel;
  /** Sees what the speaker model is given (training reads its features from there). */
  onSpeakerInput?: (input: SpeakerInput) => void;
}

/** What the speaker model decides from: the cast, the rule sieves' speakers and the speech tags. */
export interface SpeakerInput {
  characters: Character[];
  quotes: Quote[];
  /** Aligned with `quotes`. */
  tags: (QuoteTag | null)[];
  tokens: TokenList;
}

/**
 * The analysis as a sequence of steps, so a caller can record progress and stop between them:
 * quotes are found chunk by chunk (SPEC §9 chunks), then characters and speakers are worked out
 * over the whole book (names and conversations run across chunks), each book-wide pass in pieces
 * (`pauses.ts`), so that no step is more than a small part of a long book's work. The
 * returned result is exactly `analyze()`'s, which is this generator run to its end.
 */
export function* analyzeSteps(text: string, options: AnalyzeOptions = {}): Generator<AnalysisStep, AnalysisResult> {
  const outline = options.outline ?? detectStructure(text);
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  // A play or screenplay names the speaker before each speech: its labels are the attribution.
  const speeches = findScript(text, outline);
  if (speeches) return yield* scriptSteps(text, outline, speeches, chunk(text, outline, chunkSize).length);
  // Each stage is its own generator, so what only it needs (chunks, paragraphs, the sieves' quotes
  // before the merges) is garbage once it returns instead of living to the end of the analysis.
  const { found, total } = yield* findQuotesByChunk(text, outline, chunkSize);
  const done = Math.max(0, total - 1);
  const { characters, tokens } = yield* reported(findCharactersSteps(text, found), {
    processedChunks: done,
    totalChunks: total,
    statusMessage: 'Finding characters',
  });
  const attributing: AnalysisStep = {
    processedChunks: done,
    totalChunks: total,
    statusMessage: `Found ${characters.length} characters; attributing dialogue`,
  };
  yield attributing;
  const merged = yield* attributeAndMerge(text, found, characters, tokens, attributing);
  // The sieves' quotes were copied by attribution: drop them before the speaker model runs.
  found.length = 0;
  const deciding: AnalysisStep = { processedChunks: done, totalChunks: total, statusMessage: 'Deciding speakers' };
  yield deciding;
  options.onSpeakerInput?.({ characters: merged.characters, quotes: merged.quotes, tags: merged.tags, tokens });
  const quotes = yield* reported(
    decideSpeakersSteps(text, merged.quotes, merged.tags, merged.characters, tokens, { model: options.speakerModel }),
    deciding,
  );
  yield { processedChunks: done, totalChunks: total, statusMessage: 'Colouring characters' };
  return { outline, characters: coloured(merged.characters, quotes), quotes };
}

/** Colours go by lines spoken: the most speaking characters take the palette (colors/assignColors.ts). */
function coloured(characters: Character[], quotes: readonly Quote[]): Character[] {
  const lines = new Map<string, number>();
  for (const q of quotes) if (q.speakerId !== null) lines.set(q.speakerId, (lines.get(q.speakerId) ?? 0) + 1);
  return assignColors(characters, lines);
}

/** Quotes found paragraph by paragraph, one step per chunk (a paragraph belongs to the chunk it starts in). */
function* findQuotesByChunk(
  text: string,
  outline: OutlineItem[],
  chunkSize: number,
): Generator<AnalysisStep, { found: Quote[]; total: number }> {
  const chunks = chunk(text, outline, chunkSize);
  const total = chunks.length;
  const paragraphs = splitParagraphs(text);
  const style = detectQuoteStyle(text, paragraphs);
  const found: Quote[] = [];
  let next = 0;
  for (let i = 0; i < total; i++) {
    // The last chunk takes the rest.
    const end = i === total - 1 ? Infinity : chunks[i]!.endOffset;
    const mine: Paragraph[] = [];
    while (next < paragraphs.length && paragraphs[next]!.start < end) mine.push(paragraphs[next++]!);
    quotesOfParagraphs(text, mine, style, found);
    const title = chunks[i]!.title;
    yield {
      processedChunks: Math.min(i + 1, total - 1),
      totalChunks: total,
      statusMessage: `Reading part ${i + 1} of ${total}${title ? ` (${title})` : ''}`,
    };
  }
  return { found, total };
}

/** A script's analysis: the cast and speakers its labels give (script/analyzeScript.ts). */
function* scriptSteps(
  text: string,
  outline: OutlineItem[],
  speeches: readonly Speech[],
  total: number,
): Generator<AnalysisStep, AnalysisResult> {
  const { characters, quotes } = scriptCastAndQuotes(text, speeches);
  yield {
    processedChunks: Math.max(0, total - 1),
    totalChunks: total,
    statusMessage: `Found ${characters.length} characters in the script's speaker labels`,
  };
  return { outline, characters: coloured(characters, quotes), quotes };
}

/** The rule sieves, then the merges of roles and of the narrator into named characters. */
function* attributeAndMerge(
  text: string,
  found: Quote[],
  characters: Character[],
  tokens: TokenList,
  attributing: AnalysisStep,
): Generator<AnalysisStep, { characters: Character[]; quotes: Quote[]; tags: (QuoteTag | null)[] }> {
  const detail = yield* reported(attributeSteps(text, found, characters, { tokens }), attributing);
  yield { ...attributing, statusMessage: 'Merging characters' };
  // Roles first: both merges refer to characters by their index in the list they were given.
  const roles = new Map(detail.roles);
  for (const [role, name] of rolesByTurns(text, detail.quotes, characters)) if (!roles.has(role)) roles.set(role, name);
  const named = mergeRoles(characters, detail.quotes, roles);
  const narratorIndexMap = new Map<number, number>();
  for (const [i, k] of detail.narratorAddressedAs) {
    const j = named.characters.indexOf(characters[i]!);
    if (j >= 0) narratorIndexMap.set(j, k);
  }
  const merged = mergeNarrator(named.characters, named.quotes, narratorIndexMap);
  // Tags name characters by id: follow them through both merges.
  const finalId = (id: string) => {
    const afterRoles = named.into.get(id) ?? id;
    return merged.into.get(afterRoles) ?? afterRoles;
  };
  const tags = detail.tags.map((t) => (t?.kind === 'name' ? { kind: 'name' as const, id: finalId(t.id) } : t));
  return { characters: merged.characters, quotes: merged.quotes, tags };
}

/** A pass's pauses as steps that all report `step` (where the analysis stands meanwhile). */
function* reported<R>(pass: Pausing<R>, step: AnalysisStep): Generator<AnalysisStep, R> {
  for (let r = pass.next(); ; r = pass.next()) {
    if (r.done) return r.value;
    yield { ...step };
  }
}

export function analyze(text: string, options: AnalyzeOptions = {}): AnalysisResult {
  return runToEnd(analyzeSteps(text, options));
}

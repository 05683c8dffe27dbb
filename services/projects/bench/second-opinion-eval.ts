// Measures the second opinion on doubtful speakers (issue 18) on a PDNC dev novel against any
// OpenAI-compatible server: the engine analyses the novel, its doubtful quotes go to the model in the
// batches the service sends (same selection, prompt, schema, checks and application: batches.ts), and
// the shared scorer (pdnc-score.mjs) rates the speakers before and after, on the whole novel and on the
// quotes the model re-decided. Also prints the ceiling: how many doubtful quotes have the right speaker
// among their candidates at all (what a perfect second opinion could reach), and the tokens spent.
//
//   OPENAI_BASE_URL=http://localhost:11434/v1 OPENAI_MODEL=qwen2.5:7b-instruct \
//     npm run eval:second-opinion -w @castbook/projects-service -- --max-batches 20
//
// Options: --novel NAME (a dev-set folder; default the novel of median length), --threshold 0.6, --max-batches N (the first N
// batches in reading order; default all), --estimate (no server: prints what a run would send and the
// ceiling only). OPENAI_API_KEY when the server asks for one. Answers are cached in memory for the run.
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SECOND_OPINION_DEFAULT_THRESHOLD, type Quote } from '@castbook/contracts';
import { analyze, splitParagraphs } from '@castbook/text-analysis';
import { pdncDir, pdncNovels, sharedDir } from '@castbook/test-kit/pdnc';
import { jsonSchemaOf, OpenAiProvider } from '../src/domain/character-analysis/llm.js';
import { ModelCalls, type AiStore } from '../src/domain/character-analysis/model-calls.js';
import { chatPromptTokens } from '../src/domain/character-analysis/tokens.js';
import {
  applyDecisions,
  batchRequest,
  decisionsOf,
  doubtfulQuotes,
  planBatches,
  SECOND_OPINION_PROMPT_VERSION,
} from '../src/domain/second-opinion/batches.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
/** The novel: --novel, or the dev set's novel of median length (shortest first, the upper middle). */
const novel = opt('--novel') ?? pdncNovels()[pdncNovels().length >> 1]!;
const threshold = Number(opt('--threshold') ?? SECOND_OPINION_DEFAULT_THRESHOLD);
const maxBatches = opt('--max-batches') === undefined ? Infinity : Number(opt('--max-batches'));
const estimateOnly = args.includes('--estimate');
const baseURL = process.env.OPENAI_BASE_URL;
if (!estimateOnly && !baseURL && !process.env.OPENAI_API_KEY) {
  console.error('Set OPENAI_BASE_URL (and OPENAI_MODEL, OPENAI_API_KEY if needed), or pass --estimate.');
  process.exit(2);
}

interface ScoreReport {
  speaker: { quotations: number; correct: number; accuracy: number | null };
}
type Score = (gold: Gold, pred: unknown, text: string) => ScoreReport;
interface Gold {
  characters: unknown[];
  quotes: { spans: [number, number][]; speaker: string }[];
}
const { score } = (await import(pathToFileURL(resolve(sharedDir(), 'tools/pdnc-score.mjs')).href)) as {
  score: Score;
};

const text = readFileSync(resolve(pdncDir(), novel, 'text.txt'), 'utf8');
const gold = JSON.parse(readFileSync(resolve(pdncDir(), novel, 'gold.json'), 'utf8')) as Gold;
const result = analyze(text);
const { characters } = result;
const before: Quote[] = result.quotes;
const doubtful = doubtfulQuotes(before, characters, threshold);
const batches = planBatches(doubtful).slice(0, maxBatches);
const asked = new Set(batches.flat().map((p) => p.id));
const byId = new Map(before.map((q) => [q.id, q]));
const book = { title: novel, text, paragraphs: splitParagraphs(text), characters };

/** Gold quotations overlapping any of these quotes. */
const goldOver = (quotes: Quote[]) =>
  gold.quotes.filter((g) => g.spans.some(([a, b]) => quotes.some((q) => q.startOffset < b && q.endOffset > a)));
const accuracy = (goldQuotes: Gold['quotes'], quotes: Quote[]) => {
  const r = score({ ...gold, quotes: goldQuotes }, { characters, quotes }, text).speaker;
  return { quotations: r.quotations, correct: r.correct, accuracy: r.accuracy };
};

// The ceiling: a doubtful quote (of those the gold annotates) is winnable when one of its candidates
// is the gold speaker.
let winnable = 0;
let annotated = 0;
for (const id of asked) {
  const q = byId.get(id)!;
  const g = goldOver([q]);
  if (g.length === 0) continue;
  annotated++;
  const right = (q.candidates ?? []).some((c) => accuracy(g, [{ ...q, speakerId: c.speakerId }]).correct > 0);
  if (right) winnable++;
}

let promptTokens = 0;
for (const batch of batches) {
  const request = batchRequest(
    book,
    batch.map((p) => byId.get(p.id)!),
  );
  promptTokens +=
    chatPromptTokens([request.prompt.system, request.prompt.user], jsonSchemaOf(request.schema)) + request.answerTokens;
}
const header = {
  novel,
  threshold,
  quotes: before.length,
  doubtful: doubtful.length,
  batches: batches.length,
  asked: asked.size,
  /** Asked quotes that overlap a gold quotation (the others are not speech in the gold, or not annotated). */
  askedAnnotated: annotated,
  ceiling: { winnable, share: annotated ? Math.round((winnable / annotated) * 10_000) / 10_000 : null },
  /** The engine's own speaker accuracy on the gold quotations under the quotes asked about. */
  askedBefore: accuracy(goldOver(doubtful.filter((q) => asked.has(q.id))), before),
  estimatedTokens: promptTokens,
};
if (estimateOnly) {
  console.log(JSON.stringify(header, null, 2));
  process.exit(0);
}

// In memory: this run's answers and tokens (the service keeps them in PostgreSQL).
const cache = new Map<string, { value: unknown; model: string }>();
let spent = 0;
const store: AiStore = {
  cached: async (key) => cache.get(key),
  cache: async (key, answer) => void cache.set(key, { value: answer.value, model: answer.model }),
  spent: async () => spent,
  spend: async (_user, _month, tokens) => void (spent += tokens),
};
const provider = new OpenAiProvider({
  apiKey: process.env.OPENAI_API_KEY,
  baseURL,
  model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
  timeoutMs: Number(process.env.LLM_TIMEOUT_MS ?? 300_000),
  maxRetries: Number(process.env.LLM_MAX_RETRIES ?? 3),
});
const calls = new ModelCalls(provider, store, Number.MAX_SAFE_INTEGER);

let quotes = before;
let failures = 0;
const totals = { changed: 0, agreed: 0, kept: 0 };
const started = performance.now();
for (const [i, batch] of batches.entries()) {
  const request = batchRequest(
    book,
    batch.map((p) => byId.get(p.id)!),
  );
  try {
    const answer = await calls.ask({
      userId: 'eval',
      name: 'speaker_second_opinion',
      schema: request.schema,
      prompt: request.prompt,
      version: SECOND_OPINION_PROMPT_VERSION,
    });
    const applied = applyDecisions(quotes, characters, batch, decisionsOf(request, answer!.value));
    quotes = applied.quotes;
    totals.changed += applied.changed;
    totals.agreed += applied.agreed;
    totals.kept += applied.kept;
  } catch (err) {
    // A batch whose answer failed twice stays as the engine had it (as the service stores nothing).
    failures++;
    console.error(`batch ${i + 1}: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.stderr.write(`\rbatch ${i + 1}/${batches.length}`);
}
process.stderr.write('\n');

const redecided = quotes.filter((q) => q.attributionMethod === 'ai');
const redecidedGold = goldOver(redecided.map((q) => byId.get(q.id)!));
const askedGold = goldOver(doubtful.filter((q) => asked.has(q.id)));
console.log(
  JSON.stringify(
    {
      ...header,
      model: provider.model,
      failedBatches: failures,
      ...totals,
      tokensUsed: spent,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      // Speaker accuracy (the shared scorer) on the gold quotations under the quotes the model
      // re-decided, under all quotes asked about, and on the whole novel; before and after.
      accuracy: {
        redecided: { before: accuracy(redecidedGold, before), after: accuracy(redecidedGold, quotes) },
        asked: { before: accuracy(askedGold, before), after: accuracy(askedGold, quotes) },
        novel: { before: accuracy(gold.quotes, before), after: accuracy(gold.quotes, quotes) },
      },
    },
    null,
    2,
  ),
);

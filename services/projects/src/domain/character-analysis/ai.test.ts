// The AI character analysis: passages chosen within the budget and spread over the chapters, the
// answer mapped onto the analysis (counts and offsets stay the built-in ones), the cache and the
// monthly budget. The provider is the real one, talking to the fake OpenAI-compatible server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutlineItem, Quote } from '@castbook/contracts';
import { startFakeOpenAi, type FakeOpenAi } from '@castbook/test-kit';
import { character } from '@castbook/test-kit/entities';
import {
  AiAnalyst,
  MAX_PARTS,
  readCharacter,
  selectPassages,
  singlePrompt,
  spreadOrder,
  type AiAnswer,
  type AiStore,
} from './ai.js';
import { builtInAnalysis, type Chapter } from './builtin.js';
import { OpenAiProvider } from './llm.js';

describe('spreadOrder', () => {
  it('visits first, last, then the middles of the gaps', () => {
    expect(spreadOrder(9)).toEqual([0, 8, 4, 2, 6, 1, 3, 5, 7]);
    expect(spreadOrder(1)).toEqual([0]);
    expect(spreadOrder(0)).toEqual([]);
    expect([...spreadOrder(12)].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  });
});

describe('selectPassages', () => {
  // Ten chapters of 1,000 characters, paragraphs of 100.
  const para = `${'x'.repeat(98)}\n\n`;
  const text = para.repeat(100);
  const chapters: Chapter[] = Array.from({ length: 10 }, (_, i) => ({
    title: `Chapter ${i + 1}`,
    startOffset: i * 1000,
    endOffset: (i + 1) * 1000,
  }));

  it('takes whole paragraphs around each anchor and merges overlaps', () => {
    const { passages, chaptersRead } = selectPassages(text, chapters, [150, 160, 5_050], 10_000);
    expect(passages).toEqual([
      { start: 0, end: 498, chapter: 'Chapter 1' },
      { start: 5_000, end: 5_398, chapter: 'Chapter 6' },
    ]);
    expect(chaptersRead).toEqual(['Chapter 1', 'Chapter 6']);
  });

  it('over the budget, takes chapters in turn so the whole book is read, and says which', () => {
    // An anchor every 500 characters: 20 windows, far more than 700 tokens (2,800 characters) hold.
    const anchors = Array.from({ length: 20 }, (_, i) => i * 500 + 50);
    const { passages, chaptersRead } = selectPassages(text, chapters, anchors, 700);
    const size = passages.reduce((n, p) => n + p.end - p.start, 0);
    expect(size).toBeLessThanOrEqual(2_800);
    // Not the first chapters only: one passage from each chapter it could afford, in text order.
    expect(new Set(passages.map((p) => p.chapter)).size).toBe(passages.length);
    expect(chaptersRead.at(-1)).not.toBe('Chapter 1');
    expect(passages.map((p) => p.start)).toEqual([...passages.map((p) => p.start)].sort((a, b) => a - b));
  });
});

const TEXT =
  'Chapter 1\n\n"Bring the lamp," said Odile sharply.\n\n"Yes, miss," Tomas answered.\n\n' +
  'Chapter 2\n\nOdile waited by the river.\n\n"He is late," Odile muttered.\n\n';
const OUTLINE: OutlineItem[] = [
  { id: 'a', parentId: null, type: 'chapter', title: 'Chapter 1', startOffset: 0, endOffset: 74, children: [] },
  {
    id: 'b',
    parentId: null,
    type: 'chapter',
    title: 'Chapter 2',
    startOffset: 74,
    endOffset: TEXT.length,
    children: [],
  },
];
const person = (id: string, name: string) => character(id, name, { mentions: 0 });
const CAST = [person('o', 'Odile'), person('t', 'Tomas')];
const quote = (text: string, speakerId: string): Quote => {
  const start = TEXT.indexOf(`"${text}"`);
  return {
    id: `q${start}`,
    text,
    startOffset: start,
    endOffset: start + text.length + 2,
    speakerId,
    confidence: 0.8,
    attributionMethod: 'explicit',
  };
};
const INPUT = {
  title: 'The River',
  text: TEXT,
  outline: OUTLINE,
  characters: CAST,
  quotes: [quote('Bring the lamp,', 'o'), quote('Yes, miss,', 't'), quote('He is late,', 'o')],
};
const ANSWER: AiAnswer = {
  summary: 'A young woman who gives orders and waits for someone.',
  personality: 'Impatient, used to being obeyed.',
  arc: 'From commanding at home to waiting alone by the river.',
  relationships: [{ character: 'Tomas', relation: 'her servant' }],
  motivation: 'Wants the man she waits for to come.',
  voiceDirection: { age: 'twenties', accent: '', register: 'upper class', pace: 'clipped' },
  speechHabits: ['Short commands'],
};

function memoryStore(): AiStore & { tokens: Map<string, number>; keys: Set<string> } {
  const answers = new Map<string, { value: unknown; model: string }>();
  const tokens = new Map<string, number>();
  return {
    tokens,
    keys: new Set(),
    async cached(key) {
      return answers.get(key);
    },
    async cache(key, answer) {
      this.keys.add(key);
      answers.set(key, { value: answer.value, model: answer.model });
    },
    async spent(userId, month) {
      return tokens.get(`${userId}/${month}`) ?? 0;
    },
    async spend(userId, month, n) {
      tokens.set(`${userId}/${month}`, (tokens.get(`${userId}/${month}`) ?? 0) + n);
    },
  };
}

describe('AiAnalyst', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => fake?.close());
  const analyst = (store: AiStore, monthlyTokens = 1_000_000) =>
    new AiAnalyst(
      new OpenAiProvider({ baseURL: fake.baseURL, model: 'fake-1', timeoutMs: 5_000, maxRetries: 0 }),
      store,
      { monthlyTokens, passageTokens: 2_000 },
    );

  it('sends the character’s passages and maps the answer, keeping the counted facts', async () => {
    fake.requests.length = 0;
    fake.script([{ content: ANSWER, usage: { prompt_tokens: 300, completion_tokens: 100 } }]);
    const store = memoryStore();
    const builtIn = builtInAnalysis(INPUT, CAST[0]!);
    const result = await analyst(store).analyse('u1', INPUT, CAST[0]!, builtIn);
    expect(result).toMatchObject({
      source: 'ai',
      model: 'fake-1',
      summary: ANSWER.summary,
      relationships: 'Tomas: her servant',
      chaptersRead: ['Chapter 1', 'Chapter 2'],
      stats: builtIn.stats,
      narrator: {
        speechHabits: ['Short commands'],
        // The blank accent is left out, not shown as an empty direction.
        voiceDirection: { age: 'twenties', register: 'upper class', pace: 'clipped' },
        representativeLines: builtIn.narrator.representativeLines,
      },
    });
    const user = fake.requests[0]!.body.messages[1]!.content;
    expect(user).toContain('Character: Odile');
    expect(user).toContain('Other characters: Tomas');
    expect(user).toContain('"He is late," Odile muttered.');
    expect(fake.requests[0]!.body.response_format?.json_schema?.name).toBe('character_analysis');
    expect(store.tokens.get(`u1/${new Date().toISOString().slice(0, 7)}`)).toBe(400);

    // The same prompt again: from the cache, nothing sent, nothing spent.
    await analyst(store).analyse('u1', INPUT, CAST[0]!, builtIn);
    expect(fake.requests).toHaveLength(1);
    expect(store.tokens.get(`u1/${new Date().toISOString().slice(0, 7)}`)).toBe(400);
  });

  it('a different model is a different cache entry; a used-up budget asks nothing', async () => {
    fake.requests.length = 0;
    fake.script([{ content: ANSWER, usage: { prompt_tokens: 60, completion_tokens: 40 } }]);
    const store = memoryStore();
    const builtIn = builtInAnalysis(INPUT, CAST[0]!);
    await analyst(store, 100).analyse('u2', INPUT, CAST[0]!, builtIn);
    expect(fake.requests).toHaveLength(1);
    const other = new AiAnalyst(
      new OpenAiProvider({ baseURL: fake.baseURL, model: 'fake-2', timeoutMs: 5_000, maxRetries: 0 }),
      store,
      { monthlyTokens: 100, passageTokens: 2_000 },
    );
    // 100 tokens spent of 100: the budget is used up, so no request, and undefined (built-in answers).
    expect(await other.analyse('u2', INPUT, CAST[0]!, builtIn)).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
    expect(await other.usage('u2')).toMatchObject({ tokensUsed: 100, tokenBudget: 100 });
    // Another user has a budget of their own.
    expect(await other.analyse('u3', INPUT, CAST[0]!, builtIn)).toMatchObject({ model: 'fake-2' });
    expect(fake.requests).toHaveLength(2);
  });

  it('the prompt names the chapters it read', () => {
    const reading = readCharacter(INPUT, CAST[1]!, 2_000);
    expect(reading.chaptersRead).toEqual(['Chapter 1']);
    expect(reading.parts).toHaveLength(1);
    expect(singlePrompt(reading).user).toContain('Passages (from 1 chapter(s): Chapter 1)');
  });

  it('reads a long book in parts (map), then writes the analysis from the notes (reduce)', async () => {
    // Twelve chapters, the character speaking in each; 150 tokens (600 characters) a part.
    const chapterText = (n: number) =>
      `Chapter ${n}\n\n${'The wind moved over the fields. '.repeat(8)}\n\n"Night ${n} is cold," said Odile.\n\n`;
    let text = '';
    const outline: OutlineItem[] = [];
    const quotes: Quote[] = [];
    for (let n = 1; n <= 12; n++) {
      const start = text.length;
      text += chapterText(n);
      const at = text.indexOf(`"Night ${n}`);
      outline.push({
        id: `c${n}`,
        parentId: null,
        type: 'chapter',
        title: `Chapter ${n}`,
        startOffset: start,
        endOffset: text.length,
        children: [],
      });
      quotes.push({
        ...INPUT.quotes[0]!,
        id: `n${n}`,
        text: `Night ${n} is cold,`,
        startOffset: at,
        endOffset: at + 20,
        speakerId: 'o',
      });
    }
    const long = { title: 'Winter', text, outline, characters: CAST, quotes };
    fake.requests.length = 0;
    fake.script((body) =>
      body.response_format?.json_schema?.name === 'passage_notes'
        ? {
            content: {
              observations: [`Feels the cold (${body.messages[1]!.content.match(/part (\d+)/)![1]})`],
              relationships: [],
            },
          }
        : { content: ANSWER },
    );
    const store = memoryStore();
    const analyst = new AiAnalyst(
      new OpenAiProvider({ baseURL: fake.baseURL, model: 'fake-1', timeoutMs: 5_000, maxRetries: 0 }),
      store,
      { monthlyTokens: 1_000_000, passageTokens: 150 },
    );
    const result = await analyst.analyse('u4', long, CAST[0]!, builtInAnalysis(long, CAST[0]!));
    const names = fake.requests.map((r) => r.body.response_format?.json_schema?.name);
    const maps = names.filter((n) => n === 'passage_notes').length;
    expect(maps).toBeGreaterThan(1);
    expect(maps).toBeLessThanOrEqual(MAX_PARTS);
    expect(names.at(-1)).toBe('character_analysis');
    // The reduce request carries every part's notes, in order.
    const reduce = fake.requests.at(-1)!.body.messages[1]!.content;
    for (let i = 1; i <= maps; i++) expect(reduce).toContain(`Feels the cold (${i})`);
    // Sampled across the book, not only its opening; the analysis says which chapters were read.
    expect(result!.chaptersRead).toContain('Chapter 12');
    expect(result!.chaptersRead.length).toBeLessThan(12);
    expect(result).toMatchObject({ source: 'ai', summary: ANSWER.summary });
    // Asked again: every request is answered from the cache.
    const asked = fake.requests.length;
    await analyst.analyse('u4', long, CAST[0]!, builtInAnalysis(long, CAST[0]!));
    expect(fake.requests).toHaveLength(asked);
  });
});

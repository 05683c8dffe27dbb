// Issue 18 with a language model: the projects service configured with OPENAI_BASE_URL pointing at the
// fake OpenAI-compatible server of the test kit (real HTTP, the official client). A Pro user's
// analysis comes from it (the request carries the model, the schema and the character's passages), a
// 429 then 200 still succeeds, the answer is stored and not paid for twice, usage is answered, a
// failing provider is a 502 that stores nothing, and Free is refused before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterAnalysisDetail, TokenUsage } from '@castbook/contracts';
import {
  newBook,
  signedUpClient,
  startFakeOpenAi,
  startWorkspaceStack,
  type FakeOpenAi,
  type WorkspaceStack,
} from '@castbook/test-kit';

const BOOK =
  'CHAPTER I. Snow\n\n"Close the shutters," said Vera coldly.\n\n"At once," Lev replied.\n\n' +
  'CHAPTER II. Thaw\n\nVera counted the days.\n\n"Spring will not wait," Vera murmured.\n\n';
const SPLIT = BOOK.indexOf('CHAPTER II');
const ANSWER = {
  summary: 'The mistress of a snowed-in house, counting the days to spring.',
  personality: 'Cold and commanding, restless.',
  arc: 'From ordering the house shut to longing for the thaw.',
  relationships: [{ character: 'Lev', relation: 'gives him orders' }],
  motivation: 'To leave when spring comes.',
  voiceDirection: { age: 'forties', accent: 'Russian', register: 'formal', pace: 'measured' },
  speechHabits: ['Imperatives'],
};

let stack: WorkspaceStack;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  stack = await startWorkspaceStack({
    env: {
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_API_KEY: 'sk-fake',
      OPENAI_MODEL: 'fake-narrator-1',
      LLM_MAX_RETRIES: '1',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

const line = (text: string, speakerId: string, id: string) => {
  const start = BOOK.indexOf(`"${text}"`);
  return {
    id,
    text,
    startOffset: start,
    endOffset: start + text.length + 2,
    speakerId,
    confidence: 0.9,
    attributionMethod: 'explicit',
  };
};

async function projectOf(tier: 'free' | 'pro') {
  const { client } = await signedUpClient(stack.gatewayUrl, { subscriptionTier: tier });
  const project = await newBook(client, { title: 'Winter House', content: BOOK });
  const path = `/api/projects/${project.id}`;
  const chapter = (id: string, title: string, startOffset: number, endOffset: number) => ({
    id,
    parentId: null,
    type: 'chapter',
    title,
    startOffset,
    endOffset,
    children: [],
  });
  await client.call('PATCH', `${path}/outline`, {
    outline: [chapter('a', 'CHAPTER I. Snow', 0, SPLIT), chapter('b', 'CHAPTER II. Thaw', SPLIT, BOOK.length)],
  });
  const person = (id: string, name: string) => ({ id, name, color: '#884422', summary: '', alternativeNames: [] });
  await client.call('PATCH', `${path}/characters`, { characters: [person('vera', 'Vera'), person('lev', 'Lev')] });
  await client.call('PATCH', `${path}/quotes`, {
    quotes: [
      line('Close the shutters,', 'vera', 'q1'),
      line('At once,', 'lev', 'q2'),
      line('Spring will not wait,', 'vera', 'q3'),
    ],
  });
  return { client, path };
}

type Reply = CharacterAnalysisDetail[];

describe('character analysis with a language model', () => {
  it("answers a Pro user the model's analysis, after a 429, stored and not paid for twice", async () => {
    const { client, path } = await projectOf('pro');
    fake.requests.length = 0;
    fake.script([
      { status: 429, message: 'Rate limit reached for requests', headers: { 'retry-after': '1' } },
      { content: ANSWER, usage: { prompt_tokens: 420, completion_tokens: 80 } },
    ]);
    const res = await client.post<Reply>(`${path}/character-analysis`, { characterIds: ['vera'] });
    expect(res.status).toBe(200);
    expect(res.body.data![0]).toMatchObject({
      characterId: 'vera',
      source: 'ai',
      model: 'fake-narrator-1',
      summary: ANSWER.summary,
      relationships: 'Lev: gives him orders',
      chaptersRead: ['CHAPTER I. Snow', 'CHAPTER II. Thaw'],
      stats: { lines: 2, talksWith: [{ characterId: 'lev', name: 'Lev', exchanges: 1 }] },
      narrator: { voiceDirection: { age: 'forties', accent: 'Russian', register: 'formal', pace: 'measured' } },
    });
    const usage = res.body.usage as TokenUsage;
    expect(usage).toEqual({ month: new Date().toISOString().slice(0, 7), tokensUsed: 500, tokenBudget: 2_000_000 });

    // What the provider received: the model, the schema, and the character's passages.
    expect(fake.requests).toHaveLength(2);
    const sent = fake.requests[1]!;
    expect(sent.headers.authorization).toBe('Bearer sk-fake');
    expect(sent.body.model).toBe('fake-narrator-1');
    expect(sent.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'character_analysis',
        strict: true,
        schema: { type: 'object', additionalProperties: false },
      },
    });
    const schema = sent.body.response_format!.json_schema!.schema as { required: string[] };
    expect(schema.required).toEqual(
      expect.arrayContaining(['summary', 'personality', 'arc', 'relationships', 'motivation']),
    );
    const user = sent.body.messages.find((m) => m.role === 'user')!.content;
    expect(user).toContain('Character: Vera');
    expect(user).toContain('"Close the shutters," said Vera coldly.');
    expect(user).toContain('"Spring will not wait," Vera murmured.');
    console.log(`The request the provider received:\n${JSON.stringify(sent.body, null, 2)}`);

    // Stored: answered again without a request; refresh builds the same prompt, which the cache answers.
    const again = await client.post<Reply>(`${path}/character-analysis`, { characterIds: ['vera'] });
    expect(again.body.data![0]!.summary).toBe(ANSWER.summary);
    const refreshed = await client.post<Reply>(`${path}/character-analysis`, { characterIds: ['vera'], refresh: true });
    expect(refreshed.body.data![0]!.source).toBe('ai');
    expect(fake.requests).toHaveLength(2);
    expect((refreshed.body.usage as TokenUsage).tokensUsed).toBe(500);
  });

  it('answers 502 when the provider keeps failing, and stores nothing', async () => {
    const { client, path } = await projectOf('pro');
    fake.requests.length = 0;
    fake.script([{ status: 500, message: 'The server had an error', headers: { 'retry-after-ms': '10' } }]);
    const res = await client.post(`${path}/character-analysis`, { characterIds: ['lev'] });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/^The language model refused the request \(500/);
    expect(fake.requests).toHaveLength(2); // the first try and LLM_MAX_RETRIES=1
    // Nothing half-stored: with the provider back, the next request asks it.
    fake.script([{ content: { ...ANSWER, summary: 'A servant.' } }]);
    const next = await client.post<Reply>(`${path}/character-analysis`, { characterIds: ['lev'] });
    expect(next.body.data![0]).toMatchObject({ source: 'ai', summary: 'A servant.' });
  });

  it('refuses a Free user before asking the provider', async () => {
    const { client, path } = await projectOf('free');
    fake.requests.length = 0;
    const res = await client.post(`${path}/character-analysis`, { characterIds: ['vera'] });
    expect(res.status).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });
});

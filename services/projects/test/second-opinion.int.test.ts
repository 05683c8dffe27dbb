// Issue 18, the second opinion on doubtful speakers, through the gateway with the projects service
// configured to use the fake OpenAI-compatible server of the test kit (real HTTP, the official client).
// The request carries the model, the json_schema, the quote's context and candidates; the answers are
// stored as 'ai' with the model's confidence; speakers the user set are never touched, also when set
// while the run waits for the model; an answer that twice fails the schema fails the run with nothing
// stored; a 429 then 200 succeeds; a new text or a new analysis stops the run and its answer is
// discarded; so does the user's cancel. A run whose process stopped is taken up by the sweep. Free
// users get 403; without a provider the estimate says so.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote, SecondOpinionEstimate, SecondOpinionState } from '@castbook/contracts';
import {
  type ApiClient,
  newBook,
  signedUpClient,
  startFakeOpenAi,
  startWorkspaceStack,
  waitFor,
  type FakeOpenAi,
  type FakeStep,
  type WorkspaceStack,
} from '@castbook/test-kit';

const BOOK =
  'CHAPTER I. Snow\n\n' +
  'The parlour was cold, and Vera had not taken off her gloves.\n\n' +
  '"Close the shutters," said Vera.\n\n' +
  'Lev looked at the window, then at her.\n\n' +
  '"They are frozen shut."\n\n' +
  '"Then break the ice."\n\n' +
  'Nobody moved for a while. The clock struck four.\n\n' +
  '"I will not," he said at last.\n\n' +
  'The end of the chapter.';

const line = (text: string, id: string, over: Partial<Quote> = {}): Quote => {
  const start = BOOK.indexOf(`"${text}"`);
  return {
    id,
    text,
    startOffset: start,
    endOffset: start + text.length + 2,
    speakerId: 'vera',
    confidence: 0.4,
    attributionMethod: 'turn-taking',
    candidates: [
      { speakerId: 'vera', probability: 0.4 },
      { speakerId: 'lev', probability: 0.35 },
    ],
    ...over,
  };
};
const QUOTES = [
  line('Close the shutters,', 'q1', { confidence: 0.97, attributionMethod: 'explicit' }),
  line('They are frozen shut.', 'q2'),
  line('Then break the ice.', 'q3', { speakerId: 'lev' }),
  line('I will not,', 'q4', { speakerId: 'lev', attributionMethod: 'user', confidence: 1 }),
];
/** Q1 = q2 (frozen shut), Q2 = q3 (break the ice): the labels in reading order. C1 = Vera, C2 = Lev. */
const ANSWER = {
  answers: [
    { quote: 'Q1', speaker: 'C2', confidence: 0.86 },
    { quote: 'Q2', speaker: 'C1', confidence: 0.91 },
  ],
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
      SECOND_OPINION_LEASE_MS: '2000',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

const form = async (client: ApiClient, method: string, path: string, fields: Record<string, string>) =>
  (await client.form<Record<string, string>>(method, path, fields)).body.data!;

let books = 0;
async function projectOf(tier: 'free' | 'pro', s = stack) {
  const { client } = await signedUpClient(s.gatewayUrl, { subscriptionTier: tier });
  // A title of its own: the title is in the prompt, so no test is answered from another's cached reply.
  const project = await newBook(client, { title: `Winter House ${++books}`, content: BOOK });
  const path = `/api/projects/${project.id}`;
  const person = (id: string, name: string) => ({ id, name, color: '#884422', summary: '', alternativeNames: [] });
  await client.call('PATCH', `${path}/characters`, { characters: [person('vera', 'Vera'), person('lev', 'Lev')] });
  const res = await client.call('PATCH', `${path}/quotes`, { quotes: QUOTES });
  expect(res.status).toBe(200);
  return { client, path };
}

const quotesOf = async (client: ApiClient, path: string) =>
  (await client.get<{ quotes: Quote[] }>(path)).body.data!.quotes;
const stateOf = async (client: ApiClient, path: string) =>
  (await client.get<SecondOpinionState>(`${path}/second-opinion`)).body.data!;
const settled = (client: ApiClient, path: string) =>
  waitFor(async () => {
    const s = await stateOf(client, path);
    return s.job && s.job.status !== 'running' ? s.job : undefined;
  }, 'the run to end');

/** A script whose first answer waits until `release` is called. */
function held(then: FakeStep) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let asked!: () => void;
  const arrived = new Promise<void>((r) => (asked = r));
  fake.script(async () => {
    asked();
    await gate;
    return then;
  });
  return { release, arrived };
}

describe('second opinion on doubtful speakers', () => {
  it('estimates, then asks the model with context and candidates, and stores its answers as ai', async () => {
    const { client, path } = await projectOf('pro');
    const estimate = await client.post<SecondOpinionEstimate>(`${path}/second-opinion/estimate`, {});
    expect(estimate.status).toBe(200);
    expect(estimate.body.data).toMatchObject({
      model: 'fake-narrator-1',
      threshold: 0.6,
      quotes: 2, // q1 is confident, q4 is the user's
      batches: 1,
      cachedBatches: 0,
      fitsBudget: true,
      usage: { tokensUsed: 0, tokenBudget: 2_000_000 },
    });
    const tokens = estimate.body.data!.tokens;
    expect(tokens).toBeGreaterThan(300);
    expect(estimate.body.data!.budgetShare).toBeCloseTo(tokens / 2_000_000, 4);

    fake.requests.length = 0;
    fake.script([
      { status: 429, message: 'Rate limit reached for requests', headers: { 'retry-after': '0' } },
      { content: ANSWER, usage: { prompt_tokens: 700, completion_tokens: 60 } },
    ]);
    const started = await client.post<SecondOpinionState>(`${path}/second-opinion`, {});
    expect(started.status).toBe(202);
    expect(started.body.data!.job).toMatchObject({ status: 'running', batchesTotal: 1, quotesTotal: 2 });
    const job = await settled(client, path);
    expect(job).toMatchObject({
      status: 'completed',
      batchesDone: 1,
      batchesTotal: 1,
      changed: 2,
      agreed: 0,
      kept: 0,
      tokensUsed: 760,
      message: null,
    });

    // The 429 was waited out; the second request is the one answered.
    expect(fake.requests).toHaveLength(2);
    const sent = fake.requests[1]!.body;
    expect(sent.model).toBe('fake-narrator-1');
    expect(sent.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'speaker_second_opinion', strict: true, schema: { type: 'object' } },
    });
    const user = sent.messages.find((m) => m.role === 'user')!.content;
    // The context: the paragraphs around the quotes, the quotes marked, the candidates with probabilities.
    expect(user).toContain('Lev looked at the window, then at her.');
    expect(user).toContain('[Q1]"They are frozen shut."[/Q1]');
    expect(user).toContain('[Q2]"Then break the ice."[/Q2]');
    expect(user).toContain('Q1: C1 Vera (0.40), C2 Lev (0.35)');
    expect(user).toContain('C2: Lev');
    expect(user).not.toContain('[Q3]'); // the user's quote is not asked about
    console.log(`The request the provider received:\n${JSON.stringify(sent, null, 2)}`);

    const quotes = await quotesOf(client, path);
    expect(quotes.find((q) => q.id === 'q2')).toMatchObject({
      speakerId: 'lev',
      attributionMethod: 'ai',
      confidence: 0.86,
    });
    expect(quotes.find((q) => q.id === 'q3')).toMatchObject({
      speakerId: 'vera',
      attributionMethod: 'ai',
      confidence: 0.91,
    });
    expect(quotes.find((q) => q.id === 'q1')).toEqual(QUOTES[0]);
    expect(quotes.find((q) => q.id === 'q4')).toEqual(QUOTES[3]);

    // Decided quotes are not doubtful any more; asked again, the same prompt would come from the cache.
    const again = await client.post<SecondOpinionEstimate>(`${path}/second-opinion/estimate`, {});
    expect(again.body.data).toMatchObject({ quotes: 0, batches: 0, tokens: 0 });
    const nothing = await client.post(`${path}/second-opinion`, {});
    expect(nothing.status).toBe(409);
    expect(nothing.body.error).toBe('No quote under 60 % confidence has two candidate speakers to choose from');
    await client.call('PATCH', `${path}/quotes`, { quotes: QUOTES });
    const cached = await client.post<SecondOpinionEstimate>(`${path}/second-opinion/estimate`, {});
    expect(cached.body.data).toMatchObject({ quotes: 2, batches: 1, cachedBatches: 1, tokens: 0 });
  });

  it('never touches a speaker the user sets while the run waits for the model', async () => {
    const { client, path } = await projectOf('pro');
    const { release, arrived } = held({ content: ANSWER });
    await client.post(`${path}/second-opinion`, {});
    await arrived;
    // The user sets q2's speaker while the model is thinking.
    const mine = QUOTES.map((q) =>
      q.id === 'q2' ? { ...q, speakerId: 'vera', attributionMethod: 'user' as const, confidence: 1 } : q,
    );
    expect((await client.call('PATCH', `${path}/quotes`, { quotes: mine })).status).toBe(200);
    release();
    const job = await settled(client, path);
    expect(job).toMatchObject({ status: 'completed', changed: 1, kept: 1 });
    const quotes = await quotesOf(client, path);
    expect(quotes.find((q) => q.id === 'q2')).toMatchObject({
      speakerId: 'vera',
      attributionMethod: 'user',
      confidence: 1,
    });
    expect(quotes.find((q) => q.id === 'q3')).toMatchObject({ speakerId: 'vera', attributionMethod: 'ai' });
  });

  it('an answer off the schema is asked once more, then the run fails with nothing stored', async () => {
    const { client, path } = await projectOf('pro');
    fake.requests.length = 0;
    fake.script([
      { content: 'Vera says it, I think.' },
      // Valid JSON, but Q2 unanswered and a speaker who is not a candidate.
      { content: { answers: [{ quote: 'Q1', speaker: 'C3', confidence: 0.5 }] } },
    ]);
    await client.post(`${path}/second-opinion`, {});
    const job = await settled(client, path);
    expect(fake.requests).toHaveLength(2);
    expect(job).toMatchObject({ status: 'failed', batchesDone: 0, changed: 0 });
    expect(job.message).toMatch(/did not match the schema twice/);
    expect(job.tokensUsed).toBeGreaterThan(0); // both replies were paid for
    expect(await quotesOf(client, path)).toEqual(QUOTES);
  });

  it('a new text stops the run; the answer that arrives afterwards is discarded', async () => {
    const { client, path } = await projectOf('pro');
    const { release, arrived } = held({ content: ANSWER });
    await client.post(`${path}/second-opinion`, {});
    await arrived;
    await form(client, 'PATCH', path, { content: `${BOOK}\n\nAn epilogue.` });
    const job = await settled(client, path);
    expect(job).toMatchObject({ status: 'cancelled', message: 'Stopped: the text changed', batchesDone: 0 });
    const answered = fake.answered;
    release();
    // The user's quote moved with the text; no 'ai' quote appears, now or once the answer is out.
    await waitFor(() => fake.answered > answered, 'the held answer to go out (or be given up)');
    expect(await stateOf(client, path)).toMatchObject({ job: { status: 'cancelled', batchesDone: 0 } });
    const quotes = await quotesOf(client, path);
    expect(quotes.map((q) => q.attributionMethod)).toEqual(['user']);
  });

  it('a new analysis stops the run too', async () => {
    const { client, path } = await projectOf('pro');
    const gate = held({ content: ANSWER });
    await client.post(`${path}/second-opinion`, {});
    await gate.arrived;
    // No analysis service runs here: the request alone starts a job, which is what stops the run.
    expect((await client.post(`${path}/analyze`, {})).status).toBe(200);
    expect(await settled(client, path)).toMatchObject({
      status: 'cancelled',
      message: 'Stopped: the project is being analysed again',
    });
    const refused = await client.post(`${path}/second-opinion/estimate`, {});
    expect(refused.status).toBe(409);
    gate.release();
  });

  it('the user’s cancel stops the run; the answer that arrives afterwards is discarded', async () => {
    const { client, path } = await projectOf('pro');
    const gate = held({ content: ANSWER });
    await client.post(`${path}/second-opinion`, {});
    await gate.arrived;
    const cancelled = await client.post<SecondOpinionState>(`${path}/second-opinion/cancel`, {});
    expect(cancelled.body.data!.job).toMatchObject({ status: 'cancelled', message: 'Cancelled' });
    const answered = fake.answered;
    gate.release();
    await waitFor(() => fake.answered > answered, 'the held answer to go out (or be given up)');
    expect(await quotesOf(client, path)).toEqual(QUOTES);
  });

  it('a run whose process stopped (its lease ran out) is taken up and finished', async () => {
    const { client, path } = await projectOf('pro');
    const gate = held({ content: ANSWER });
    await client.post(`${path}/second-opinion`, {});
    await gate.arrived;
    // Another process's run that died before its first batch: a row left running, lease run out.
    const db = new pg.Client({ connectionString: stack.databases.projects });
    await db.connect();
    try {
      const projectId = path.split('/').at(-1)!;
      const { rows } = await db.query<{ id: string; batches: unknown }>(
        'SELECT id, batches FROM second_opinion_jobs WHERE project_id = $1',
        [projectId],
      );
      // The held run is this process's: end it, and leave a dead one in its place.
      await client.post(`${path}/second-opinion/cancel`, {});
      gate.release();
      const orphan = '00000000-0000-4000-8000-000000000001';
      await db.query(
        `INSERT INTO second_opinion_jobs (id, project_id, user_id, status, model, threshold, content_version,
           batches, quotes_total, lease_until, created_at)
         SELECT $1, project_id, user_id, 'running', model, threshold, content_version, batches, quotes_total,
                now() - interval '1 minute', now() + interval '1 second'
           FROM second_opinion_jobs WHERE id = $2`,
        [orphan, rows[0]!.id],
      );
      fake.script([{ content: ANSWER }]);
      const job = await settled(client, path);
      expect(job).toMatchObject({ id: orphan, status: 'completed', batchesDone: 1, changed: 2 });
      const quotes = await quotesOf(client, path);
      expect(quotes.filter((q) => q.attributionMethod === 'ai').map((q) => q.id)).toEqual(['q2', 'q3']);
    } finally {
      await db.end();
    }
  });

  it('refuses Free users with the SPEC message, before any request', async () => {
    const { client, path } = await projectOf('free');
    fake.requests.length = 0;
    for (const route of ['second-opinion/estimate', 'second-opinion']) {
      const res = await client.post(`${path}/${route}`, {});
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, error: 'This feature requires a subscription upgrade.' });
    }
    expect(fake.requests).toHaveLength(0);
    expect((await stateOf(client, path)).job).toBeNull();
    expect((await client.post(`${path}/second-opinion`, { threshold: 2 })).status).toBe(400);
  });
});

describe('second opinion without a provider', () => {
  let bare: WorkspaceStack;
  beforeAll(async () => {
    bare = await startWorkspaceStack();
  });
  afterAll(async () => bare?.stop());

  it('says a language model is needed', async () => {
    const { client, path } = await projectOf('pro', bare);
    expect(await stateOf(client, path)).toEqual({ provider: null, job: null });
    const res = await client.post(`${path}/second-opinion/estimate`, {});
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/needs a language model, and none is configured/);
  });
});

// The provider on the official `openai` client, against a fake OpenAI-compatible HTTP server (no
// network, no mock of the client): what the request carries, validation with one retry, 429 with
// retry-after then success, server errors after the client's retries, cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAi, type FakeOpenAi } from '@castbook/test-kit';
import { LlmError, OpenAiProvider } from './llm.js';

const schema = z.strictObject({ mood: z.string(), lines: z.number().int() });

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => fake?.close());

const provider = (maxRetries = 2) =>
  new OpenAiProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, model: 'test-model', timeoutMs: 10_000, maxRetries });
const ask = (p = provider(), signal?: AbortSignal) =>
  p.complete({ name: 'mood', schema, system: 'You rate moods.', user: 'Rate this.', signal });

describe('OpenAiProvider', () => {
  it('sends the model, the messages and the json_schema made from the zod schema, and validates the answer', async () => {
    fake.requests.length = 0;
    fake.script([{ content: { mood: 'calm', lines: 3 }, usage: { prompt_tokens: 100, completion_tokens: 20 } }]);
    const answer = await ask();
    expect(answer).toEqual({
      value: { mood: 'calm', lines: 3 },
      usage: { promptTokens: 100, completionTokens: 20, totalTokens: 120 },
      model: 'test-model',
    });
    expect(fake.requests).toHaveLength(1);
    const { body, headers } = fake.requests[0]!;
    expect(headers.authorization).toBe('Bearer sk-test');
    expect(body.model).toBe('test-model');
    expect(body.messages).toEqual([
      { role: 'system', content: 'You rate moods.' },
      { role: 'user', content: 'Rate this.' },
    ]);
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'mood',
        strict: true,
        schema: {
          type: 'object',
          properties: {
            mood: { type: 'string' },
            lines: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) },
          },
          required: ['mood', 'lines'],
          additionalProperties: false,
        },
      },
    });
  });

  it('asks once more when the answer does not match the schema, counting both attempts’ tokens', async () => {
    fake.requests.length = 0;
    fake.script([
      { content: { mood: 'calm' }, usage: { prompt_tokens: 10, completion_tokens: 1 } },
      { content: { mood: 'tense', lines: 2 }, usage: { prompt_tokens: 10, completion_tokens: 2 } },
    ]);
    const answer = await ask();
    expect(answer.value).toEqual({ mood: 'tense', lines: 2 });
    expect(answer.usage.totalTokens).toBe(23);
    expect(fake.requests).toHaveLength(2);
  });

  it('fails after a second answer off the schema, with nothing half-parsed', async () => {
    fake.requests.length = 0;
    fake.script([{ content: 'not json' }, { content: { mood: 3, lines: 'x' } }]);
    const failure = await ask().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LlmError);
    expect((failure as LlmError).message).toMatch(/did not match the schema twice/);
    expect((failure as { usage: { totalTokens: number } }).usage.totalTokens).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(2);
  });

  it('waits out a 429 with retry-after and then succeeds', async () => {
    fake.requests.length = 0;
    fake.script([
      { status: 429, message: 'Rate limit reached', headers: { 'retry-after': '1' } },
      { content: { mood: 'calm', lines: 1 } },
    ]);
    const started = Date.now();
    expect((await ask()).value).toEqual({ mood: 'calm', lines: 1 });
    expect(fake.requests).toHaveLength(2);
    // The client honoured the header (a lower bound only: no upper bound on a loaded machine).
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('reports a server error once the client’s retries are spent', async () => {
    fake.requests.length = 0;
    fake.script([{ status: 503, message: 'Overloaded', headers: { 'retry-after-ms': '10' } }]);
    const failure = await ask(provider(1)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LlmError);
    expect(failure).toMatchObject({ status: 503 });
    expect((failure as Error).message).toMatch(/refused the request \(503/);
    expect(fake.requests).toHaveLength(2);
  });

  it('stops when the caller cancels, also while waiting out a retry-after', async () => {
    fake.requests.length = 0;
    fake.script([{ status: 429, message: 'Slow down', headers: { 'retry-after': '30' } }]);
    const cancel = new AbortController();
    const pending = ask(provider(), cancel.signal);
    // Cancelled once the 429 arrived and the client waits its 30 s.
    const waitFor429 = async () => {
      while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    };
    await waitFor429();
    cancel.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    expect(fake.requests).toHaveLength(1);
  });
});

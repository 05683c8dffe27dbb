// The one language-model interface of the service (issue 18) and its implementation on the official
// `openai` client. Any OpenAI-compatible server works (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio)
// through OPENAI_BASE_URL. Answers are structured: the request carries a JSON schema
// (`response_format: {type: 'json_schema'}`) made from a zod schema, and the reply is validated with
// that zod schema; a reply that does not validate is asked for once more, then reported as a failure.
// Timeouts and retries with backoff on 408/409/429/5xx, honouring `retry-after(-ms)`, are the
// client's own (its `timeout` and `maxRetries`: docs/decisions.md, "Language model provider").
import OpenAI from 'openai';
import { z } from 'zod';

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface StructuredRequest<T> {
  /** The schema's name in the request (letters, digits, _ and -). */
  name: string;
  schema: z.ZodType<T>;
  system: string;
  user: string;
  signal?: AbortSignal;
}

export interface StructuredAnswer<T> {
  value: T;
  /** Tokens of every attempt, the refused one included: they were paid for. */
  usage: Usage;
  model: string;
}

export interface LlmProvider {
  readonly model: string;
  complete<T>(request: StructuredRequest<T>): Promise<StructuredAnswer<T>>;
}

/** The provider failed: unreachable, refused, timed out, or its answer twice did not match the schema. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface OpenAiOptions {
  apiKey?: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

const NO_USAGE: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
const add = (a: Usage, b: Usage): Usage => ({
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
  totalTokens: a.totalTokens + b.totalTokens,
});

export class OpenAiProvider implements LlmProvider {
  readonly model: string;
  private readonly client: OpenAI;

  constructor(options: OpenAiOptions) {
    this.model = options.model;
    this.client = new OpenAI({
      // Local servers (Ollama, vLLM, LM Studio) take any key; the client insists on one.
      apiKey: options.apiKey || 'not-needed',
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }

  async complete<T>(request: StructuredRequest<T>): Promise<StructuredAnswer<T>> {
    const jsonSchema = jsonSchemaOf(request.schema);
    let usage = NO_USAGE;
    let problem = '';
    // One retry on an answer that does not validate; the second failure is the caller's error.
    for (let attempt = 0; attempt < 2; attempt++) {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await abortable(
          request.signal,
          this.client.chat.completions.create(
            {
              model: this.model,
              messages: [
                { role: 'system', content: request.system },
                { role: 'user', content: request.user },
              ],
              response_format: {
                type: 'json_schema',
                json_schema: { name: request.name, schema: jsonSchema, strict: true },
              },
            },
            { signal: request.signal },
          ),
        );
      } catch (err) {
        throw providerError(err);
      }
      const u = completion.usage;
      usage = add(usage, {
        promptTokens: u?.prompt_tokens ?? 0,
        completionTokens: u?.completion_tokens ?? 0,
        totalTokens: u?.total_tokens ?? 0,
      });
      const content = completion.choices[0]?.message?.content ?? '';
      const parsed = parseJson(content);
      const checked = parsed.ok ? request.schema.safeParse(parsed.value) : undefined;
      if (checked?.success) return { value: checked.data, usage, model: completion.model || this.model };
      problem = parsed.ok ? z.prettifyError(checked!.error) : 'the answer is not JSON';
    }
    throw Object.assign(new LlmError(`The language model's answer did not match the schema twice (${problem})`), {
      usage,
    });
  }
}

/** The JSON schema sent as `response_format` for a zod schema (draft 7, without `$schema`). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>;
  delete jsonSchema.$schema;
  return jsonSchema;
}

/**
 * The client stops a request in flight on abort, but not its wait before a retry (a 429's
 * retry-after): the caller is answered at once, and the retry that follows fails on the same signal.
 */
function abortable<T>(signal: AbortSignal | undefined, work: Promise<T>): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new OpenAI.APIUserAbortError());
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function providerError(err: unknown): Error {
  if (err instanceof OpenAI.APIUserAbortError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new LlmError('The language model did not answer in time');
  if (err instanceof OpenAI.APIConnectionError) return new LlmError('The language model could not be reached');
  if (err instanceof OpenAI.APIError) {
    return new LlmError(
      `The language model refused the request (${err.status ?? 'no status'}: ${err.message})`,
      err.status,
    );
  }
  return err instanceof Error ? err : new Error(String(err));
}

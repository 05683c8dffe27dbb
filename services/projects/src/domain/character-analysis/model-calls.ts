// The one way this service asks the language model (issue 18): every structured request goes through
// `ModelCalls.ask`, which answers from the cache when the same prompt was answered by the same model
// under the same prompt version (nothing is paid for twice), refuses when the user's monthly token
// budget is used up, and counts the tokens of every attempt (a reply that never validated was paid
// for too). Used by the character analysis (ai.ts) and the second opinion on doubtful speakers.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { TokenUsage } from '@castbook/contracts';
import type { LlmProvider, StructuredAnswer, Usage } from './llm.js';

export interface Prompt {
  system: string;
  user: string;
}

/** Where answers are cached and tokens counted (the service's database: db/llm.ts). */
export interface AiStore {
  /** A cached answer as stored (checked against its schema by the caller). */
  cached(key: string): Promise<{ value: unknown; model: string } | undefined>;
  cache(key: string, answer: StructuredAnswer<unknown>): Promise<void>;
  /** Tokens the user spent this month. */
  spent(userId: string, month: string): Promise<number>;
  spend(userId: string, month: string, tokens: number): Promise<void>;
}

export const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/** The cache key of a prompt: its text, the model and the prompt's version (a new version asks again). */
export function promptKey(prompt: Prompt, model: string, version: string): string {
  return createHash('sha256').update(`v${version}\n${model}\n${prompt.system}\n${prompt.user}`).digest('hex');
}

export interface Asked<T> {
  value: T;
  model: string;
  /** Tokens this call spent: 0 when answered from the cache. */
  tokens: number;
}

export class ModelCalls {
  constructor(
    readonly provider: LlmProvider,
    readonly store: AiStore,
    readonly monthlyTokens: number,
  ) {}

  get model(): string {
    return this.provider.model;
  }

  async usage(userId: string, now = new Date()): Promise<TokenUsage> {
    const month = monthOf(now);
    return { month, tokensUsed: await this.store.spent(userId, month), tokenBudget: this.monthlyTokens };
  }

  /** Whether this prompt's answer is cached and still matches its schema (asking it again costs nothing). */
  async isCached<T>(schema: z.ZodType<T>, prompt: Prompt, version: string): Promise<boolean> {
    const hit = await this.store.cached(promptKey(prompt, this.model, version));
    return !!hit && schema.safeParse(hit.value).success;
  }

  /**
   * One structured request: from the cache, or asked within the user's budget with its tokens counted.
   * `undefined` when the budget is used up before the request. Provider failures (LlmError) throw.
   */
  async ask<T>(request: {
    userId: string;
    name: string;
    schema: z.ZodType<T>;
    prompt: Prompt;
    version: string;
    signal?: AbortSignal;
  }): Promise<Asked<T> | undefined> {
    const { userId, name, schema, prompt, signal } = request;
    const key = promptKey(prompt, this.model, request.version);
    const hit = await this.store.cached(key);
    const valid = hit && schema.safeParse(hit.value);
    if (hit && valid?.success) return { value: valid.data, model: hit.model, tokens: 0 };
    const month = monthOf(new Date());
    if ((await this.store.spent(userId, month)) >= this.monthlyTokens) return undefined;
    let answer: StructuredAnswer<T>;
    try {
      answer = await this.provider.complete({ name, schema, system: prompt.system, user: prompt.user, signal });
    } catch (err) {
      // A reply that never validated was still paid for.
      const usage = (err as { usage?: Usage }).usage;
      if (usage?.totalTokens) await this.store.spend(userId, month, usage.totalTokens);
      throw err;
    }
    await this.store.spend(userId, month, answer.usage.totalTokens);
    await this.store.cache(key, answer);
    return { value: answer.value, model: answer.model, tokens: answer.usage.totalTokens };
  }
}

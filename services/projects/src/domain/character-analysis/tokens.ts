// Token counts for estimates shown to the user (what a run will cost before it is confirmed). The
// o200k_base encoding is the tokenizer of OpenAI's current models (gpt-4o, gpt-4.1, o-series); other
// models (Llama, Mistral, Qwen behind Ollama or vLLM) tokenize differently, typically within ±15 % on
// English prose, which is close enough for a share of a monthly budget. gpt-tokenizer is pure
// JavaScript with no dependency (docs/decisions.md, "Token estimates").
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';

export function countTokens(text: string): number {
  return text === '' ? 0 : o200k(text);
}

/**
 * Tokens a chat completion takes on the bill: each message's text plus the few tokens of its framing
 * (OpenAI's documented 3 per message and 3 to prime the answer), and the response format's JSON schema,
 * which the provider also reads as prompt.
 */
export function chatPromptTokens(messages: string[], jsonSchema?: unknown): number {
  const framing = 3 * messages.length + 3;
  const schema = jsonSchema === undefined ? 0 : countTokens(JSON.stringify(jsonSchema));
  return messages.reduce((n, m) => n + countTokens(m), framing + schema);
}

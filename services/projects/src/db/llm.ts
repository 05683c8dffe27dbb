// llm_cache and llm_usage (issue 18): cached model answers and each user's tokens per month. The only
// place their SQL lives.
import type { Queryable } from '@castbook/platform';
import type { AiStore } from '../domain/character-analysis/model-calls.js';

export function llmStore(db: Queryable): AiStore {
  return {
    async cached(key) {
      const { rows } = await db.query<{ answer: unknown; model: string }>(
        'SELECT answer, model FROM llm_cache WHERE key = $1',
        [key],
      );
      return rows[0] && { value: rows[0].answer, model: rows[0].model };
    },
    async cache(key, answer) {
      await db.query(
        `INSERT INTO llm_cache (key, model, answer, total_tokens) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO NOTHING`,
        [key, answer.model, JSON.stringify(answer.value), answer.usage.totalTokens],
      );
    },
    async spent(userId, month) {
      const { rows } = await db.query<{ tokens: string }>(
        'SELECT tokens FROM llm_usage WHERE user_id = $1 AND month = $2',
        [userId, month],
      );
      return Number(rows[0]?.tokens ?? 0);
    },
    async spend(userId, month, tokens) {
      await db.query(
        `INSERT INTO llm_usage (user_id, month, tokens) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, month) DO UPDATE SET tokens = llm_usage.tokens + EXCLUDED.tokens`,
        [userId, month, tokens],
      );
    },
  };
}

// The language-model features as configured: with a model when a provider is configured (a base URL or
// a key: OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio...), built-in only (and no second opinion) otherwise.
import type { Database, Logger } from '@castbook/platform';
import type { ProjectsConfig } from '../../config.js';
import { llmStore } from '../../db/llm.js';
import type { Projects } from '../project-service.js';
import { SecondOpinions } from '../second-opinion/service.js';
import { AiAnalyst } from './ai.js';
import { OpenAiProvider } from './llm.js';
import { ModelCalls } from './model-calls.js';
import { CharacterAnalyses } from './service.js';

/** The one provider and its cached, budgeted calls; undefined when none is configured. */
function modelCalls(config: ProjectsConfig, db: Database): ModelCalls | undefined {
  if (!config.OPENAI_BASE_URL && !config.OPENAI_API_KEY) return undefined;
  const provider = new OpenAiProvider({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
  });
  return new ModelCalls(provider, llmStore(db.pool), config.LLM_MONTHLY_TOKENS);
}

export function languageModelFeatures(
  config: ProjectsConfig,
  db: Database,
  projects: Projects,
  logger: Logger,
): { characterAnalyses: CharacterAnalyses; secondOpinions: SecondOpinions } {
  const calls = modelCalls(config, db);
  const ai =
    calls &&
    new AiAnalyst(calls.provider, calls.store, {
      monthlyTokens: config.LLM_MONTHLY_TOKENS,
      passageTokens: config.LLM_PASSAGE_TOKENS,
    });
  const leaseMs = config.SECOND_OPINION_LEASE_MS;
  return {
    characterAnalyses: new CharacterAnalyses(db, projects, ai),
    secondOpinions: new SecondOpinions(db, projects, logger, calls, { leaseMs, pollMs: Math.min(2_000, leaseMs / 4) }),
  };
}

// The character analyses as configured: with a language model when a provider is configured (a base
// URL or a key: OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio...), built-in only otherwise.
import type { Database } from '@castbook/platform';
import type { ProjectsConfig } from '../../config.js';
import { llmStore } from '../../db/llm.js';
import type { Projects } from '../project-service.js';
import { AiAnalyst } from './ai.js';
import { OpenAiProvider } from './llm.js';
import { CharacterAnalyses } from './service.js';

export function characterAnalyses(config: ProjectsConfig, db: Database, projects: Projects): CharacterAnalyses {
  if (!config.OPENAI_BASE_URL && !config.OPENAI_API_KEY) return new CharacterAnalyses(db, projects);
  const provider = new OpenAiProvider({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxRetries: config.LLM_MAX_RETRIES,
  });
  const ai = new AiAnalyst(provider, llmStore(db.pool), {
    monthlyTokens: config.LLM_MONTHLY_TOKENS,
    passageTokens: config.LLM_PASSAGE_TOKENS,
  });
  return new CharacterAnalyses(db, projects, ai);
}

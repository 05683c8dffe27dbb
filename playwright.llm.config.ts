// `npm run test:e2e:llm` (part of `npm test`): the specs that need a language model
// (e2e/*.llm.spec.ts) on a stack of their own, configured with the test kit's fake OpenAI-compatible
// server, which the spec starts and scripts (e2e/stack.ts has the ports). The other specs expect no
// model (the built-in character analysis), so they run on playwright.config.ts's stack.
import { defineConfig } from '@playwright/test';
import base, { stackServer } from './playwright.config.js';
import {
  E2E_LLM_DATA_DIR,
  E2E_LLM_MODEL,
  E2E_LLM_PORT,
  E2E_LLM_PROVIDER_PORT,
  E2E_LLM_SERVER_LOG,
} from './e2e/stack.js';

export default defineConfig({
  ...base,
  testMatch: '*.llm.spec.ts',
  // One project: the base config's split (the clock specs after the rest) is for its own specs.
  projects: [{ name: 'llm' }],
  // Without Chromium the base config runs nothing (and has no stack); neither does this one.
  testIgnore: base.webServer ? [] : ['**/*'],
  outputDir: `test-results/e2e-${E2E_LLM_PORT}`,
  use: { ...base.use, baseURL: `http://localhost:${E2E_LLM_PORT}` },
  webServer: base.webServer
    ? stackServer(E2E_LLM_PORT, E2E_LLM_DATA_DIR, E2E_LLM_SERVER_LOG, {
        OPENAI_BASE_URL: `http://127.0.0.1:${E2E_LLM_PROVIDER_PORT}/v1`,
        OPENAI_API_KEY: 'e2e-fake-key',
        OPENAI_MODEL: E2E_LLM_MODEL,
      })
    : undefined,
});

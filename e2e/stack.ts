// Where the e2e stack runs: one port and one data directory per port, so two runs can coexist.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8099);
export const E2E_DATA_DIR = `.test-data/e2e-${E2E_PORT}`;
/** The server's log: the embedded mailer writes mails (reset links) into it. */
export const E2E_SERVER_LOG = `${E2E_DATA_DIR}/server.log`;

/**
 * The stack with a language model (playwright.llm.config.ts): its own port and data directory, and
 * the port where second-opinion.llm.spec.ts starts the test kit's fake OpenAI-compatible server,
 * which that stack is configured with (OPENAI_BASE_URL, OPENAI_MODEL).
 */
export const E2E_LLM_PORT = Number(process.env.E2E_LLM_PORT ?? E2E_PORT + 1);
export const E2E_LLM_DATA_DIR = `.test-data/e2e-${E2E_LLM_PORT}`;
export const E2E_LLM_SERVER_LOG = `${E2E_LLM_DATA_DIR}/server.log`;
export const E2E_LLM_PROVIDER_PORT = E2E_LLM_PORT + 1000;
export const E2E_LLM_MODEL = 'fake-narrator';

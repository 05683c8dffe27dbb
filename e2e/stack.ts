// Where the e2e stack runs: one port and one data directory per port, so two runs can coexist.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8099);
export const E2E_DATA_DIR = `.test-data/e2e-${E2E_PORT}`;
/** The server's log: the embedded mailer writes mails (reset links) into it. */
export const E2E_SERVER_LOG = `${E2E_DATA_DIR}/server.log`;

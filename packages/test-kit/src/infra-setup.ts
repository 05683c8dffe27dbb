// Global setup of the infra tier: a real Kafka (KRaft), MinIO and PostgreSQL server for the whole
// run, started without Docker from the installs of `npm run infra:install` (./servers, also
// `@castbook/test-kit/servers` for benchmarks and `npm run start:cluster`).
// Not installed: in CI that is an error (no tier may skip there); elsewhere the tier's tests skip
// through infraDescribe (infra.ts) and a note says how to install.
import type { TestProject } from 'vitest/node';
import './provided.js';
import './provided-context.js';
import { findInstall, startInfra } from './servers/index.js';

export default async function setup(project: TestProject) {
  const install = findInstall();
  if (install.missing) {
    if (process.env.CI) {
      throw new Error(
        `infra test tier: ${install.missing}. CI must install it (see .ci/run); the tier may not skip in CI.`,
      );
    }
    process.stderr.write(`\n[infra tier] skipped: ${install.missing}\n\n`);
    project.provide('infraAvailable', false);
    return;
  }
  const started = Date.now();
  const infra = await startInfra();
  process.stderr.write(
    `[infra tier] Kafka ${infra.kafka!.brokers}, MinIO ${infra.minio!.url}, PostgreSQL 127.0.0.1:${infra.postgres!.port} ` +
      `ready in ${((Date.now() - started) / 1000).toFixed(1)}s (data: ${infra.dataDir})\n`,
  );
  const { endPoint, port, useSSL, accessKey, secretKey } = infra.minio!;
  project.provide('infraAvailable', true);
  project.provide('kafkaBrokers', infra.kafka!.brokers);
  project.provide('postgresUrl', infra.postgres!.adminUrl);
  project.provide('minio', { endPoint, port, useSSL, accessKey, secretKey });
  return () => infra.stop();
}

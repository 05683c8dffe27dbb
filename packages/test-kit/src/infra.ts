// Helpers for *.infra.test.ts files: skip cleanly where the infrastructure is not installed (never
// in CI: infra-setup.ts fails there instead), and the environment a target needs to use it.
import './provided.js';
import './provided-context.js';
import { describe, inject } from 'vitest';

/** `describe` that skips its tests when Kafka/MinIO are not installed on this machine. */
export function infraDescribe(name: string, fn: () => void): void {
  describe.skipIf(!inject('infraAvailable'))(name, fn);
}

/**
 * The part of a target's environment (same names as `npm run start:cluster` and docker-compose.yml)
 * that points it at the tier's Kafka and MinIO. Add DATABASE_URL (see databases.ts) and PORT.
 */
export function infraEnv(): NodeJS.ProcessEnv {
  const minio = inject('minio');
  return {
    EVENT_BUS: 'kafka',
    KAFKA_BROKERS: inject('kafkaBrokers'),
    BLOB_STORE: 'minio',
    MINIO_ENDPOINT: `http://${minio.endPoint}:${minio.port}`,
    MINIO_ACCESS_KEY: minio.accessKey,
    MINIO_SECRET_KEY: minio.secretKey,
  };
}

// Chooses the BlobStore from configuration (never from NODE_ENV): BLOB_STORE=disk (default, embedded
// mode) or BLOB_STORE=minio (distributed mode). Bad configuration fails at boot with one line naming
// the variable.
import { z } from 'zod';
import { ConfigError } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { BlobStore } from './blob-store.js';
import { DEFAULT_BLOB_DIR, DiskBlobStore } from './disk-store.js';
import { MinioBlobStore, type MinioBlobStoreOptions } from './minio-store.js';

// Compose files often write `VAR=` for "not set"; treat an empty value as absent.
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const schema = z
  .object({
    BLOB_STORE: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['disk', 'minio']).default('disk')),
    BLOB_DIR: optional,
    MINIO_ENDPOINT: optional,
    MINIO_ACCESS_KEY: optional,
    MINIO_SECRET_KEY: optional,
    // Bucket names are 3-63 of [a-z0-9.-]; the longest bucket ('documents') must still fit.
    MINIO_BUCKET_PREFIX: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{0,53}$/, 'must be lowercase letters, digits, dots or hyphens, at most 54 chars')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.BLOB_STORE !== 'minio') return;
    for (const name of ['MINIO_ENDPOINT', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'] as const) {
      if (env[name] === undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when BLOB_STORE=minio` });
      }
    }
    if (env.MINIO_ENDPOINT !== undefined) {
      const problem = endpointProblem(env.MINIO_ENDPOINT);
      if (problem) ctx.addIssue({ code: 'custom', path: ['MINIO_ENDPOINT'], message: `MINIO_ENDPOINT ${problem}` });
    }
  });

export type BlobStoreConfig =
  | { kind: 'disk'; root: string }
  | ({ kind: 'minio' } & Pick<
      MinioBlobStoreOptions,
      'endPoint' | 'port' | 'useSSL' | 'accessKey' | 'secretKey' | 'bucketPrefix'
    >);

function endpointProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `is invalid: '${value}' is not a URL (expected e.g. http://127.0.0.1:9000)`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'is invalid: must start with http:// or https://';
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    return 'is invalid: must be scheme, host and port only (no path, query or credentials)';
  }
  return undefined;
}

/** Reads and validates the blob store variables; throws ConfigError naming the bad variable. */
export function blobStoreConfig(env: NodeJS.ProcessEnv = process.env): BlobStoreConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) =>
      i.code === 'custom' ? i.message : `${i.path.join('.')} is invalid: ${i.message}`,
    );
    throw new ConfigError(`blob store: bad configuration: ${problems.join('; ')}`);
  }
  const cfg = parsed.data;
  if (cfg.BLOB_STORE === 'disk') return { kind: 'disk', root: cfg.BLOB_DIR ?? DEFAULT_BLOB_DIR };
  // superRefine has guaranteed these are present and well formed.
  const url = new URL(cfg.MINIO_ENDPOINT!);
  const useSSL = url.protocol === 'https:';
  return {
    kind: 'minio',
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: cfg.MINIO_ACCESS_KEY!,
    secretKey: cfg.MINIO_SECRET_KEY!,
    bucketPrefix: cfg.MINIO_BUCKET_PREFIX ?? '',
  };
}

/** Builds (but does not start) the configured store. */
export function createBlobStore(env: NodeJS.ProcessEnv, logger: Logger): BlobStore {
  const cfg = blobStoreConfig(env);
  if (cfg.kind === 'disk') {
    logger.info({ blobStore: 'disk', root: cfg.root }, 'blob store: local disk');
    return new DiskBlobStore({ root: cfg.root });
  }
  const { kind: _kind, ...options } = cfg;
  logger.info(
    { blobStore: 'minio', endPoint: options.endPoint, port: options.port, bucketPrefix: options.bucketPrefix },
    'blob store: MinIO',
  );
  return new MinioBlobStore({ ...options, logger });
}

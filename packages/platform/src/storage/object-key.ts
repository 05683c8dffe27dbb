// Object keys are validated the same way in both modes, so a key that works on a developer's disk
// also works against MinIO in production (and the other way round). On disk a key becomes a path,
// so anything that could leave the bucket's folder is refused outright rather than normalised.
import { BUCKETS, type Bucket } from './blob-store.js';

export class InvalidObjectKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`invalid object key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidObjectKeyError';
  }
}

/** S3's limit on key length, in UTF-8 bytes. */
const MAX_KEY_BYTES = 1024;

export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidObjectKeyError(String(key), 'must not be empty');
  if (key.includes('\0')) throw new InvalidObjectKeyError(key, 'must not contain NUL');
  if (key.includes('\\')) throw new InvalidObjectKeyError(key, 'must not contain a backslash');
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw new InvalidObjectKeyError(key, 'must not be absolute');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) {
    throw new InvalidObjectKeyError(key, `must be at most ${MAX_KEY_BYTES} bytes`);
  }
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.')
      throw new InvalidObjectKeyError(key, `must not contain a '${segment}' segment`);
    if (segment === '') throw new InvalidObjectKeyError(key, 'must not contain empty segments or end with /');
  }
}

/** Buckets are typed, but callers in plain JS (or with `as`) could still pass any string. */
export function assertValidBucket(bucket: string): asserts bucket is Bucket {
  if (!(BUCKETS as readonly string[]).includes(bucket)) {
    throw new Error(`unknown bucket '${bucket}' (expected one of ${BUCKETS.join(', ')})`);
  }
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

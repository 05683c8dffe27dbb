// The one object storage interface (ARCHITECTURE.md): local disk in embedded mode, MinIO (any S3)
// in distributed mode. Large objects stream; nothing here buffers a whole object unless asked to.
import type { Readable } from 'node:stream';

export const BUCKETS = ['documents', 'images', 'audio', 'analysis'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface BlobInfo {
  size: number;
  contentType: string;
}

export class BlobNotFoundError extends Error {
  constructor(bucket: string, key: string) {
    super(`no object '${key}' in bucket '${bucket}'`);
    this.name = 'BlobNotFoundError';
  }
}

export interface BlobStore {
  /** Creates the buckets if missing. */
  start(): Promise<void>;
  put(bucket: Bucket, key: string, body: Readable | Buffer | string, contentType?: string): Promise<BlobInfo>;
  /** Streams an object; rejects with BlobNotFoundError when it does not exist. */
  getStream(bucket: Bucket, key: string): Promise<Readable>;
  /** Reads a whole (small) object into memory. */
  getBuffer(bucket: Bucket, key: string): Promise<Buffer>;
  stat(bucket: Bucket, key: string): Promise<BlobInfo | null>;
  delete(bucket: Bucket, key: string): Promise<void>;
  health(): Promise<{ ok: boolean; error?: string }>;
  stop(): Promise<void>;
}

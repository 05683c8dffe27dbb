// BlobStore on MinIO (or any S3) for distributed mode, via the `minio` client.
//
// Streamed puts run their own multipart upload instead of the client's putObject(stream): for a
// stream of unknown size minio-js v8 picks ~550 MB parts (so it buffers a whole 50 MB object), never
// settles when the source stream fails (and the source's 'error' goes unhandled), refuses an empty
// stream, and resumes any pending upload of the same key, which mixes parts of concurrent puts.
// Here one part is in memory at a time, a failed source rejects the put and aborts the upload, and
// an object smaller than one part goes up in a single PUT.
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Readable } from 'node:stream';
import { Client } from 'minio';
import type { Logger } from '../logging/logger.js';
import { BUCKETS, BlobNotFoundError, type BlobInfo, type BlobStore, type Bucket } from './blob-store.js';
import { DEFAULT_CONTENT_TYPE, assertValidBucket, assertValidKey } from './object-key.js';
import { readParts } from './read-parts.js';

export interface MinioBlobStoreOptions {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  /** Prepended to every bucket name, e.g. 'test-1234-' (lets tests and tenants share one server). */
  bucketPrefix?: string;
  /** Multipart part size in bytes; S3's minimum is 5 MiB. 8 MiB allows objects up to 80 GiB. */
  partSize?: number;
  /** How long health() waits for the server. */
  healthTimeoutMs?: number;
  logger?: Logger;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound']);

function s3Code(err: unknown): string | undefined {
  return (err as { code?: unknown } | null)?.code as string | undefined;
}

export class MinioBlobStore implements BlobStore {
  private readonly client: Client;
  private readonly agent: HttpAgent;
  private readonly prefix: string;
  private readonly partSize: number;
  private readonly healthTimeoutMs: number;
  private readonly logger: Logger | undefined;

  constructor(options: MinioBlobStoreOptions) {
    this.prefix = options.bucketPrefix ?? '';
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    if (this.partSize < MIN_PART_SIZE) throw new Error(`partSize must be at least ${MIN_PART_SIZE} bytes`);
    this.healthTimeoutMs = options.healthTimeoutMs ?? 3000;
    this.logger = options.logger;
    // Our own keep-alive agent, so stop() can close its sockets and let the process exit.
    this.agent = options.useSSL ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    this.client = new Client({
      endPoint: options.endPoint,
      port: options.port,
      useSSL: options.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      transportAgent: this.agent,
    });
  }

  /** The real bucket name on the server. */
  bucketName(bucket: Bucket): string {
    return this.prefix + bucket;
  }

  async start(): Promise<void> {
    for (const bucket of BUCKETS) {
      const name = this.bucketName(bucket);
      if (await this.client.bucketExists(name)) continue;
      try {
        await this.client.makeBucket(name);
        this.logger?.info({ bucket: name }, 'created bucket');
      } catch (err) {
        // Another process may have created it between our check and our request
        // (BucketAlreadyOwnedByYou); anything else is real only if the bucket is still not there.
        if (!(await this.client.bucketExists(name))) throw err;
      }
    }
  }

  async put(
    bucket: Bucket,
    key: string,
    body: Readable | Buffer | string,
    contentType = DEFAULT_CONTENT_TYPE,
  ): Promise<BlobInfo> {
    try {
      this.check(bucket, key);
      if (typeof body === 'string' || Buffer.isBuffer(body)) {
        const buf = Buffer.from(body);
        await this.putSingle(bucket, key, buf, contentType);
        return { size: buf.length, contentType };
      }
      return await this.putStream(bucket, key, body, contentType);
    } catch (err) {
      // put consumes its body: whatever went wrong, the caller's stream is not left paused and open.
      if (typeof body === 'object' && !Buffer.isBuffer(body) && !body.destroyed) body.destroy();
      throw err;
    }
  }

  private async putSingle(bucket: Bucket, key: string, buf: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucketName(bucket), key, buf, buf.length, { 'Content-Type': contentType });
  }

  private async putStream(bucket: Bucket, key: string, body: Readable, contentType: string): Promise<BlobInfo> {
    const parts = readParts(body, this.partSize);
    const first = await parts.next();
    if (first.done || first.value.length < this.partSize) {
      // The whole object fits in one part (or is empty): one PUT, no multipart bookkeeping.
      const buf = first.done ? Buffer.alloc(0) : first.value;
      await this.putSingle(bucket, key, buf, contentType);
      return { size: buf.length, contentType };
    }

    const name = this.bucketName(bucket);
    const uploadId = await this.client.initiateNewMultipartUpload(name, key, { 'Content-Type': contentType });
    try {
      const etags: { part: number; etag: string }[] = [];
      let size = 0;
      let part: Buffer | undefined = first.value;
      for (let partNumber = 1; part; partNumber++) {
        const uploaded = await this.client.uploadPart(
          { bucketName: name, objectName: key, uploadID: uploadId, partNumber, headers: {} },
          part,
        );
        etags.push({ part: partNumber, etag: uploaded.etag });
        size += part.length;
        part = undefined; // let the uploaded part go before the next one fills up
        const next = await parts.next();
        part = next.done ? undefined : next.value;
      }
      await this.client.completeMultipartUpload(name, key, uploadId, etags);
      return { size, contentType };
    } catch (err) {
      await parts.return(undefined);
      await this.client.abortMultipartUpload(name, key, uploadId).catch((abortErr: unknown) => {
        // The server drops stale uploads on its own (MinIO after 24 h; S3 with a lifecycle rule).
        this.logger?.warn({ err: abortErr, bucket: name, key, uploadId }, 'could not abort multipart upload');
      });
      throw err;
    }
  }

  async getStream(bucket: Bucket, key: string): Promise<Readable> {
    this.check(bucket, key);
    try {
      return await this.client.getObject(this.bucketName(bucket), key);
    } catch (err) {
      if (NOT_FOUND_CODES.has(s3Code(err) ?? '')) throw new BlobNotFoundError(bucket, key);
      throw err;
    }
  }

  async getBuffer(bucket: Bucket, key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.getStream(bucket, key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async stat(bucket: Bucket, key: string): Promise<BlobInfo | null> {
    this.check(bucket, key);
    try {
      const info = await this.client.statObject(this.bucketName(bucket), key);
      const contentType = info.metaData['content-type'];
      return { size: info.size, contentType: typeof contentType === 'string' ? contentType : DEFAULT_CONTENT_TYPE };
    } catch (err) {
      if (NOT_FOUND_CODES.has(s3Code(err) ?? '')) return null;
      throw err;
    }
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    this.check(bucket, key);
    // S3 deletes are idempotent: deleting a missing key succeeds, as on disk.
    await this.client.removeObject(this.bucketName(bucket), key);
  }

  async health(): Promise<{ ok: boolean; error?: string }> {
    const name = this.bucketName(BUCKETS[0]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.healthTimeoutMs} ms`)), this.healthTimeoutMs);
    });
    try {
      const exists = await Promise.race([this.client.bucketExists(name), timeout]);
      return exists ? { ok: true } : { ok: false, error: `bucket '${name}' does not exist` };
    } catch (err) {
      return { ok: false, error: `object storage unreachable: ${(err as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
  }

  async stop(): Promise<void> {
    this.agent.destroy();
  }

  private check(bucket: Bucket, key: string): void {
    assertValidBucket(bucket);
    assertValidKey(key);
  }
}

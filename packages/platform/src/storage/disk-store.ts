// BlobStore on local disk for embedded mode. Layout under the root:
//   <bucket>/<key>                 the object's bytes, a plain file (easy to inspect and back up)
//   .meta/<bucket>/<key>.json      { contentType }, kept in a parallel tree so no user key can
//                                  collide with a sidecar name
// Writes go to a temp file in the target's own folder, are fsynced and then renamed over the target,
// so a reader sees the old object or the new one, never a torn write, and a crash leaves at worst a
// stray `.tmp-*` file.
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BUCKETS, BlobNotFoundError, type BlobInfo, type BlobStore, type Bucket } from './blob-store.js';
import { DEFAULT_CONTENT_TYPE, assertValidBucket, assertValidKey } from './object-key.js';

export const DEFAULT_BLOB_DIR = './.castbook/files';

export interface DiskBlobStoreOptions {
  root: string;
}

/** Errors that mean "nothing stored under this key" (ENOTDIR: a prefix of the key is a file). */
const MISSING = new Set(['ENOENT', 'ENOTDIR']);
/** A key whose prefix is another object, or which is itself the prefix of other keys. */
const SHAPE_CONFLICT = new Set(['ENOTDIR', 'EISDIR', 'EEXIST']);

function errCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

export class DiskBlobStore implements BlobStore {
  readonly root: string;

  constructor(options: DiskBlobStoreOptions) {
    this.root = resolve(options.root);
  }

  async start(): Promise<void> {
    for (const bucket of BUCKETS) {
      await mkdir(join(this.root, bucket), { recursive: true });
      await mkdir(join(this.root, '.meta', bucket), { recursive: true });
    }
  }

  async put(
    bucket: Bucket,
    key: string,
    body: Readable | Buffer | string,
    contentType = DEFAULT_CONTENT_TYPE,
  ): Promise<BlobInfo> {
    try {
      return await this.write(bucket, key, body, contentType);
    } catch (err) {
      // put consumes its body: whatever went wrong, the caller's stream is not left paused and open.
      if (body instanceof Readable && !body.destroyed) body.destroy();
      if (SHAPE_CONFLICT.has(errCode(err) ?? '')) throw this.conflict(bucket, key);
      throw err;
    }
  }

  private async write(
    bucket: Bucket,
    key: string,
    body: Readable | Buffer | string,
    contentType: string,
  ): Promise<BlobInfo> {
    const { dataPath, metaPath } = this.paths(bucket, key);
    await mkdir(dirname(dataPath), { recursive: true });
    await mkdir(dirname(metaPath), { recursive: true });
    const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
    const dataTmp = tempBeside(dataPath);
    const metaTmp = tempBeside(metaPath);
    try {
      await pipeline(source, createWriteStream(dataTmp, { flags: 'wx', flush: true }));
      const { size } = await stat(dataTmp);
      await writeFile(metaTmp, JSON.stringify({ contentType }), { flag: 'wx', flush: true });
      // Sidecar first: a reader racing this put may pair the new type with the old bytes for a
      // moment, which is harmless; the bytes themselves are never mixed.
      await rename(metaTmp, metaPath);
      await rename(dataTmp, dataPath);
      await syncDir(dirname(metaPath));
      await syncDir(dirname(dataPath));
      return { size, contentType };
    } catch (err) {
      await Promise.all([unlinkQuietly(dataTmp), unlinkQuietly(metaTmp)]);
      throw err;
    }
  }

  async getStream(bucket: Bucket, key: string): Promise<Readable> {
    const { dataPath } = this.paths(bucket, key);
    // Open first and stream from that handle: a rename racing us swaps the path, not our file.
    let handle;
    try {
      handle = await open(dataPath, 'r');
    } catch (err) {
      if (MISSING.has(errCode(err) ?? '')) throw new BlobNotFoundError(bucket, key);
      throw err;
    }
    const info = await handle.stat().catch(async (err: unknown) => {
      await handle.close();
      throw err;
    });
    if (!info.isFile()) {
      // The key names a folder that only holds other keys: there is no object here.
      await handle.close();
      throw new BlobNotFoundError(bucket, key);
    }
    return handle.createReadStream();
  }

  async getBuffer(bucket: Bucket, key: string): Promise<Buffer> {
    const { dataPath } = this.paths(bucket, key);
    try {
      return await readFile(dataPath);
    } catch (err) {
      if (MISSING.has(errCode(err) ?? '') || errCode(err) === 'EISDIR') throw new BlobNotFoundError(bucket, key);
      throw err;
    }
  }

  async stat(bucket: Bucket, key: string): Promise<BlobInfo | null> {
    const { dataPath, metaPath } = this.paths(bucket, key);
    let size: number;
    try {
      const info = await stat(dataPath);
      if (!info.isFile()) return null;
      size = info.size;
    } catch (err) {
      if (MISSING.has(errCode(err) ?? '')) return null;
      throw err;
    }
    return { size, contentType: await readContentType(metaPath) };
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    const { dataPath, metaPath } = this.paths(bucket, key);
    // Empty folders are left behind on purpose: removing them would race a concurrent put that
    // has just created the folder and is about to write its temp file into it.
    await unlinkQuietly(dataPath);
    await unlinkQuietly(metaPath);
  }

  async health(): Promise<{ ok: boolean; error?: string }> {
    const probe = join(this.root, `.health-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(probe, 'ok', { flag: 'wx' });
      await unlink(probe);
      return { ok: true };
    } catch (err) {
      return { ok: false, error: `blob dir ${this.root} is not writable: ${(err as Error).message}` };
    }
  }

  async stop(): Promise<void> {
    // Nothing is held open between calls.
  }

  private paths(bucket: Bucket, key: string): { dataPath: string; metaPath: string } {
    assertValidBucket(bucket);
    assertValidKey(key);
    const bucketDir = join(this.root, bucket);
    const dataPath = resolve(bucketDir, key);
    // assertValidKey already refuses '..' and absolute keys; this is the belt to those braces.
    if (!dataPath.startsWith(bucketDir + sep)) throw new Error(`object key '${key}' escapes bucket '${bucket}'`);
    return { dataPath, metaPath: resolve(this.root, '.meta', bucket, `${key}.json`) };
  }

  private conflict(bucket: Bucket, key: string): Error {
    return new Error(
      `cannot store '${key}' in bucket '${bucket}': on disk a key cannot also be the folder of another key ` +
        `(e.g. 'a' and 'a/b')`,
    );
  }
}

function tempBeside(path: string): string {
  return join(dirname(path), `.tmp-${randomBytes(8).toString('hex')}`);
}

async function readContentType(metaPath: string): Promise<string> {
  try {
    const meta = JSON.parse(await readFile(metaPath, 'utf8')) as { contentType?: unknown };
    return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
  } catch (err) {
    // A file copied in by hand has no sidecar; serve it as opaque bytes rather than failing.
    if (MISSING.has(errCode(err) ?? '')) return DEFAULT_CONTENT_TYPE;
    throw err;
  }
}

async function unlinkQuietly(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (err) {
    if (!MISSING.has(errCode(err) ?? '') && errCode(err) !== 'EISDIR') throw err;
  }
}

/** Makes a rename durable: the new directory entry survives a power loss once this returns. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

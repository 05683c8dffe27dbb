import { createHash, randomBytes } from 'node:crypto';
import { ReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type Bucket } from './blob-store.js';
import { DiskBlobStore } from './disk-store.js';
import { InvalidObjectKeyError } from './object-key.js';

let dir: string;
let store: DiskBlobStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'castbook-disk-store-'));
  store = new DiskBlobStore({ root: join(dir, 'files') });
  await store.start();
});

afterEach(async () => {
  await store.stop();
  await rm(dir, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `total` random bytes in 64 KiB chunks, hashing what it emits. */
function randomStream(total: number, failAfter?: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('source failed'));
      if (sent >= total) return this.push(null);
      const chunk = randomBytes(Math.min(65536, total - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

const sha256 = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

describe('DiskBlobStore', () => {
  it('creates one folder per bucket and round-trips an object with its content type', async () => {
    expect((await readdir(join(dir, 'files'))).sort()).toEqual(['.meta', 'analysis', 'audio', 'documents', 'images']);

    const info = await store.put('documents', 'projects/p1/content-v1.txt', 'Call me Ishmael.', 'text/plain');

    expect(info).toEqual({ size: 16, contentType: 'text/plain' });
    expect((await store.getBuffer('documents', 'projects/p1/content-v1.txt')).toString()).toBe('Call me Ishmael.');
    expect(await store.stat('documents', 'projects/p1/content-v1.txt')).toEqual(info);
    // A plain file at the path the key names, so operators can inspect and back it up.
    expect(await readFile(join(dir, 'files/documents/projects/p1/content-v1.txt'), 'utf8')).toBe('Call me Ishmael.');
    // Buckets are separate namespaces.
    expect(await store.stat('images', 'projects/p1/content-v1.txt')).toBeNull();
  });

  it('defaults the content type and serves a hand-copied file without a sidecar', async () => {
    await store.put('images', 'a.bin', Buffer.from([1, 2, 3]));
    expect(await store.stat('images', 'a.bin')).toEqual({ size: 3, contentType: 'application/octet-stream' });

    await writeFile(join(dir, 'files/images/copied.png'), 'png-bytes');
    expect(await store.stat('images', 'copied.png')).toEqual({ size: 9, contentType: 'application/octet-stream' });
  });

  it('streams a large object in and out as a file stream', async () => {
    const total = 5 * 1024 * 1024 + 123;
    const source = randomStream(total);

    const info = await store.put('audio', 'voice/sample.wav', source.stream, 'audio/wav');
    expect(info.size).toBe(total);

    const out = await store.getStream('audio', 'voice/sample.wav');
    expect(out).toBeInstanceOf(ReadStream);
    const chunks: number[] = [];
    const hash = createHash('sha256');
    for await (const chunk of out) {
      chunks.push((chunk as Buffer).length);
      hash.update(chunk as Buffer);
    }
    expect(hash.digest('hex')).toBe(source.digest());
    expect(chunks.length).toBeGreaterThan(1); // delivered incrementally, not as one buffer
  });

  it.each([
    ['../escape'],
    ['a/../../escape'],
    ['a/..'],
    ['/etc/passwd'],
    ['C:/windows'],
    ['a\\..\\b'],
    ['nul\0byte'],
    [''],
    ['a//b'],
    ['trailing/'],
    ['./a'],
  ])('rejects the key %j everywhere without touching the disk', async (key) => {
    await expect(store.put('documents', key, 'x')).rejects.toThrow(InvalidObjectKeyError);
    await expect(store.getStream('documents', key)).rejects.toThrow(InvalidObjectKeyError);
    await expect(store.getBuffer('documents', key)).rejects.toThrow(InvalidObjectKeyError);
    await expect(store.stat('documents', key)).rejects.toThrow(InvalidObjectKeyError);
    await expect(store.delete('documents', key)).rejects.toThrow(InvalidObjectKeyError);
    expect(await readdir(dir)).toEqual(['files']);
    expect(await readdir(join(dir, 'files/documents'))).toEqual([]);
  });

  it('rejects an unknown bucket', async () => {
    await expect(store.put('../files' as Bucket, 'k', 'x')).rejects.toThrow(/unknown bucket/);
  });

  it('destroys a streamed body it refuses', async () => {
    const { stream } = randomStream(1024);
    await expect(store.put('documents', '../x', stream)).rejects.toThrow(InvalidObjectKeyError);
    expect(stream.destroyed).toBe(true);
  });

  it('reports missing objects', async () => {
    await store.put('documents', 'folder/inner.txt', 'x');

    for (const key of ['missing.txt', 'folder', 'folder/inner.txt/deeper']) {
      await expect(store.getStream('documents', key)).rejects.toThrow(BlobNotFoundError);
      await expect(store.getBuffer('documents', key)).rejects.toThrow(BlobNotFoundError);
      expect(await store.stat('documents', key)).toBeNull();
      await expect(store.delete('documents', key)).resolves.toBeUndefined();
    }
  });

  it('deletes an object and its content type', async () => {
    await store.put('analysis', 'jobs/j1/result.json', '{}', 'application/json');
    await store.delete('analysis', 'jobs/j1/result.json');

    expect(await store.stat('analysis', 'jobs/j1/result.json')).toBeNull();
    // A later object under the same key does not inherit the old type.
    await store.put('analysis', 'jobs/j1/result.json', '{}');
    expect((await store.stat('analysis', 'jobs/j1/result.json'))?.contentType).toBe('application/octet-stream');
  });

  it('keeps the old object whole when an overwrite fails midway, and leaves no temp files', async () => {
    const v1 = randomBytes(300_000);
    await store.put('documents', 'book.txt', v1, 'text/plain');

    const failing = randomStream(1_000_000, 200_000);
    await expect(store.put('documents', 'book.txt', failing.stream, 'text/html')).rejects.toThrow('source failed');

    expect(sha256(await store.getBuffer('documents', 'book.txt'))).toBe(sha256(v1));
    expect(await store.stat('documents', 'book.txt')).toEqual({ size: v1.length, contentType: 'text/plain' });
    expect(await readdir(join(dir, 'files/documents'))).toEqual(['book.txt']);
    expect(await readdir(join(dir, 'files/.meta/documents'))).toEqual(['book.txt.json']);
  });

  it('lets a reader that opened the old object finish it while an overwrite lands', async () => {
    const v1 = randomBytes(2 * 1024 * 1024);
    const v2 = randomBytes(1024);
    await store.put('documents', 'book.txt', v1);

    const reader = await store.getStream('documents', 'book.txt');
    await store.put('documents', 'book.txt', v2, 'text/plain');

    expect(sha256(await readAll(reader))).toBe(sha256(v1));
    expect(sha256(await store.getBuffer('documents', 'book.txt'))).toBe(sha256(v2));
    expect(await store.stat('documents', 'book.txt')).toEqual({ size: 1024, contentType: 'text/plain' });
  });

  it('explains a key that collides with another key used as a folder', async () => {
    await store.put('documents', 'a', 'file');
    await expect(store.put('documents', 'a/b', 'x')).rejects.toThrow(/cannot also be the folder of another key/);
    await store.put('documents', 'c/d', 'x');
    await expect(store.put('documents', 'c', 'x')).rejects.toThrow(/cannot also be the folder of another key/);
    expect((await store.getBuffer('documents', 'a')).toString()).toBe('file');
    expect(await readdir(join(dir, 'files/documents/c'))).toEqual(['d']);
  });

  it('reports health from whether the root is writable', async () => {
    expect(await store.health()).toEqual({ ok: true });
    expect(await readdir(join(dir, 'files'))).not.toContainEqual(expect.stringMatching(/^\.health/));

    await writeFile(join(dir, 'not-a-dir'), '');
    const broken = new DiskBlobStore({ root: join(dir, 'not-a-dir', 'files') });
    const health = await broken.health();
    expect(health.ok).toBe(false);
    expect(health.error).toContain('not writable');
  });
});

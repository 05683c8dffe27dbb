// MinioBlobStore against a real MinIO server started by the infra tier's global setup. Every run
// uses its own bucket prefix, so runs never see each other's objects.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { Client } from 'minio';
import { afterAll, expect, inject, it } from 'vitest';
import { BUCKETS, BlobNotFoundError } from '../src/storage/blob-store.js';
import { MinioBlobStore, type MinioBlobStoreOptions } from '../src/storage/minio-store.js';
import { InvalidObjectKeyError } from '../src/storage/object-key.js';
import { freePort } from '../src/net/free-port.js';
import { infraDescribe } from '@castbook/test-kit';
import type { MemoryChildConfig, MemoryChildResult } from './minio-memory-child.js';

const MB = 1024 * 1024;

infraDescribe('MinioBlobStore on real MinIO', () => {
  const connection = inject('minio');
  const runId = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const prefixes: string[] = [];
  const stores: MinioBlobStore[] = [];
  const admin = new Client(connection);

  function newStore(overrides: Partial<MinioBlobStoreOptions> = {}): MinioBlobStore {
    const bucketPrefix = `${runId}-${prefixes.length}-`;
    prefixes.push(bucketPrefix);
    const store = new MinioBlobStore({ ...connection, bucketPrefix, ...overrides });
    stores.push(store);
    return store;
  }

  afterAll(async () => {
    for (const store of stores) await store.stop();
    for (const prefix of prefixes) {
      for (const bucket of BUCKETS) {
        const name = prefix + bucket;
        if (!(await admin.bucketExists(name))) continue;
        const keys: string[] = [];
        for await (const item of admin.listObjectsV2(name, '', true)) keys.push((item as { name: string }).name);
        if (keys.length) await admin.removeObjects(name, keys);
        await admin.removeBucket(name);
      }
    }
  });

  async function bucketsExist(prefix: string): Promise<boolean[]> {
    return Promise.all(BUCKETS.map((b) => admin.bucketExists(prefix + b)));
  }

  it('creates the four buckets on start, and starting again (even concurrently) is fine', async () => {
    const store = newStore();
    const prefix = prefixes.at(-1)!;
    expect(await bucketsExist(prefix)).toEqual([false, false, false, false]);
    expect((await store.health()).ok).toBe(false);

    // Two processes booting at once race to create the same buckets.
    const twin = new MinioBlobStore({ ...connection, bucketPrefix: prefix });
    stores.push(twin);
    await Promise.all([store.start(), twin.start()]);
    await store.start();

    expect(await bucketsExist(prefix)).toEqual([true, true, true, true]);
    expect(await store.health()).toEqual({ ok: true });
  });

  it('round-trips objects with their content type, overwrites and deletes them', async () => {
    const store = newStore();
    await store.start();

    const info = await store.put('documents', 'projects/p1/content-v1.txt', 'Call me Ishmael.', 'text/plain');
    expect(info).toEqual({ size: 16, contentType: 'text/plain' });
    expect(await store.stat('documents', 'projects/p1/content-v1.txt')).toEqual(info);
    expect((await store.getBuffer('documents', 'projects/p1/content-v1.txt')).toString()).toBe('Call me Ishmael.');
    expect(await store.stat('images', 'projects/p1/content-v1.txt')).toBeNull();

    await store.put('documents', 'projects/p1/content-v1.txt', Buffer.from('{}'), 'application/json');
    expect(await store.stat('documents', 'projects/p1/content-v1.txt')).toEqual({
      size: 2,
      contentType: 'application/json',
    });

    await store.delete('documents', 'projects/p1/content-v1.txt');
    expect(await store.stat('documents', 'projects/p1/content-v1.txt')).toBeNull();
  });

  it('streams objects of unknown size: empty, smaller than a part, and several parts', async () => {
    const store = newStore({ partSize: 5 * MB });
    await store.start();

    for (const size of [0, 1000, 5 * MB, 12 * MB + 7]) {
      const data = randomBytes(size);
      // Odd-sized chunks, so part boundaries fall inside chunks.
      const chunks = Array.from({ length: Math.ceil(size / 100_003) }, (_, i) =>
        data.subarray(i * 100_003, (i + 1) * 100_003),
      );
      const info = await store.put('audio', `sizes/${size}.bin`, Readable.from(chunks), 'audio/wav');
      expect(info).toEqual({ size, contentType: 'audio/wav' });
      expect(await store.stat('audio', `sizes/${size}.bin`)).toEqual(info);
      expect((await store.getBuffer('audio', `sizes/${size}.bin`)).equals(data)).toBe(true);
    }
  });

  it('keeps the old object when a streamed overwrite fails, and leaves no upload behind', async () => {
    const store = newStore({ partSize: 5 * MB });
    await store.start();
    const prefix = prefixes.at(-1)!;
    await store.put('audio', 'voice.wav', 'old take', 'audio/wav');

    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= 12 * MB) return this.destroy(new Error('microphone unplugged'));
        sent += MB;
        this.push(randomBytes(MB));
      },
    });
    await expect(store.put('audio', 'voice.wav', failing)).rejects.toThrow('microphone unplugged');

    expect((await store.getBuffer('audio', 'voice.wav')).toString()).toBe('old take');
    const pending: unknown[] = [];
    for await (const upload of admin.listIncompleteUploads(prefix + 'audio', '', true)) pending.push(upload);
    expect(pending).toEqual([]);
  });

  it('reports missing objects', async () => {
    const store = newStore();
    await store.start();

    await expect(store.getStream('documents', 'missing.txt')).rejects.toThrow(BlobNotFoundError);
    await expect(store.getBuffer('documents', 'missing.txt')).rejects.toThrow(BlobNotFoundError);
    expect(await store.stat('documents', 'missing.txt')).toBeNull();
    await expect(store.delete('documents', 'missing.txt')).resolves.toBeUndefined();
  });

  it('refuses the same keys the disk store refuses', async () => {
    const store = newStore();
    await store.start();
    await expect(store.put('documents', '../escape', 'x')).rejects.toThrow(InvalidObjectKeyError);
    await expect(store.getStream('documents', 'a//b')).rejects.toThrow(InvalidObjectKeyError);
  });

  it('reports an unreachable server as unhealthy within the timeout', async () => {
    const store = newStore({ endPoint: '127.0.0.1', port: await freePort(), healthTimeoutMs: 2000 });
    const health = await store.health();
    expect(health.ok).toBe(false);
    expect(health.error).toMatch(/unreachable/);
  });

  it('round-trips a 50 MB stream with resident memory staying under 100 MB above baseline', async () => {
    const prefix = `${runId}-mem-`;
    prefixes.push(prefix);
    const config: MemoryChildConfig = {
      minio: { ...connection, bucketPrefix: prefix },
      key: 'memory/50mb.bin',
      totalBytes: 50 * MB,
    };
    const result = await runChild(config);

    expect(result.uploadedBytes).toBe(50 * MB);
    expect(result.downloadedBytes).toBe(50 * MB);
    expect(result.downloadedSha256).toBe(result.uploadedSha256);
    expect(result.samples).toBeGreaterThan(10); // the sampler really ran during the transfer
    const growthMb = (result.peakRss - result.baselineRss) / MB;
    console.log(
      `50 MB round trip: rss baseline ${(result.baselineRss / MB).toFixed(1)} MB, peak +${growthMb.toFixed(1)} MB`,
    );
    expect(growthMb).toBeLessThan(100);
  });
});

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const childScript = fileURLToPath(new URL('./minio-memory-child.ts', import.meta.url));

function runChild(config: MemoryChildConfig): Promise<MemoryChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@castbook/source', '--import', 'tsx', '--expose-gc', childScript],
      { cwd: repoRoot, env: { ...process.env, MEMORY_CHILD_CONFIG: JSON.stringify(config) } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`memory child exited with ${code}:\n${stderr}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as MemoryChildResult);
      } catch {
        reject(new Error(`memory child printed no result:\n${stdout}\n${stderr}`));
      }
    });
  });
}

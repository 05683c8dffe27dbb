// Runs one large round trip through MinioBlobStore in a fresh process and prints, as one JSON line,
// the hashes and the resident memory it took. Spawned by minio-store.infra.test.ts so that the test
// runner's own heap does not blur the measurement. Input: MEMORY_CHILD_CONFIG (JSON).
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { MinioBlobStore, type MinioBlobStoreOptions } from '../src/storage/minio-store.js';

export interface MemoryChildConfig {
  minio: Omit<MinioBlobStoreOptions, 'logger'>;
  key: string;
  totalBytes: number;
}

export interface MemoryChildResult {
  uploadedBytes: number;
  downloadedBytes: number;
  uploadedSha256: string;
  downloadedSha256: string;
  baselineRss: number;
  peakRss: number;
  samples: number;
}

const config = JSON.parse(process.env.MEMORY_CHILD_CONFIG ?? '') as MemoryChildConfig;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

/** Pseudo-random bytes in 64 KiB chunks, produced on demand and hashed as they go out. */
function generated(total: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const chunk = randomBytes(Math.min(64 * 1024, total - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

async function hashStream(stream: Readable): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { bytes, sha256: hash.digest('hex') };
}

const store = new MinioBlobStore(config.minio);
await store.start();

// Warm up connections, TLS/HTTP machinery and lazily loaded code, so the baseline is the idle process
// and the peak is what the transfer itself costs.
await store.put('audio', `${config.key}.warmup`, generated(6 * 1024 * 1024).stream);
await hashStream(await store.getStream('audio', `${config.key}.warmup`));
await store.delete('audio', `${config.key}.warmup`);
gc();

const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
let samples = 0;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  samples++;
};
const sampler = setInterval(sample, 5);

const source = generated(config.totalBytes);
const uploaded = await store.put('audio', config.key, source.stream, 'audio/wav');
sample();
const downloaded = await hashStream(await store.getStream('audio', config.key));
sample();
clearInterval(sampler);

await store.delete('audio', config.key);
await store.stop();

const result: MemoryChildResult = {
  uploadedBytes: uploaded.size,
  downloadedBytes: downloaded.bytes,
  uploadedSha256: source.sha256(),
  downloadedSha256: downloaded.sha256,
  baselineRss,
  peakRss,
  samples,
};
process.stdout.write(JSON.stringify(result) + '\n');

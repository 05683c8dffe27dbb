import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { ThreadPool } from './thread-pool.js';

const FIXTURES = new URL('../../test/fixtures/', import.meta.url).href;
const pools: ThreadPool[] = [];
const pool = (threads = 1) => {
  const p = new ThreadPool({ beside: FIXTURES + 'x.ts', worker: 'thread-task', threads, heapMb: 64 });
  pools.push(p);
  return p;
};

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.destroy()));
});

describe('ThreadPool', () => {
  it('runs a task on another thread, from the TypeScript source, and keeps the thread for the next', async () => {
    const threads = pool();
    const first = await threads.run<number>({});
    expect(first).not.toBe(threadId);
    expect(await threads.run<number>({})).toBe(first);
  });

  it('a task that needs more heap than the limit fails alone; the next task gets a new thread', async () => {
    const threads = pool();
    await expect(threads.run({ allocateMb: 400 })).rejects.toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    expect(await threads.run<number>({ allocateMb: 8 })).toBeGreaterThan(0);
  });

  it('aborting a running task ends it at once; a task waiting for a thread then runs', async () => {
    const threads = pool();
    const halt = new AbortController();
    const long = threads.run({ waitMs: 60_000 }, { signal: halt.signal });
    const next = threads.run<number>({});
    halt.abort();
    await expect(long).rejects.toThrow(/abort/i);
    expect(await next).toBeGreaterThan(0);
  });
});

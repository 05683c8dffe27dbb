// Speaker-weight fits ahead of time, on every core: eval:lono needs some twenty fits of a minute or
// more each and train five, all independent, and each fit runs on one core. The fits are run on
// threads (fit-worker.ts) into the fit cache (FitOptions.cache); the caller then trains as before
// and finds every fit there, so its result is the same to the byte as a run without threads.
import { availableParallelism } from 'node:os';
import { ThreadPool } from '@castbook/platform';
import type { Novel } from './corpus.js';
import { isFitCached, type FitOptions } from './fit.js';

/** What a fit thread is given: the novels to fit on, by name, and the options (cache included). */
export interface FitTask {
  novels: string[];
  options: FitOptions & { cache: string };
}

/** Fits the weights of each set of novels into `options.cache`, as many at once as there are cores. */
export async function fitInParallel(
  sets: readonly (readonly Novel[])[],
  options: FitOptions & { cache: string },
): Promise<void> {
  // Sets already in the cache (a rerun with --cache) are not sent: each thread would first spend
  // seconds loading the novels only to find the fit there.
  const unique = new Map(
    sets
      .filter((set) => !isFitCached(set, options))
      .map((set) => [set.map((n) => n.name).join('\n'), set.map((n) => n.name)]),
  );
  if (unique.size === 0) return;
  const threads = Math.min(availableParallelism(), unique.size);
  // Each thread holds its own copy of the novels' turns (some hundreds of MB).
  const pool = new ThreadPool({ beside: import.meta.url, worker: 'fit-worker', threads, heapMb: 8192 });
  try {
    await Promise.all([...unique.values()].map((novels) => pool.run<void>({ novels, options } satisfies FitTask)));
  } finally {
    await pool.destroy();
  }
}

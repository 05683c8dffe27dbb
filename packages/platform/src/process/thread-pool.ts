// Worker threads for the CPU-heavy work of a service (the analysis engine, document exports), so
// that seconds of synchronous work never hold its event loop (in embedded mode, the whole app's),
// and a second core does it when there is one. A tinypool pool: threads are started when needed,
// kept for the next task while they are busy or recently used, and each has a bounded heap, so a
// task that runs away fails alone instead of taking the process down.
//
// The worker is a module beside the caller that default-exports the function a task runs. Built,
// both are `.js` in dist/; run from the sources (`npm start`, the tests) both are `.ts`, and the
// thread is started as the service was: with tsx and the source condition.
import type { TransferListItem } from 'node:worker_threads';
import Tinypool from 'tinypool';

export interface ThreadPoolOptions {
  /** `import.meta.url` of the module the worker file sits beside. */
  beside: string;
  /** The worker's file name without its extension (`render-worker`). */
  worker: string;
  /** At most this many tasks run at once; the others wait in order. */
  threads: number;
  /** The most heap one thread may use (MiB): a task that needs more fails with ERR_WORKER_OUT_OF_MEMORY. */
  heapMb: number;
  /** Threads started at once and kept while idle, so the first task does not wait for one (default 0). */
  warm?: number;
  /** How long a thread beyond `warm` waits for another task before it ends (default 60 s). */
  idleMs?: number;
}

export interface ThreadTaskOptions {
  /** Aborting ends the task's thread at once (the next task starts a new one) and rejects. */
  signal?: AbortSignal;
  /** Moved to the thread instead of copied (a MessagePort the task reports on, for one). */
  transferList?: TransferListItem[];
}

export class ThreadPool {
  private readonly pool: Tinypool;

  constructor(o: ThreadPoolOptions) {
    const fromSource = o.beside.endsWith('.ts');
    this.pool = new Tinypool({
      filename: new URL(`./${o.worker}.${fromSource ? 'ts' : 'js'}`, o.beside).href,
      minThreads: o.warm ?? 0,
      maxThreads: o.threads,
      idleTimeout: o.idleMs ?? 60_000,
      execArgv: fromSource ? sourceExecArgv() : process.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: o.heapMb },
    });
  }

  run<R>(task: unknown, options: ThreadTaskOptions = {}): Promise<R> {
    return this.pool.run(task, options as Parameters<Tinypool['run']>[1]) as Promise<R>;
  }

  /** Ends every thread, running tasks included. */
  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

/** This process's Node flags, plus what a thread needs to load TypeScript sources. */
function sourceExecArgv(): string[] {
  const argv = [...process.execArgv];
  if (!argv.includes('--conditions=@castbook/source')) argv.push('--conditions=@castbook/source');
  const hasTsx = argv.some((a, i) => a === '--import=tsx' || (a === 'tsx' && argv[i - 1] === '--import'));
  if (!hasTsx) argv.push('--import', 'tsx');
  return argv;
}

// The engine runs on worker threads (engine-worker.ts), one per job slot, not on the service's event
// loop. The engine is seconds of synchronous CPU on a long book; on the event loop, even cut into
// steps of at most a few tenths of a second, it held up every request of this process (in embedded
// mode, the whole app's) by as much, and it could not use a second core.
import { MessageChannel } from 'node:worker_threads';
import { ThreadPool } from '@castbook/platform';
import type { AnalysisStep } from '@castbook/text-analysis';
import type { EngineOutcome, EngineTask } from './engine-worker.js';

export class EngineThreads {
  private readonly pool: ThreadPool;

  /**
   * @param threads at most this many engines at once (the service's job slots)
   * @param heapMb the most heap one engine may use: a text that needs more fails its job instead
   *   of taking the process down
   */
  constructor(threads: number, heapMb: number) {
    // One thread is started at once: loading the engine costs a first job 0.1 s built, about a
    // second from the sources (tsx).
    this.pool = new ThreadPool({ beside: import.meta.url, worker: 'engine-worker', threads, heapMb, warm: 1 });
  }

  /**
   * Analyses one text on a thread. `onStep` hears each step as the engine reaches it; aborting
   * `signal` ends the thread at once and rejects.
   */
  async run(task: Omit<EngineTask, 'port'>, onStep: (step: AnalysisStep) => void, signal: AbortSignal) {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', onStep);
    try {
      return await this.pool.run<EngineOutcome>({ ...task, port: port2 }, { transferList: [port2], signal });
    } finally {
      port1.close();
    }
  }

  /** Ends every thread (running engines included). */
  destroy(): Promise<void> {
    return this.pool.destroy();
  }
}

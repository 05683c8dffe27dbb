// Runs a document export on a worker thread (render-worker.ts) and answers its bytes, so laying out a
// novel and docx's packing (seconds) never hold the service's event loop. At most two run at once
// (the others wait their turn), each with a bounded heap.
import { ThreadPool } from '@castbook/platform';
import type { RenderInput } from './renderers.js';

/** The machines have 2 cores; a bounded heap makes a runaway export fail alone, not the service. */
const exportThreads = new ThreadPool({ beside: import.meta.url, worker: 'render-worker', threads: 2, heapMb: 512 });

export async function renderOffThread(input: RenderInput): Promise<Buffer> {
  const bytes = await exportThreads.run<Uint8Array>(input);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

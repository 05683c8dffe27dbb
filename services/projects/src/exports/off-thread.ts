// Runs a document export in a worker thread (render-worker.ts) and answers its bytes, so laying out a
// novel and docx's packing (seconds) never hold the service's event loop. At most MAX_WORKERS run at
// once (the others wait their turn), each with a bounded heap. From the sources (development, tests)
// the worker is started as the service was, with tsx and the source condition; compiled, it is the
// .js beside this file.
import { Worker } from 'node:worker_threads';
import type { RenderInput } from './renderers.js';

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = new URL(FROM_SOURCE ? './render-worker.ts' : './render-worker.js', import.meta.url);
/** The machines have 2 cores; a bounded heap makes a runaway export fail alone, not the service. */
const MAX_WORKERS = 2;
const MAX_HEAP_MB = 512;

let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running >= MAX_WORKERS) await new Promise<void>((go) => waiting.push(go));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

function run(input: RenderInput): Promise<Buffer> {
  const worker = new Worker(WORKER, {
    workerData: input,
    execArgv: FROM_SOURCE ? ['--conditions=@castbook/source', '--import', 'tsx'] : [],
    resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once('message', (bytes: Uint8Array) => {
      settled = true;
      resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the export worker stopped (exit code ${code}) before answering`));
    });
  });
}

export async function renderOffThread(input: RenderInput): Promise<Buffer> {
  const done = await turn();
  try {
    return await run(input);
  } finally {
    done();
  }
}

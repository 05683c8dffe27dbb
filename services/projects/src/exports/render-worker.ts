// One .docx or .pdf export, in a worker thread: laying out a novel and docx's packing take seconds,
// which the service's event loop must not be held for (off-thread.ts starts it).
import { parentPort, workerData } from 'node:worker_threads';
import { bookView } from './book.js';
import { DOCUMENT_RENDERERS, type RenderInput } from './renderers.js';

const input = workerData as RenderInput;
const book = bookView(input.project);
const characters = input.characterIds.map((id) => book.byId.get(id)!);
const body = await DOCUMENT_RENDERERS[input.name](book, characters);
// A plain copy of the bytes: a Buffer may be a view of a shared pool, which cannot be transferred.
parentPort!.postMessage(new Uint8Array(body));

// One .docx or .pdf export, on a worker thread: laying out a novel and docx's packing take seconds,
// which the service's event loop must not be held for (off-thread.ts runs it).
import { bookView } from './book.js';
import { DOCUMENT_RENDERERS, type RenderInput } from './renderers.js';

export default async function render(input: RenderInput): Promise<Uint8Array> {
  const book = bookView(input.project);
  const characters = input.characterIds.map((id) => book.byId.get(id)!);
  return new Uint8Array(await DOCUMENT_RENDERERS[input.name](book, characters));
}

// The .docx and .pdf exports by name, and what one needs: the route validates the request, a worker
// (render-worker.ts) renders.
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import type { BookView } from './book.js';
import { scriptDocx, sidesDocx } from './docx.js';
import { scriptPdf, sidesPdf } from './pdf.js';

export const DOCUMENT_RENDERERS = {
  'sides.docx': sidesDocx,
  'sides.pdf': sidesPdf,
  'script.docx': scriptDocx,
  'script.pdf': scriptPdf,
} satisfies Record<string, (book: BookView, characters: Character[]) => Promise<Buffer>>;
export type DocumentName = keyof typeof DOCUMENT_RENDERERS;

export interface RenderInput {
  name: DocumentName;
  project: { title: string; content: string; outline: OutlineItem[]; characters: Character[]; quotes: Quote[] };
  /** Sides only: the characters chosen, already checked against the project. */
  characterIds: string[];
}

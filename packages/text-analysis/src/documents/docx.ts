// docxToText: the text of a .docx upload, one paragraph per block. Headings are paragraphs of
// their own, separated by blank lines, so detectStructure finds them like in a .txt.
//
// Exports often write every visual line of a wrapped page as its own paragraph. The text is made
// here, at import, so this is where such lines are joined back into paragraphs (src/text/reflow.ts):
// the stored text then reads as the book was written, and every offset the analysis and the user
// later take is into that text — nothing downstream has to map offsets.
import { zipSync } from 'fflate';
import { reflowParagraphs } from '../text/reflow.js';
import { isZip } from './signature.js';
import { DEFAULT_ZIP_LIMITS, readZip, type ZipLimits } from './zip.js';

export async function docxToText(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<string> {
  if (!isZip(bytes)) throw new Error('not a .docx file (no zip signature)');
  const entries = readZip(bytes, limits);
  if (!entries.has('word/document.xml')) throw new Error('not a .docx file (no word/document.xml)');
  // mammoth unzips on its own without bounds: hand it the checked entries, stored uncompressed.
  const checked = zipSync(Object.fromEntries(entries), { level: 0 });
  // Imported on first use: mammoth and its dependencies take a while to load.
  const { default: mammoth } = await import('mammoth');
  const { value } = await mammoth.extractRawText({
    buffer: Buffer.from(checked.buffer, checked.byteOffset, checked.byteLength),
  });
  // mammoth ends every paragraph with "\n\n"; drop the trailing ones.
  return joinParagraphs(value.replace(/\s+$/, '').split('\n\n')) + '\n';
}

/**
 * The text of a document's paragraphs (empty ones included), blank-line separated. Where the
 * paragraphs are visual lines of wrapped text, they are joined into the real paragraphs: by the
 * empty paragraphs between them when there are enough of them, else by reflow.
 */
export function joinParagraphs(paragraphs: readonly string[]): string {
  const empty = paragraphs.filter((p) => !p.trim()).length;
  const wrapped = reflowParagraphs(paragraphs);
  if (wrapped.length === paragraphs.length - empty) return paragraphs.join('\n\n');
  // Empty paragraphs between the blocks of lines: those are the paragraph breaks (like a .txt).
  if (empty >= 0.02 * (paragraphs.length - empty)) {
    const blocks: string[][] = [[]];
    for (const p of paragraphs) {
      if (p.trim()) blocks.at(-1)!.push(p.trim());
      else if (blocks.at(-1)!.length) blocks.push([]);
    }
    return blocks
      .filter((b) => b.length)
      .map((b) => b.join('\n'))
      .join('\n\n');
  }
  return wrapped.join('\n\n');
}

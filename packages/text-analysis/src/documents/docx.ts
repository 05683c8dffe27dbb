// docxToText: the text of a .docx upload, one paragraph per block. Headings are paragraphs of
// their own, separated by blank lines, so detectStructure finds them like in a .txt.
import { zipSync } from 'fflate';
import { DEFAULT_ZIP_LIMITS, readZip, type ZipLimits } from './zip.js';

/** A .docx (like any zip) starts with a local file header. */
export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

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
  return value.replace(/\s+$/, '') + '\n';
}

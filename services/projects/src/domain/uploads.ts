// Uploads: documents are read by content (a zip is a .docx, anything else text in any common
// encoding), never by name; audio is a base64 data URL whose bytes audio-content.ts checks.
import { decodeText, docxToText, isZip, stripMarkup, ZipLimitError } from '@castbook/text-analysis/documents';
import { BlobNotFoundError, HttpError, type BlobStore } from '@castbook/platform';

export const UPLOAD_MESSAGES = {
  empty: 'The file is empty',
  pdf: 'PDF files are not supported. Please upload a .txt or .docx file',
  zipBomb: 'The .docx file is too large when unpacked and was refused',
  badDocx: 'The file is not a readable .docx document. Please upload a .txt or .docx file',
  binary: 'The file is not a text document. Please upload a .txt or .docx file',
  noText: 'The document contains no text',
} as const;

export async function documentText(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.empty);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') throw new HttpError(400, UPLOAD_MESSAGES.pdf);
  let text: string;
  if (isZip(bytes)) {
    try {
      text = await docxToText(bytes);
    } catch (err) {
      throw new HttpError(400, err instanceof ZipLimitError ? UPLOAD_MESSAGES.zipBomb : UPLOAD_MESSAGES.badDocx);
    }
  } else {
    text = decodeText(bytes);
    // Control characters other than tab, newlines and form feed mean a binary file, not text.
    const isControl = (c: number) => c <= 0x08 || (c >= 0x0e && c <= 0x1f);
    let controls = 0;
    for (let k = 0; k < text.length && controls === 0; k++) if (isControl(text.charCodeAt(k))) controls++;
    if (controls > 0) throw new HttpError(400, UPLOAD_MESSAGES.binary);
  }
  if (!text.trim()) throw new HttpError(400, UPLOAD_MESSAGES.noText);
  // The text is created here (it becomes the project's content, which every offset points into):
  // light markup such as Gutenberg's `_italics_` is removed once, now (text-analysis src/text/markup.ts).
  return stripMarkup(text);
}

const AUDIO_NAME = /^[0-9a-f-]{36}\.(wav|webm|ogg|mp3|m4a)$/;

/**
 * A recording as POST /api/upload/audio sends it: a base64 data URL. Its bytes are then checked like
 * every recording (audio-content.ts): the type, the length and the size come from the bytes.
 */
export function decodeAudio(dataUrl: string): Buffer {
  const m = /^data:[\w/+.-]*(?:;[\w=.-]+)*;base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  if (!m) throw new HttpError(400, 'audioData must be a base64 data URL');
  return Buffer.from(m[1]!, 'base64');
}

/** Reading stored samples; storing them is Projects.storeAudio (plan, storage and read-only checks). */
export class AudioSamples {
  constructor(private readonly blobs: BlobStore) {}

  async read(userId: string, name: string): Promise<{ bytes: Buffer; type: string }> {
    const info = AUDIO_NAME.test(name) ? await this.blobs.stat('audio', `${userId}/${name}`) : null;
    if (!info) throw new HttpError(404, 'Audio sample not found');
    try {
      return { bytes: await this.blobs.getBuffer('audio', `${userId}/${name}`), type: info.contentType };
    } catch (err) {
      // Deleted between the two calls (a take removed meanwhile): gone, like one never stored.
      if (err instanceof BlobNotFoundError) throw new HttpError(404, 'Audio sample not found');
      throw err;
    }
  }
}

// Images are recognised by their first bytes, never by the name or the declared type, so an
// executable renamed .png is refused (ARCHITECTURE.md, Security).
import { HttpError } from '../http/server.js';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

const startsWith = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Picture bombs (tiny files declaring huge dimensions) are refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A recognised image re-encoded as WebP within `box`: bounded in size for the screens, and
 * re-encoding drops anything smuggled after the picture data. Undecodable bytes are refused.
 */
export async function resizeImage(
  bytes: Buffer,
  box: { width: number; height: number },
  refusal: string,
): Promise<{ bytes: Buffer; type: 'image/webp' }> {
  if (!sniffImage(bytes)) throw new HttpError(400, refusal);
  const { default: sharp } = await import('sharp');
  try {
    const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ ...box, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: out, type: 'image/webp' };
  } catch {
    throw new HttpError(400, refusal);
  }
}

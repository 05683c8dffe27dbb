// decodeText: the text of a .txt upload in any common encoding.
//
// Offsets into the returned string are what the outline, chunks and quotes point at, so the
// string is not normalised: CRLF line ends stay CRLF (the engine reads "\r\n" as a line end), and
// for UTF-8 input the result equals the file read as UTF-8 (a UTF-8 BOM stays as U+FEFF, exactly as
// Node's readFileSync(path, 'utf8') returns it). A UTF-16 BOM is dropped: it is not text.
import { createRequire } from 'node:module';
import type Chardet from 'chardet';
import type Iconv from 'iconv-lite';

// chardet and iconv-lite read only text that is not UTF-8, so they are loaded on first use: the
// command-line analysis starts a process per book, and loading them cost each one some 20 ms.
const require = createRequire(import.meta.url);
const chardet = () => require('chardet') as typeof Chardet;
const iconv = () => require('iconv-lite') as typeof Iconv;

/** Bytes inspected to guess a BOM-less UTF-16 text. */
const SNIFF_BYTES = 4096;
/** Encodings chardet names that we accept when it is confident; anything else reads as Windows-1252. */
const MIN_CONFIDENCE = 50;

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * Text with mostly ASCII characters in UTF-16 has a zero in every other byte: zeros at odd
 * offsets mean little-endian, at even offsets big-endian. Real 8-bit text has no zero bytes.
 */
export function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length - (bytes.length % 2), SNIFF_BYTES);
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > 0.3 * pairs && evenZeros < 0.05 * pairs) return 'utf-16le';
  if (evenZeros > 0.3 * pairs && oddZeros < 0.05 * pairs) return 'utf-16be';
  return null;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The 8-bit encoding of a text that is not UTF-8: chardet's confident guess, else Windows-1252. */
function legacyEncoding(bytes: Uint8Array): string {
  const best = chardet().analyse(bytes)[0];
  if (!best || best.confidence < MIN_CONFIDENCE) return 'windows-1252';
  const name = best.name.toLowerCase();
  // ISO-8859-1 texts use Windows-1252's quotes and dashes in 0x80-0x9f; the two agree elsewhere.
  if (name === 'iso-8859-1' || name === 'ascii' || name.startsWith('utf') || !iconv().encodingExists(name))
    return 'windows-1252';
  return name;
}

export function detectEncoding(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  const utf16 = sniffUtf16(bytes);
  if (utf16) return utf16;
  if (isUtf8(bytes)) return 'utf-8';
  return legacyEncoding(bytes);
}

export function decodeText(bytes: Uint8Array): string {
  const encoding = detectEncoding(bytes);
  // ignoreBOM keeps a UTF-8 BOM, so offsets match the file read as UTF-8 (see above).
  if (encoding === 'utf-8') return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  // iconv-lite strips a UTF-16 BOM by default.
  return iconv().decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding);
}

// Reads a zip archive with bounds, so that a zip bomb is refused before it costs memory or time.
// First the sizes the central directory declares are checked (total and compression ratio), then
// the entries are inflated as a stream that stops as soon as an entry grows past its declared size,
// so an archive that lies about its sizes is refused too.
import { Unzip, UnzipInflate, unzipSync } from 'fflate';

export interface ZipLimits {
  /** Total uncompressed bytes of all entries. */
  maxUncompressedBytes: number;
  /** Total uncompressed bytes per byte of the archive. */
  maxRatio: number;
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxRatio: 100,
  maxEntries: 10_000,
};

/** The archive is too big when uncompressed (a zip bomb, or simply too large a document). */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

/** Compressed bytes fed to the inflater at a time: one push can grow at most ~1000 times this. */
const PUSH_BYTES = 4096;

function declaredSizes(bytes: Uint8Array, limits: ZipLimits): Map<string, number> {
  const sizes = new Map<string, number>();
  let total = 0;
  try {
    // A filter that takes nothing reads only the central directory.
    unzipSync(bytes, {
      filter: (file) => {
        sizes.set(file.name, file.originalSize);
        total += file.originalSize;
        if (sizes.size > limits.maxEntries) throw new ZipLimitError(`zip has more than ${limits.maxEntries} entries`);
        return false;
      },
    });
  } catch (e) {
    if (e instanceof ZipLimitError) throw e;
    throw new Error(`not a valid zip archive: ${(e as Error).message}`);
  }
  if (total > limits.maxUncompressedBytes)
    throw new ZipLimitError(`zip would uncompress to ${total} bytes (limit ${limits.maxUncompressedBytes})`);
  if (total > limits.maxRatio * bytes.length)
    throw new ZipLimitError(`zip compression ratio ${Math.round(total / bytes.length)}:1 exceeds ${limits.maxRatio}:1`);
  return sizes;
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The entries of a zip archive, refused with ZipLimitError when over the limits. */
export function readZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Map<string, Uint8Array> {
  const declared = declaredSizes(bytes, limits);
  const files = new Map<string, Uint8Array>();
  const unzip = new Unzip((file) => {
    const cap = declared.get(file.name);
    if (cap === undefined) return; // not in the central directory: not part of the archive
    const parts: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, data, final) => {
      if (err) throw err;
      size += data.length;
      if (size > cap) throw new ZipLimitError(`zip entry ${file.name} is larger than it declares`);
      parts.push(data);
      if (final) files.set(file.name, concat(parts, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let i = 0; i < bytes.length; i += PUSH_BYTES) {
    const end = Math.min(i + PUSH_BYTES, bytes.length);
    unzip.push(bytes.subarray(i, end), end === bytes.length);
  }
  return files;
}

// What the gateway compresses. It is the one door (and in embedded mode the whole app), so answers
// are compressed here whoever produced them: a long novel's project is megabytes of JSON (its text,
// quotes and candidates) that brotli cuts to about a fifth, and the frontend's bundles likewise.
// - Brotli at quality 4 (zlib's default 11 costs seconds per MB) packs better than gzip for less
//   CPU; gzip for clients without it.
// - Only answers of COMPRESS_FROM_BYTES or more: compressing every 23 KB project list cost the
//   gateway about a sixth of its list throughput, for milliseconds saved on the wire.
// - Audio and other binary types are left alone (mime-db's `compressible`), as is anything a service
//   already encoded.
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { HttpService } from '@castbook/platform';

export const COMPRESS_FROM_BYTES = 64 * 1024;

export async function registerCompression(app: HttpService): Promise<void> {
  // The plugin's threshold sizes only answers it holds whole; a proxied or static answer is a stream,
  // sized by its Content-Length. This hook runs before the plugin's (hooks run in the order they
  // were added) and uses the plugin's own per-request opt-out.
  app.addHook('onSend', async (req, reply, payload) => {
    if (Number(reply.getHeader('content-length') ?? Infinity) < COMPRESS_FROM_BYTES) {
      req.headers['x-no-compression'] = '1';
    }
    return payload;
  });
  await app.register(compress, {
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

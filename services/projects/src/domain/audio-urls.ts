// Playing a voice sample in a plain <audio src> (issue 17): the element sends no bearer token, so
// every take in an answer carries a signed URL (`playUrl`) valid about an hour, which GET
// /api/upload/audio/{name} accepts without a token. The signature is an HMAC-SHA256 of the owner,
// the sample's name and the expiry, keyed by a secret of this service's config; nothing is stored.
// The access log writes paths without their query (platform http/observability.ts), so a signature
// never reaches a log line.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Character } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';

export const SAMPLE_PATH = '/api/upload/audio/';
/** How long a play URL works. The frontend fetches the project again when one expires. */
export const PLAY_URL_SECONDS = 60 * 60;
/**
 * Expiries are rounded up to this step, so the same sample answers the same URL for a few minutes
 * and the browser's cache (private, an hour) serves a replay instead of fetching it again.
 */
const EXPIRY_STEP_SECONDS = 5 * 60;

export const PLAY_URL_MESSAGE = 'This playback link has expired or is not valid; reload the project to get a new one';

export interface PlayQuery {
  user?: string;
  expires?: string;
  signature?: string;
}

export class AudioUrls {
  private readonly key: Buffer;

  /**
   * `secret`: AUDIO_URL_SECRET, or the service's shared secret (SERVICE_SECRET) from which a key of
   * its own is derived, so every replica of the service verifies any replica's URLs.
   */
  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', secret).update('castbook audio play urls v1').digest();
  }

  /** The signed URL of the sample at `url` (`/api/upload/audio/{name}`) of user `userId`. */
  playUrl(userId: string, url: string): string {
    const name = url.slice(SAMPLE_PATH.length);
    const expires = Math.ceil((this.now() / 1000 + PLAY_URL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
    const query = new URLSearchParams({
      user: userId,
      expires: String(expires),
      signature: this.sign(userId, name, expires),
    });
    return `${url}?${query.toString()}`;
  }

  /** The owner a signed request for `name` may read as; 403 for a forged, altered or expired URL. */
  verify(name: string, q: PlayQuery): string {
    const expires = Number(q.expires);
    if (!q.user || !q.signature || !/^\d{1,12}$/.test(q.expires ?? '')) throw new HttpError(403, PLAY_URL_MESSAGE);
    const expected = Buffer.from(this.sign(q.user, name, expires), 'hex');
    const given = Buffer.from(/^[0-9a-f]{64}$/.test(q.signature) ? q.signature : '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HttpError(403, PLAY_URL_MESSAGE);
    if (expires * 1000 <= this.now()) throw new HttpError(403, PLAY_URL_MESSAGE);
    return q.user;
  }

  /** The characters as answered: each take with its playUrl (never stored). */
  withPlayUrls(userId: string, characters: Character[]): Character[] {
    return characters.map((c) =>
      c.voiceTakes?.length
        ? { ...c, voiceTakes: c.voiceTakes.map((t) => ({ ...t, playUrl: this.playUrl(userId, t.url) })) }
        : c,
    );
  }

  private sign(userId: string, name: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${userId}\n${name}\n${expires}`).digest('hex');
  }
}

/**
 * The single byte range a `Range` header asks of an object of `size` bytes (RFC 9110 §14.1.2):
 * undefined to answer the whole object (no header, another unit, several ranges or a malformed one,
 * which a server may ignore), 'unsatisfiable' for a 416.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = header === undefined ? null : /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    // A suffix: the last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start) return undefined; // bytes=9-3 is malformed, not a range
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

import { describe, expect, it } from 'vitest';
import { AudioUrls, byteRange, PLAY_URL_MESSAGE } from './audio-urls.js';

const SECRET = 'a test secret that is long enough for the config';
const URL_OF = '/api/upload/audio/0b8f3a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b.wav';
const NAME = URL_OF.split('/').pop()!;
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('signed playback URLs', () => {
  it('verify for their owner until they expire, about an hour later', () => {
    let now = Date.UTC(2026, 10, 25, 17, 0);
    const urls = new AudioUrls(SECRET, () => now);
    const url = urls.playUrl('u1', URL_OF);
    expect(url.startsWith(`${URL_OF}?`)).toBe(true);
    expect(urls.verify(NAME, query(url))).toBe('u1');
    now += 60 * 60 * 1000 - 1;
    expect(urls.verify(NAME, query(url))).toBe('u1');
    now += 5 * 60 * 1000 + 1; // past the rounded-up expiry
    expect(() => urls.verify(NAME, query(url))).toThrow(PLAY_URL_MESSAGE);
  });

  it('refuse another name, owner or expiry, another key, and a missing or malformed signature', () => {
    const urls = new AudioUrls(SECRET);
    const q = query(urls.playUrl('u1', URL_OF));
    const refused = (name: string, over: Record<string, string | undefined>, signer = urls) =>
      expect(() => signer.verify(name, { ...q, ...over })).toThrow(PLAY_URL_MESSAGE);
    refused(NAME.replace('0b8f', '1b8f'), {});
    refused(NAME, { user: 'u2' });
    refused(NAME, { expires: String(Number(q.expires) + 300) });
    refused(NAME, {}, new AudioUrls(`${SECRET}!`));
    refused(NAME, { signature: undefined });
    refused(NAME, { signature: 'zz' });
    refused(NAME, { expires: '1e12' });
  });
});

describe('byteRange', () => {
  it('reads one range of RFC 9110; ignores what it may ignore; 416 past the end', () => {
    expect(byteRange(undefined, 100)).toBeUndefined();
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=9-3', 100)).toBeUndefined();
    expect(byteRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(byteRange('items=0-1', 100)).toBeUndefined();
    expect(byteRange('bytes=-', 100)).toBeUndefined();
  });
});

// Thumbnails and avatars are served only to their owner, with the bearer token an `<img src>` cannot
// send. They are fetched through the API client and shown as data: URLs (the Content-Security-Policy
// allows `img-src 'self' data:`, not blob:). Their URLs carry a version, so one URL is always the same
// picture and can be cached for the life of the tab.
import { useEffect, useState } from 'react';
import { api } from './client';

const MAX_CACHED = 200;

/** A file or a fetched picture as a data: URL, which the page's CSP lets `<img>` show. */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(blob);
  });
}
const cache = new Map<string, Promise<string>>();

function load(url: string): Promise<string> {
  let pending = cache.get(url);
  if (!pending) {
    pending = api.requestBlob(url).then(blobToDataUrl);
    // A failed fetch is forgotten, so the next render tries again.
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  }
  return pending;
}

/** Only same-origin API paths need the session; anything else (data:, https:) is used as is. */
const needsSession = (url: string) => url.startsWith('/api/');

/**
 * An object URL for an owner-only image at `url`, or undefined while it loads, when it fails or
 * when there is none.
 */
export function useAuthedImage(url: string | null | undefined): string | undefined {
  const [loaded, setLoaded] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    if (!url || !needsSession(url)) return;
    let live = true;
    load(url).then(
      (src) => live && setLoaded({ url, src }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (!url) return undefined;
  if (!needsSession(url)) return url;
  return loaded?.url === url ? loaded.src : undefined;
}

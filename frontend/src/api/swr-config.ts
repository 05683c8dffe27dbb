// SWR defaults of SPEC §9: data is fresh for 10 s, failed queries retry 3 times after
// min(1000 * 2^n, 10000) ms, and a refused session (401/403) or a 404 is not retried.
import type { SWRConfiguration } from 'swr';
import { QUERY_RETRIES, QUERY_STALE_MS } from '../config';
import { queryRetryDelayMs } from './backoff';
import { ApiError, swrFetcher } from './client';

export function shouldRetry(err: unknown, retryCount: number): boolean {
  if (retryCount > QUERY_RETRIES) return false;
  return !(err instanceof ApiError && [400, 401, 403, 404].includes(err.status));
}

export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  dedupingInterval: QUERY_STALE_MS,
  focusThrottleInterval: QUERY_STALE_MS,
  shouldRetryOnError: true,
  onErrorRetry: (err, _key, _config, revalidate, { retryCount }) => {
    if (!shouldRetry(err, retryCount)) return;
    setTimeout(() => void revalidate({ retryCount }), queryRetryDelayMs(retryCount - 1));
  },
};

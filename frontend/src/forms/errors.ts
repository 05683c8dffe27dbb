import { ApiError } from '../api/client';

/** The server's words for a form, or the screen's own default when there are none (SPEC §8). */
export function formErrorOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'Could not reach Castbook. Check your connection and try again.';
    return err.serverMessage === 'Unknown error' ? fallback : err.serverMessage;
  }
  return fallback;
}

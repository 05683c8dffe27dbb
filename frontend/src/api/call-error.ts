// The helper messages of SPEC §8 ('Failed to fetch projects', 'Failed to create author', …): a failed
// call keeps the server's status and own words (forms and toasts show those, e.g. the 403
// 'Subscription Limit Reached: …'), and its message says which call failed.
import { ApiError } from './client';

export class ApiCallError extends ApiError {
  constructor(
    /** The helper message of SPEC §8 naming the call, e.g. 'Failed to fetch projects'. */
    readonly action: string,
    cause: ApiError,
  ) {
    super(cause.serverMessage, cause.status, cause.retryAfterMs);
    this.name = 'ApiCallError';
    this.message = `${action}: ${cause.serverMessage}`;
    this.cause = cause;
  }
}

/** Runs one call; an API failure becomes an ApiCallError naming it. Aborts pass through untouched. */
export async function withAction<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) throw new ApiCallError(action, err);
    throw err;
  }
}

/** The status of a failed call (0: no answer; undefined: not an API failure). */
export const statusOf = (err: unknown): number | undefined => (err instanceof ApiError ? err.status : undefined);

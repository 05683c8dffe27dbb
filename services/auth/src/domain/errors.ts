// Errors the routes turn into answers. A rate-limited answer also carries Retry-After.
import { AUTH_MESSAGES } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';

export class TooManyAttempts extends HttpError {
  constructor(readonly retryAfterSec: number) {
    super(429, AUTH_MESSAGES.tooManyAttempts);
  }
}

// The forgot-password flow (PRODUCT.md): ask for a link, then set a new password with it. Public.
import { ok, resetPasswordConfirmBody, resetPasswordRequestBody } from '@castbook/contracts';
import type { HttpService, Logger } from '@castbook/platform';
import type { Accounts } from '../domain/accounts.js';
import { parseBody } from '../domain/validation.js';
import type { CallContextOf } from './context.js';

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password.';

export function passwordResetRoutes(app: HttpService, accounts: Accounts, logger: Logger, callContext: CallContextOf) {
  app.post('/api/auth/reset-password', async (req) => {
    const { email } = parseBody(resetPasswordRequestBody, req.body);
    // The work runs after the answer, so an existing email answers as fast as an unknown one.
    void accounts.requestReset(email).catch((err: unknown) => logger.error({ err }, 'password reset request failed'));
    return ok({ message: RESET_REQUESTED_MESSAGE });
  });

  app.post('/api/auth/reset-password/confirm', async (req) => {
    const body = parseBody(resetPasswordConfirmBody, req.body);
    await accounts.confirmReset(body, callContext(req));
    return ok({ message: 'Your password has been reset. Please sign in with the new password.' });
  });
}

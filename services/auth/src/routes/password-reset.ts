// The forgot-password flow (PRODUCT.md): ask for a link, then set a new password with it. Public.
import { apiSuccess, ok, resetPasswordConfirmBody, resetPasswordRequestBody } from '@castbook/contracts';
import { documentedOnly, errorResponses, type HttpService, type Logger } from '@castbook/platform';
import { z } from 'zod';
import type { Accounts } from '../domain/accounts.js';
import { parseBody } from '../domain/validation.js';
import type { CallContextOf } from './context.js';

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password.';

export function passwordResetRoutes(app: HttpService, accounts: Accounts, logger: Logger, callContext: CallContextOf) {
  const message = apiSuccess(z.object({ message: z.string() }));
  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        summary: 'Mail a reset link (answers the same whether the account exists or not)',
        security: [],
        body: documentedOnly(resetPasswordRequestBody),
        response: { 200: message, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const { email } = parseBody(resetPasswordRequestBody, req.body);
      // The work runs after the answer, so an existing email answers as fast as an unknown one.
      void accounts.requestReset(email).catch((err: unknown) => logger.error({ err }, 'password reset request failed'));
      return ok({ message: RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/api/auth/reset-password/confirm',
    {
      schema: {
        summary: 'Set a new password with the link',
        security: [],
        body: documentedOnly(resetPasswordConfirmBody),
        response: { 200: message, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const body = parseBody(resetPasswordConfirmBody, req.body);
      await accounts.confirmReset(body, callContext(req));
      return ok({ message: 'Your password has been reset. Please sign in with the new password.' });
    },
  );
}

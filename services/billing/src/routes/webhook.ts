// POST /api/subscriptions/webhook: the payment provider's events. No session and no CSRF pair (the
// provider's servers call it); the Stripe-Signature over the exact bytes received is the credential,
// so this route's scope keeps the body raw instead of parsing JSON (the gateway forwards it unchanged).
import { apiSuccess, ok } from '@castbook/contracts';
import { errorResponses, type HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { Payments } from '../domain/payments.js';

export const WEBHOOK_PATH = '/api/subscriptions/webhook';
const MAX_EVENT_BYTES = 512 * 1024;

export async function webhookRoute(app: HttpService, payments: Payments) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: MAX_EVENT_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      WEBHOOK_PATH,
      {
        schema: {
          summary: "The payment provider's webhook (Stripe-Signature verified; not for browsers)",
          hide: true,
          response: {
            200: apiSuccess(z.object({ received: z.literal(true), duplicate: z.boolean() })),
            ...errorResponses(400),
          },
        },
      },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const { duplicate, type } = await payments.receiveWebhook(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        req.log.info({ type, duplicate }, 'payment webhook');
        return ok({ received: true as const, duplicate });
      },
    );
  });
}

// The local payment provider's pages under /pay/* (the gateway forwards them to billing). Only served
// when the local provider is in use. A session id in the path is the capability, as on Stripe's own
// hosted pages: long and random, short-lived, no sign-in.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpService } from '@castbook/platform';
import { z } from 'zod';
import type { LocalPaymentProvider } from '../payments/local-provider.js';
import { checkoutPage, gonePage, invoicePage, portalPage } from '../payments/local-pages.js';
import type { CardForm } from '../payments/test-cards.js';

const idParam = z.object({ id: z.string().regex(/^[a-z]+_local_[0-9a-f]{24}$/) });
const FORM_LIMIT = 8 * 1024;
/** The checked :id (the scope's routes validate it with idParam). */
const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

const formOf = (body: unknown): CardForm => {
  const b = (body ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : undefined);
  return { cardNumber: s('cardNumber'), expiry: s('expiry'), cvc: s('cvc'), cardName: s('cardName') };
};

export async function payPages(app: HttpService, local: LocalPaymentProvider) {
  await app.register(async (scope) => {
    // Plain HTML forms post urlencoded bodies; parsed here only, small.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const hide = { hide: true, params: idParam };

    scope.get('/pay/checkout/:id', { schema: hide }, async (req, reply) => {
      const session = await local.checkoutSession(idOf(req));
      return session ? html(reply, 200, checkoutPage(session)) : html(reply, 404, gonePage('Checkout expired'));
    });

    scope.post('/pay/checkout/:id', { schema: hide }, async (req, reply) => {
      const form = formOf(req.body);
      const outcome = await local.submitCheckout(idOf(req), form);
      if (outcome.kind === 'gone') return html(reply, 404, gonePage('Checkout expired'));
      if (outcome.kind === 'redirect') return reply.status(303).header('location', outcome.url).send();
      const session = await local.checkoutSession(idOf(req));
      if (!session) return html(reply, 404, gonePage('Checkout expired'));
      // The name is kept; card number, expiry and CVC are typed again, as on a real checkout.
      return html(
        reply,
        402,
        checkoutPage(session, { error: outcome.message, field: outcome.field, form: { cardName: form.cardName } }),
      );
    });

    scope.get('/pay/portal/:id', { schema: hide }, async (req, reply) => {
      const view = await local.portal(idOf(req));
      const done = (req.query as Record<string, unknown>).done;
      const notice =
        done === 'canceled'
          ? 'Your subscription will end at the end of the current period.'
          : done === 'resumed'
            ? 'Your subscription will renew as usual.'
            : done === 'card'
              ? 'Your card was updated.'
              : undefined;
      return view
        ? html(reply, 200, portalPage(view, { notice }))
        : html(reply, 404, gonePage('Billing session expired'));
    });

    for (const [action, cancel] of [
      ['cancel', true],
      ['resume', false],
    ] as const) {
      scope.post(`/pay/portal/:id/${action}`, { schema: hide }, async (req, reply) => {
        const outcome = await local.portalSetCancel(idOf(req), cancel);
        if (outcome.kind === 'gone') return html(reply, 404, gonePage('Billing session expired'));
        if (outcome.kind === 'refused') {
          const view = await local.portal(idOf(req));
          return html(
            reply,
            409,
            view ? portalPage(view, { error: outcome.message }) : gonePage('Billing session expired'),
          );
        }
        return reply
          .status(303)
          .header('location', `/pay/portal/${idOf(req)}?done=${cancel ? 'canceled' : 'resumed'}`)
          .send();
      });
    }

    scope.post('/pay/portal/:id/card', { schema: hide }, async (req, reply) => {
      const outcome = await local.portalUpdateCard(idOf(req), formOf(req.body));
      if (outcome.kind === 'gone') return html(reply, 404, gonePage('Billing session expired'));
      if (outcome.kind === 'refused') {
        const view = await local.portal(idOf(req));
        return html(
          reply,
          402,
          view ? portalPage(view, { error: outcome.message }) : gonePage('Billing session expired'),
        );
      }
      return reply
        .status(303)
        .header('location', `/pay/portal/${idOf(req)}?done=card`)
        .send();
    });

    scope.get('/pay/invoices/:id', { schema: hide }, async (req, reply) => {
      const invoice = await local.invoice(idOf(req));
      return invoice ? html(reply, 200, invoicePage(invoice)) : html(reply, 404, gonePage('Invoice not found'));
    });
  });
}

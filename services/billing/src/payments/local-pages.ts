// The local provider's pages (checkout, portal, invoice): server-rendered HTML, no script, labelled
// fields, readable in light and dark (prefers-color-scheme) and at phone width. They look like a
// payment provider's pages, and say plainly that no real card is charged.
import { PLANS } from '@castbook/contracts';
import type { LocalCheckoutSession, LocalInvoice } from '../db/local-payments.js';
import type { PortalView } from './local-provider.js';
import type { CardForm } from './test-cards.js';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const day = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const STYLE = `
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #fff; --text: #1a1d23; --muted: #555d6b;
  --border: #c9ced6; --accent: #3b4fd8; --accent-text: #fff; --error: #b3261e; --ok: #1d6b3a; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #121418; --card: #1c1f26; --text: #eceef2; --muted: #aab1bd; --border: #444b57;
    --accent: #8b9bff; --accent-text: #10131a; --error: #ff8a80; --ok: #7ddc9a; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.5 system-ui, sans-serif; }
main { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 12px; padding: 1.25rem; margin-top: 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
p { margin: .25rem 0 .75rem; } .muted { color: var(--muted); font-size: .9rem; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
input { width: 100%; padding: .65rem .75rem; font: inherit; color: var(--text); background: var(--bg);
  border: 1px solid var(--border); border-radius: 8px; }
input[aria-invalid="true"] { border-color: var(--error); }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.row { display: flex; gap: .75rem; } .row > div { flex: 1; min-width: 0; }
button { width: 100%; margin-top: 1.25rem; padding: .75rem; font: inherit; font-weight: 600; border: 0;
  border-radius: 8px; background: var(--accent); color: var(--accent-text); cursor: pointer; }
button.secondary { background: transparent; color: var(--text); border: 1px solid var(--border); }
.alert { border: 1px solid var(--error); color: var(--error); border-radius: 8px; padding: .6rem .75rem; margin: .75rem 0; }
.notice { border: 1px solid var(--ok); color: var(--ok); border-radius: 8px; padding: .6rem .75rem; margin: .75rem 0; }
a { color: var(--accent); }
table { width: 100%; border-collapse: collapse; font-size: .95rem; }
th, td { text-align: left; padding: .4rem .25rem; border-bottom: 1px solid var(--border); }
@media (max-width: 360px) { .row { flex-direction: column; gap: 0; } }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}
<p class="muted">Castbook test payments: no real card is charged. Test cards: 4242 4242 4242 4242 succeeds,
4000 0000 0000 0002 is declined.</p></main></body></html>`;
}

function field(
  name: keyof CardForm,
  label: string,
  opts: { value?: string; invalid: boolean; autocomplete: string; inputmode?: string; placeholder?: string },
) {
  return `<label for="${name}">${esc(label)}</label>
<input id="${name}" name="${name}" autocomplete="${opts.autocomplete}"${opts.inputmode ? ` inputmode="${opts.inputmode}"` : ''}${
    opts.placeholder ? ` placeholder="${esc(opts.placeholder)}"` : ''
  } value="${esc(opts.value ?? '')}"${opts.invalid ? ' aria-invalid="true" aria-describedby="form-error"' : ''}>`;
}

/** The card fields (the number, expiry and CVC are never echoed back after a refusal). */
function cardFields(form: CardForm, invalid: keyof CardForm | null) {
  return `${field('cardNumber', 'Card number', { invalid: invalid === 'cardNumber', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234' })}
<div class="row"><div>${field('expiry', 'Expiry', { invalid: invalid === 'expiry', autocomplete: 'cc-exp', placeholder: 'MM / YY' })}</div>
<div>${field('cvc', 'CVC', { invalid: invalid === 'cvc', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123' })}</div></div>
${field('cardName', 'Name on card', { value: form.cardName, invalid: invalid === 'cardName', autocomplete: 'cc-name' })}`;
}

const alert = (message: string | undefined) =>
  message ? `<div class="alert" id="form-error" role="alert">${esc(message)}</div>` : '';
const notice = (message: string | undefined) =>
  message ? `<div class="notice" role="status">${esc(message)}</div>` : '';

export function checkoutPage(
  session: LocalCheckoutSession,
  state: { error?: string; field?: keyof CardForm | null; form?: CardForm } = {},
): string {
  const pro = PLANS.pro;
  const trial = session.trialDays > 0;
  const summary = trial
    ? `<p><strong>${session.trialDays} days free</strong>, then ${esc(pro.price)}. No card is needed for the trial: add one now to keep Pro afterwards, or leave the card fields empty.</p>`
    : `<p><strong>${esc(pro.price)}</strong>, billed monthly. Cancel any time.</p>`;
  return page(
    'Subscribe to Castbook Pro',
    `<h1>Subscribe to Castbook Pro</h1>${summary}
<div class="card"><h2>Payment details</h2>${alert(state.error)}
<form method="post" action="/pay/checkout/${esc(session.id)}" novalidate>
${cardFields(state.form ?? {}, state.field ?? null)}
<button type="submit">Subscribe</button></form></div>
<p><a href="${esc(session.cancelUrl)}">Cancel and return to Castbook</a></p>`,
  );
}

export function gonePage(what: string): string {
  return page(
    what,
    `<h1>${esc(what)}</h1><p>This link has expired or was already used. Return to Castbook and start again.</p>`,
  );
}

export function portalPage(view: PortalView, state: { error?: string; notice?: string } = {}): string {
  const { customer, subscription: s, invoices } = view;
  const base = `/pay/portal/${esc(view.sessionId)}`;
  const plan = !s
    ? '<p>You have no active subscription.</p>'
    : `<p><strong>Castbook Pro</strong> · ${esc(PLANS.pro.price)}</p>
<p>${
        s.cancelAtPeriodEnd
          ? `Your subscription ends on ${day(s.currentPeriodEnd)}. You keep Pro until then.`
          : s.status === 'trialing'
            ? `Trial until ${day(s.currentPeriodEnd)}${customer.cardLast4 ? ', then renews monthly.' : '. Add a card to keep Pro afterwards.'}`
            : s.status === 'past_due'
              ? 'Your last payment failed. Update your card to keep Pro.'
              : `Renews on ${day(s.currentPeriodEnd)}.`
      }</p>
<form method="post" action="${base}/${s.cancelAtPeriodEnd ? 'resume' : 'cancel'}">
<button type="submit" class="secondary">${s.cancelAtPeriodEnd ? 'Keep my subscription' : 'Cancel at period end'}</button></form>`;
  const card = customer.cardLast4
    ? `<p>${esc(customer.cardBrand ?? 'Card')} ending in ${esc(customer.cardLast4)}, expires ${esc(customer.cardExp ?? '')}</p>`
    : '<p>No card on file.</p>';
  const rows = invoices
    .map(
      (i) =>
        `<tr><td><a href="/pay/invoices/${esc(i.id)}">${esc(i.number)}</a></td><td>${day(i.createdAt)}</td><td>${money(i.amountCents, i.currency)}</td><td>${esc(i.status)}</td></tr>`,
    )
    .join('');
  return page(
    'Castbook billing',
    `<h1>Billing</h1>${alert(state.error)}${notice(state.notice)}
<section class="card" aria-labelledby="plan-h"><h2 id="plan-h">Plan</h2>${plan}</section>
<section class="card" aria-labelledby="card-h"><h2 id="card-h">Payment method</h2>${card}
<form method="post" action="${base}/card" novalidate>${cardFields({}, null)}
<button type="submit">${customer.cardLast4 ? 'Change card' : 'Add card'}</button></form></section>
<section class="card" aria-labelledby="inv-h"><h2 id="inv-h">Invoices</h2>${
      rows
        ? `<table><thead><tr><th scope="col">Invoice</th><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No invoices yet.</p>'
    }</section>
<p><a href="${esc(view.returnUrl)}">Return to Castbook</a></p>`,
  );
}

export function invoicePage(i: LocalInvoice): string {
  return page(
    `Invoice ${i.number}`,
    `<h1>Invoice ${esc(i.number)}</h1><div class="card">
<p>Castbook Pro, ${day(i.periodStart)} – ${day(i.periodEnd)}</p>
<p><strong>${money(i.amountCents, i.currency)}</strong> · ${esc(i.status)}</p>
<p class="muted">Issued ${day(i.createdAt)}</p></div>`,
  );
}

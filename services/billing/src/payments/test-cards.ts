// The local provider's card check: behaves like Stripe's test mode from the user's side (its test card
// numbers and its messages). No real card is ever charged; only brand and last four digits are kept.

export interface Card {
  brand: string;
  last4: string;
  exp: string;
  name: string;
  /** Attaches, but every later charge fails (Stripe's 4000 0000 0000 0341). */
  fails: boolean;
}

export interface CardForm {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  cardName?: string;
}

export type CardCheck = { ok: true; card: Card } | { ok: false; field: keyof CardForm | null; message: string };

export const DECLINED = 'Your card was declined.';

/** Stripe's test numbers that are refused when the card is first used, with Stripe's messages. */
const REFUSED: Record<string, string> = {
  '4000000000000002': DECLINED,
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};
const FAILS_LATER = '4000000000000341';

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

/** Whether the form holds no card at all (allowed during a trial: no card needed). */
export function isEmptyCard(form: CardForm): boolean {
  return [form.cardNumber, form.expiry, form.cvc].every((v) => !v || !v.trim());
}

export function checkCard(form: CardForm, now: Date): CardCheck {
  const digits = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length < 12) {
    return { ok: false, field: 'cardNumber', message: 'Your card number is incomplete.' };
  }
  if (digits.length > 19 || !luhn(digits)) {
    return { ok: false, field: 'cardNumber', message: 'Your card number is invalid.' };
  }
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry ?? '');
  if (!exp) return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  const month = Number(exp[1]);
  const year = exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  if (month < 1 || month > 12) {
    return { ok: false, field: 'expiry', message: "Your card's expiration date is invalid." };
  }
  // Valid through the last day of its month.
  if (Date.UTC(year, month, 1) <= now.getTime()) {
    return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  }
  const cvcLength = brandOf(digits) === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test((form.cvc ?? '').trim())) {
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  }
  const name = (form.cardName ?? '').trim();
  if (!name) return { ok: false, field: 'cardName', message: 'Please enter the name on the card.' };
  if (name.length > 200) return { ok: false, field: 'cardName', message: 'The name on the card is too long.' };
  const refused = REFUSED[digits];
  if (refused) return { ok: false, field: null, message: refused };
  return {
    ok: true,
    card: {
      brand: brandOf(digits),
      last4: digits.slice(-4),
      exp: `${String(month).padStart(2, '0')}/${String(year).slice(-2)}`,
      name,
      fails: digits === FAILS_LATER,
    },
  };
}

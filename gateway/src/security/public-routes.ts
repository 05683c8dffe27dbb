// The /api calls a browser may make without a token (SPEC §7: login, register, reset-password,
// health; plus the API docs and Enterprise "Contact sales"), and the payment provider's webhook,
// which billing authenticates by its Stripe-Signature. Everything else under /api needs a verified,
// unrevoked token.
const PUBLIC: ReadonlyArray<{ methods: readonly string[]; pattern: RegExp }> = [
  { methods: ['GET', 'POST'], pattern: /^\/api\/auth\/login$/ },
  { methods: ['POST'], pattern: /^\/api\/auth\/register$/ },
  { methods: ['POST'], pattern: /^\/api\/auth\/reset-password(\/confirm)?$/ },
  { methods: ['GET', 'HEAD'], pattern: /^\/api\/health$/ },
  { methods: ['GET', 'HEAD'], pattern: /^\/api\/docs(\/|$)/ },
  { methods: ['POST'], pattern: /^\/api\/subscriptions\/contact-sales$/ },
  { methods: ['POST'], pattern: /^\/api\/subscriptions\/webhook$/ },
];

export function isPublicApi(method: string, path: string): boolean {
  return PUBLIC.some((p) => p.methods.includes(method) && p.pattern.test(path));
}

/**
 * A voice sample's signed playback URL (`/api/upload/audio/{name}?user=…&expires=…&signature=…`), which
 * a plain <audio> element requests without a token: the projects service checks the signature (and
 * refuses a forged or expired one), so the gateway lets it through unauthenticated.
 */
export function isSignedSampleUrl(method: string, url: string): boolean {
  const [path, query = ''] = url.split('?');
  return (
    (method === 'GET' || method === 'HEAD') &&
    /^\/api\/upload\/audio\/[^/]+$/.test(path ?? '') &&
    new URLSearchParams(query).has('signature')
  );
}

export function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

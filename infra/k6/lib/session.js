/* global __ENV */
// What the k6 scripts share: the gateway's address and a browser-like session through it (the CSRF
// token GET /api/auth/login hands out, sent back as header and cookie with every write), JSON and
// multipart requests as the browser sends them, and signing up a user.
import http from 'k6/http';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/$/, '');
/** Every load-test account's password (the sign-up rules ask for a digit and a capital). */
export const PASSWORD = 'Load-test-pass1';
/** What a browser accepts (k6 decompresses each of them; it sends no Accept-Encoding of its own). */
export const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** The CSRF token of a GET /api/auth/login answer (its header, or the body's csrfToken), or null. */
export function csrfOf(res) {
  return res.headers['X-Csrf-Token'] || (res.json('data') || {}).csrfToken || null;
}

/** Headers of a JSON request: the CSRF token as header and cookie, and the bearer token if given. */
export function jsonHeaders(csrf, token) {
  const headers = { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf, Cookie: `csrf=${csrf}` };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Headers of a signed-in browser's requests (set a Content-Type beside them for a body). */
export function browserHeaders(csrf, token) {
  return {
    Authorization: `Bearer ${token}`,
    'X-CSRF-Token': csrf,
    Cookie: `csrf=${csrf}`,
    'Accept-Encoding': BROWSER_ENCODINGS,
  };
}

/** A multipart/form-data body of text fields, as a browser's FormData sends it. */
export function multipart(fields) {
  const boundary = `----castbook${Math.random().toString(36).slice(2)}`;
  let body = '';
  for (const [name, value] of Object.entries(fields)) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  return { body: `${body}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/auth/register of a new user on `tier` with PASSWORD; answers the response (201 when it worked). */
export function register(csrf, name, email, tier, params = {}) {
  const body = JSON.stringify({
    name,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    subscriptionTier: tier,
    acceptTerms: true,
  });
  return http.post(`${BASE_URL}/api/auth/register`, body, { headers: jsonHeaders(csrf), ...params });
}

// The session a signed-in page uses, for specs that call the API beside the browser: the bearer
// token the app keeps and the CSRF cookie echoed as X-CSRF-Token.
import { expect, type Page } from '@playwright/test';

export interface Session {
  token: string;
  csrf: string;
}

export async function sessionOf(page: Page): Promise<Session> {
  const token = await page.evaluate<string>(
    `localStorage.getItem('auth_token') ?? sessionStorage.getItem('auth_token') ?? ''`,
  );
  let csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value;
  if (!csrf) {
    const res = await page.request.get('/api/auth/login');
    csrf = res.headers()['x-csrf-token'] ?? (await page.context().cookies()).find((c) => c.name === 'csrf')?.value;
  }
  expect(token, 'a session token after sign-up').toBeTruthy();
  return { token, csrf: csrf ?? '' };
}

/** Headers of an API call made as that session. */
export const headersOf = (s: Session) => ({ Authorization: `Bearer ${s.token}`, 'X-CSRF-Token': s.csrf });

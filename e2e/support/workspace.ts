// Signing up in the browser and creating a project through the API beside it, for the specs that
// open a project's workspace (workspace, exports).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { analyze } from '@castbook/text-analysis';
import { BOOK_CHAPTERS } from './novel.js';
import { headersOf, sessionOf, type Session } from './session.js';

/** The user signUp makes (the workspace greets them by the first name). */
export const USER_NAME = 'Wren Narrator';
/** The author createProject gives each project (an invented name, as the user's). */
export const AUTHOR = { firstName: 'Idris', lastName: 'Quell' };
/** The title analysedProject gives its project unless told another. */
export const TITLE = 'The Long Novel';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new account through the register page, signed in on /stage. */
export async function signUp(page: Page, tier: 'Free' | 'Pro' = 'Free') {
  await page.goto('/register');
  await page.getByLabel('Name').fill(USER_NAME);
  await page.getByLabel('Email').fill(`wren-${unique()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByLabel('Confirm password').fill('Str0ng!pass');
  await page.getByRole('radio', { name: tier }).check();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/stage$/);
}

/** A project by a new author, with its outline detected; answers its id. */
export async function createProject(
  request: APIRequestContext,
  s: Session,
  title: string,
  content: string,
): Promise<string> {
  const author = await request.post('/api/authors', {
    headers: headersOf(s),
    multipart: AUTHOR,
  });
  expect(author.ok(), await author.text()).toBe(true);
  const authorId = ((await author.json()) as { data: { id: string } }).data.id;
  const created = await request.post('/api/projects', {
    headers: headersOf(s),
    multipart: { title, content, authorId },
    timeout: 60_000,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const detected = await request.post(`/api/projects/${id}/detect-structure`, {
    headers: headersOf(s),
    data: { content },
    timeout: 60_000,
  });
  expect(detected.ok(), await detected.text()).toBe(true);
  return id;
}

/**
 * A project of the dev-set novel's first chapters (support/novel.ts; or of `content`) with the
 * characters and quotes the analysis engine gives (run here, in the test), saved through the API
 * (exports, review, find, the workspace bench).
 */
export async function analysedProject(page: Page, title = TITLE, content = BOOK_CHAPTERS): Promise<string> {
  const s = await sessionOf(page);
  const id = await createProject(page.request, s, title, content);
  const project = await page.request.get(`/api/projects/${id}`, { headers: headersOf(s), timeout: 60_000 });
  // The text as stored (light markup such as `_italics_` is removed when a text is saved): the
  // offsets of the quotes found here must point into it.
  const stored = ((await project.json()) as { data: { outline: never[]; content: string } }).data;
  const { characters, quotes } = analyze(stored.content, { outline: stored.outline });
  for (const [path, data] of [
    ['characters', { characters }],
    ['quotes', { quotes }],
  ] as const) {
    const res = await page.request.patch(`/api/projects/${id}/${path}`, {
      headers: headersOf(s),
      data,
      timeout: 60_000,
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return id;
}

/** Scrolls the workspace's (virtualised) viewer down until the quote is drawn, then into view. */
export async function showQuote(page: Page, quoteId: string) {
  const viewer = page.getByTestId('content-viewer');
  const target = viewer.locator(`[data-quote-id="${quoteId}"]`).first();
  await expect(viewer.locator('p').first()).toBeVisible();
  for (let top = 0; (await target.count()) === 0; top += 600) {
    if (top > 200_000) throw new Error(`quote ${quoteId} never drawn`);
    await page.evaluate(`document.querySelector('[data-testid="content-viewer"]').scrollTop = ${top}`);
  }
  await target.scrollIntoViewIfNeeded();
  return target;
}

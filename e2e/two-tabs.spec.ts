// Two tabs on one project (issue 14): each tab saves whole lists, so without a revision check the tab
// loaded earlier would overwrite the other's edit with its old lists. Each tab sets the speaker of a
// different quote without reloading; both speakers are stored, and the late tab shows both.
import { expect, test, type Page } from '@playwright/test';
import type { Character, Quote } from '@castbook/contracts';
import { headersOf, sessionOf } from './support/session.js';
import { analysedProject, showQuote, signUp } from './support/workspace.js';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

async function stored(page: Page, id: string) {
  const res = await page.request.get(`/api/projects/${id}`, { headers: headersOf(await sessionOf(page)) });
  return ((await res.json()) as { data: { characters: Character[]; quotes: Quote[] } }).data;
}

/** Gives the quote another speaker through its picker, as a user does. */
async function setSpeaker(page: Page, quoteId: string, name: string) {
  const q = await showQuote(page, quoteId);
  await q.click();
  await page.getByRole('dialog', { name: 'Change speaker' }).getByLabel('Who speaks this?').fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(toast(page, 'Speaker updated')).toBeVisible();
  await expect(q).toHaveAttribute('title', `Speaker: ${name}`);
}

test('two tabs edit the same project: neither edit is lost', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  const id = await analysedProject(page);
  const before = await stored(page, id);
  const spoken = [...before.quotes].sort((a, b) => a.startOffset - b.startOffset).filter((q) => q.speakerId);
  const [first, second] = [spoken[0]!, spoken[1]!];
  const other = (q: Quote) => before.characters.find((c) => c.id !== q.speakerId && c.name.length > 2)!;

  const early = page;
  // A second tab of the same session (as the browser's "Duplicate tab" makes: sessionStorage copied).
  const token = await early.evaluate(() => sessionStorage.getItem('auth_token') ?? localStorage.getItem('auth_token'));
  const late = await page.context().newPage();
  await late.addInitScript((t) => {
    if (t && !sessionStorage.getItem('auth_token')) sessionStorage.setItem('auth_token', t);
  }, token);
  await early.goto(`/stage/projects/${id}`);
  await late.goto(`/stage/projects/${id}`);
  await expect(late.getByTestId('content-viewer').locator('p').first()).toBeVisible();

  // The early tab edits; the late tab, still holding the lists from before, edits another quote.
  await setSpeaker(early, first.id, other(first).name);
  await setSpeaker(late, second.id, other(second).name);

  const after = await stored(page, id);
  const speakerOf = (q: Quote) => after.quotes.find((x) => x.id === q.id)?.speakerId;
  expect(speakerOf(first)).toBe(other(first).id);
  expect(speakerOf(second)).toBe(other(second).id);
  // The late tab made its edit on the lists as they are now: it shows the early tab's edit too.
  await expect(await showQuote(late, first.id)).toHaveAttribute('title', `Speaker: ${other(first).name}`);
  await late.close();
});

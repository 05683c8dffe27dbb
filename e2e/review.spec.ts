// Issue 19's review mode in a real browser: the quotes the user has not confirmed, walked by
// keyboard (1 picks a candidate, Enter confirms, N marks "not dialog", J/K move, Esc leaves); the
// progress bar counts each confirmation, the viewer marks the quote on screen, and after a reload
// the confirmed quotes are out of the queue. Screens: light and dark, desktop and phone, axe-core.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkAxe } from './support/axe.js';
import { headersOf, sessionOf } from './support/session.js';
import { BOOK } from './support/novel.js';
import { analysedProject, signUp } from './support/workspace.js';
import { inEachLook } from './support/looks.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-review';
mkdirSync(SHOTS, { recursive: true });

const reviewDialog = (page: Page) => page.getByRole('dialog', { name: 'Review speakers' });
const quoteOnScreen = (page: Page) => reviewDialog(page).getByTestId('review-quote');
const progress = (page: Page) => reviewDialog(page).getByTestId('review-progress');

async function openReview(page: Page) {
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(quoteOnScreen(page)).toBeVisible();
}

/** "3 of 120 confirmed" as numbers. */
async function figures(page: Page): Promise<[number, number]> {
  const m = /^([\d,]+) of ([\d,]+) confirmed$/.exec((await progress(page).textContent()) ?? '');
  expect(m, 'progress text').not.toBeNull();
  return [Number(m![1]!.replace(/,/g, '')), Number(m![2]!.replace(/,/g, ''))];
}

test('review: confirm two quotes by keyboard, mark one not dialog, leave, reload: they are out of the queue', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  const id = await analysedProject(page);
  await page.goto(`/stage/projects/${id}`);
  await expect(page.getByTestId('content-viewer').locator('span.q').first()).toBeVisible();

  await openReview(page);
  const [confirmed0, total] = await figures(page);
  expect(confirmed0).toBe(0);
  expect(total).toBeGreaterThan(10);

  // 1 picks the first candidate, Enter confirms it; the viewer has scrolled to and selected the quote.
  const first = (await quoteOnScreen(page).getAttribute('data-quote-id'))!;
  await expect(page.locator(`[data-quote-id="${first}"]`).first()).toBeVisible();
  await page.keyboard.press('1');
  await expect(reviewDialog(page).getByRole('button', { pressed: true })).toContainText('1');
  await page.keyboard.press('Enter');
  await expect(progress(page)).toHaveText(`1 of ${total} confirmed`);
  await expect(quoteOnScreen(page)).not.toHaveAttribute('data-quote-id', first);

  // J then K comes back to the same quote; Enter confirms the current guess.
  const second = (await quoteOnScreen(page).getAttribute('data-quote-id'))!;
  await page.keyboard.press('j');
  await expect(quoteOnScreen(page)).not.toHaveAttribute('data-quote-id', second);
  const third = (await quoteOnScreen(page).getAttribute('data-quote-id'))!;
  await page.keyboard.press('k');
  await expect(quoteOnScreen(page)).toHaveAttribute('data-quote-id', second);
  await page.keyboard.press('Enter');
  await expect(progress(page)).toHaveText(`2 of ${total} confirmed`);

  // N: not dialog, the quote leaves the book's quotes.
  await expect(quoteOnScreen(page)).toHaveAttribute('data-quote-id', third);
  await page.keyboard.press('n');
  await expect(progress(page)).toHaveText(`2 of ${total - 1} confirmed`);

  await page.keyboard.press('Escape');
  await expect(reviewDialog(page)).toBeHidden();

  await page.reload();
  await expect(page.getByTestId('content-viewer').locator('span.q').first()).toBeVisible();
  await openReview(page);
  await expect(progress(page)).toHaveText(`2 of ${total - 1} confirmed`);
  const s = await sessionOf(page);
  const res = await page.request.get(`/api/projects/${id}/review?limit=200`, { headers: headersOf(s) });
  const queued = ((await res.json()) as { data: { quotes: { id: string }[] } }).data.quotes.map((q) => q.id);
  expect(queued.length).toBeGreaterThan(0);
  for (const gone of [first, second, third]) expect(queued).not.toContain(gone);
  const project = await page.request.get(`/api/projects/${id}`, { headers: headersOf(s) });
  const quotes = ((await project.json()) as { data: { quotes: { id: string; attributionMethod: string }[] } }).data
    .quotes;
  expect(quotes.find((q) => q.id === first)?.attributionMethod).toBe('user');
  expect(quotes.find((q) => q.id === second)?.attributionMethod).toBe('user');
  expect(quotes.some((q) => q.id === third)).toBe(false);
});

interface Queued {
  id: string;
  speakerId: string | null;
  candidates: { speakerId: string }[];
}

test('review: 20 quotes of a whole novel by keyboard only, each shown in the text, confirmed as the user', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUp(page, 'Pro'); // the whole book is over the Free plan's 100,000 words
  const id = await analysedProject(page, 'The whole novel', BOOK);
  const s = await sessionOf(page);
  const res = await page.request.get(`/api/projects/${id}/review?limit=50`, { headers: headersOf(s) });
  const queue = ((await res.json()) as { data: { quotes: Queued[] } }).data.quotes;
  expect(queue.length).toBeGreaterThanOrEqual(20);

  await page.goto(`/stage/projects/${id}`);
  await expect(page.getByTestId('content-viewer').locator('p').first()).toBeVisible();
  // Keyboard only: focus the Review button with Tab order's focus(), open it with Enter.
  await page.getByRole('button', { name: 'Review', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(quoteOnScreen(page)).toBeVisible();
  const [, total] = await figures(page);

  // Least confident first, as the API lists them; every fourth one takes the second candidate (2,
  // then Enter), the others confirm the current guess (Enter).
  const chosen = new Map<string, string>();
  for (const [i, item] of queue.slice(0, 20).entries()) {
    await expect(quoteOnScreen(page)).toHaveAttribute('data-quote-id', item.id);
    await expect(page.getByTestId('content-viewer').locator(`[data-quote-id="${item.id}"]`).first()).toBeVisible();
    if (i % 4 === 3 && item.candidates.length > 1) {
      await page.keyboard.press('2');
      await expect(reviewDialog(page).getByRole('button', { pressed: true })).toContainText('2');
      chosen.set(item.id, item.candidates[1]!.speakerId);
    } else {
      chosen.set(item.id, (item.speakerId ?? item.candidates[0]?.speakerId)!);
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => figures(page)).toEqual([i + 1, total]);
  }
  await page.screenshot({ path: `${SHOTS}/walk-20.png` });
  await page.keyboard.press('Escape');
  await expect(reviewDialog(page)).toBeHidden();

  // On the server: each of the twenty is the user's, with the speaker chosen.
  const project = await page.request.get(`/api/projects/${id}`, { headers: headersOf(s), timeout: 60_000 });
  const quotes = (
    (await project.json()) as { data: { quotes: { id: string; speakerId: string; attributionMethod: string }[] } }
  ).data.quotes;
  const byId = new Map(quotes.map((q) => [q.id, q]));
  for (const [quoteId, speakerId] of chosen) {
    expect(byId.get(quoteId), quoteId).toMatchObject({ speakerId, attributionMethod: 'user' });
  }
  expect(
    [...chosen.values()].filter((v, i) => v !== (queue[i]!.speakerId ?? queue[i]!.candidates[0]?.speakerId)).length,
  ).toBeGreaterThan(0);
});

test('review: the panel in light and dark, desktop and phone, axe-core', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  const id = await analysedProject(page);
  await inEachLook(page, async (look) => {
    await page.goto(`/stage/projects/${id}`);
    await expect(page.getByTestId('content-viewer').locator('p').first()).toBeVisible();
    await openReview(page);
    // The buttons do what the keys do (touch): pick the second candidate when there is one.
    const candidates = reviewDialog(page).getByRole('group', { name: 'Candidate speakers' }).getByRole('button');
    if ((await candidates.count()) > 1) {
      await candidates.nth(1).click();
      await expect(candidates.nth(1)).toHaveAttribute('aria-pressed', 'true');
    }
    await checkAxe(page, `review ${look.viewport} ${look.mode}`, { exclude: ['[data-sonner-toaster]'] });
    await page.screenshot({ path: `${SHOTS}/${look.name}-review.png` });
    await reviewDialog(page).getByRole('button', { name: 'Leave review' }).click();
    await expect(reviewDialog(page)).toBeHidden();
  });
});

// Character analysis on the character card (issue 18) in a real browser against the embedded stack
// (no language model configured, so the built-in analysis answers): a Pro user analyses a dev-set
// novel's chapters I–V with the engine, opens the Analysis section of the character with the most
// lines and sees the built-in analysis (labelled 'Built-in', who they talk with, representative
// lines); a failed call shows SPEC §8's text and Retry Analysis, which then loads it; a Free user sees
// the Pro Feature panel. axe-core on each state; screenshots in light and dark and at phone width go to
// /tmp/shots-character-analysis.
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { checkAxe } from './support/axe.js';
import { headersOf, sessionOf } from './support/session.js';
import { BOOK_CHAPTERS } from './support/novel.js';
import { createProject, signUp } from './support/workspace.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-character-analysis';
mkdirSync(SHOTS, { recursive: true });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/**
 * The card (or, without one, the viewport) in both themes, back in light. A card taller than the
 * viewport would make Playwright stretch the viewport for the shot and the page lay out anew, so
 * desktop shots run in a tall window and phone shots take the viewport.
 */
async function shoot(page: Page, target: Locator | null, name: string) {
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await checkAxe(page, `character analysis ${name} ${mode}`, { exclude: ['[data-sonner-toaster]'] });
    if (target) await target.screenshot({ path: `${SHOTS}/${name}-${mode}.png` });
    else await page.screenshot({ path: `${SHOTS}/${name}-${mode}.png` });
  }
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
}

test('character analysis: Pro sees the built-in analysis, a failure offers Retry Analysis', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 2000 });
  await signUp(page, 'Pro');
  const s = await sessionOf(page);
  const id = await createProject(page.request, s, 'A novel, chapters I–V', BOOK_CHAPTERS);
  await page.goto(`/stage/projects/${id}`);
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await expect(toast(page, 'Analysis Complete')).toBeVisible({ timeout: 180_000 });

  // The first card has the most lines.
  const card = page.getByRole('region', { name: 'Characters' }).getByTestId('character-card').first();
  const name = (await card.getAttribute('aria-label'))!;

  // A failure first: SPEC's text and Retry Analysis, which loads it.
  let fail = true;
  await page.route('**/character-analysis', (route) =>
    fail
      ? route.fulfill({ status: 500, json: { success: false, error: 'The analysis store is unavailable' } })
      : route.continue(),
  );
  await card.getByRole('button', { name: 'Analysis' }).click();
  const section = card.getByTestId('character-analysis');
  await expect(section.getByText('Failed to load character analysis')).toBeVisible();
  await expect(section.getByText('The analysis store is unavailable')).toBeVisible();
  await shoot(page, card, 'error');
  fail = false;
  await section.getByRole('button', { name: 'Retry Analysis' }).click();

  const result = section.getByTestId('character-analysis-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByText('Built-in', { exact: true })).toBeVisible();
  await expect(
    result.getByText(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ lines`)),
  ).toBeVisible();
  await expect(result.getByText(/^Talks most with /)).toBeVisible();
  await expect(result.getByText('Representative lines')).toBeVisible();
  await shoot(page, card, 'built-in');

  // What the server answered, for the record (the same analysis, now stored).
  const answer = await page.request.post(`/api/projects/${id}/character-analysis`, {
    headers: headersOf(s),
    data: { characterIds: [(await answerIdOf(page, id, s, name))!] },
  });
  expect(answer.ok()).toBe(true);
  console.log(`Built-in analysis of ${name}:\n${JSON.stringify((await answer.json()).data[0], null, 2)}`);

  // Phone width: the characters tab (a layout of its own, so the section opens again), the stored
  // analysis answered at once.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: /Characters/ }).click();
  const phoneCard = page.getByTestId('character-card').filter({ hasText: name }).first();
  await phoneCard.getByRole('button', { name: 'Analysis' }).click();
  const phoneResult = phoneCard.getByTestId('character-analysis-result');
  await expect(phoneResult).toBeVisible();
  await phoneResult.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(page, null, 'built-in-phone');
});

async function answerIdOf(page: Page, id: string, s: Awaited<ReturnType<typeof sessionOf>>, name: string) {
  const project = await page.request.get(`/api/projects/${id}`, { headers: headersOf(s) });
  const characters = (await project.json()).data.characters as { id: string; name: string }[];
  return characters.find((c) => c.name === name)?.id;
}

test('character analysis: a Free user sees the Pro Feature panel', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1200 });
  await signUp(page, 'Free');
  const s = await sessionOf(page);
  const id = await createProject(page.request, s, 'A short one', '"Is it late?" asked Mara.\n\n"Very," said Jon.\n');
  const characters = [
    { id: 'mara', name: 'Mara', color: '#2563eb', summary: '', alternativeNames: [] },
    { id: 'jon', name: 'Jon', color: '#e11d48', summary: '', alternativeNames: [] },
  ];
  const put = await page.request.patch(`/api/projects/${id}/characters`, {
    headers: headersOf(s),
    data: { characters },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await page.goto(`/stage/projects/${id}`);
  const card = page
    .getByRole('region', { name: 'Characters' })
    .getByTestId('character-card')
    .filter({ hasText: 'Mara' });
  await card.getByRole('button', { name: 'Analysis' }).click();
  const panel = card.getByTestId('character-analysis').getByRole('region', { name: 'Pro Feature' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
  await shoot(page, card, 'free');
  // The server agrees: 403 with the SPEC message.
  const refused = await page.request.post(`/api/projects/${id}/character-analysis`, {
    headers: headersOf(s),
    data: { characterIds: ['mara'] },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe('This feature requires a subscription upgrade.');
});

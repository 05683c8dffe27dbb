// Merging and deleting characters from the character card's menu (issue 19), on a dev-set novel's
// first chapters as the analysis engine reads them: the dialogs with axe-core and screenshots in both
// themes at desktop and phone sizes, then a merge and a delete checked on the screen and in the API.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Character, Quote } from '@castbook/contracts';
import { checkAxe } from './support/axe.js';
import { headersOf, sessionOf } from './support/session.js';
import { analysedProject, signUp } from './support/workspace.js';
import { inEachLook } from './support/looks.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-cast-edits';
mkdirSync(SHOTS, { recursive: true });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const panel = (page: Page) => page.getByRole('region', { name: 'Characters' });
const card = (page: Page, name: string) => panel(page).getByRole('listitem', { name, exact: true });

async function cast(page: Page, id: string) {
  const res = await page.request.get(`/api/projects/${id}`, { headers: headersOf(await sessionOf(page)) });
  return ((await res.json()) as { data: { characters: Character[]; quotes: Quote[] } }).data;
}
const linesOf = (quotes: Quote[], id: string) => quotes.filter((q) => q.speakerId === id).length;

test('characters: merge one into another and delete one, from the card menu', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  const id = await analysedProject(page);
  const before = await cast(page, id);
  // The two characters with the most lines: the second is merged into the first; the third is deleted.
  const [into, from, gone] = [...before.characters].sort(
    (a, b) => linesOf(before.quotes, b.id) - linesOf(before.quotes, a.id),
  );
  const intoLines = linesOf(before.quotes, into!.id);
  const fromLines = linesOf(before.quotes, from!.id);
  const goneLines = linesOf(before.quotes, gone!.id);
  expect(fromLines).toBeGreaterThan(0);
  expect(goneLines).toBeGreaterThan(0);

  await inEachLook(page, async (look) => {
    await page.goto(`/stage/projects/${id}`);
    if (look.viewport === 'phone') await page.getByRole('tab', { name: /Characters/ }).click();
    await panel(page)
      .getByRole('button', { name: `More actions for ${from!.name}` })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Merge into…' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${look.name}-menu.png` });
    await page.getByRole('menuitem', { name: 'Merge into…' }).click();
    const merge = page.getByRole('dialog', { name: `Merge ${from!.name} into…` });
    await expect(merge).toBeVisible();
    await merge.getByRole('combobox', { name: 'Merge into' }).click();
    await page.getByRole('option', { name: into!.name, exact: true }).click();
    await expect(merge.getByRole('button', { name: `Merge into ${into!.name}` })).toBeEnabled();
    await checkAxe(page, `merge dialog ${look.viewport} ${look.mode}`);
    await page.screenshot({ path: `${SHOTS}/${look.name}-merge.png` });
    await merge.getByRole('button', { name: 'Cancel' }).click();
    await expect(merge).toBeHidden();

    await panel(page)
      .getByRole('button', { name: `More actions for ${gone!.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete character' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${gone!.name}?` });
    await expect(confirm).toContainText(
      goneLines === 1 ? 'Their line becomes unattributed.' : `Their ${goneLines} lines become unattributed.`,
    );
    await checkAxe(page, `delete dialog ${look.viewport} ${look.mode}`);
    await page.screenshot({ path: `${SHOTS}/${look.name}-delete.png` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  });
  // Cancelling changed nothing.
  expect((await cast(page, id)).characters).toHaveLength(before.characters.length);

  await page.evaluate(`localStorage.setItem('theme', 'light')`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/stage/projects/${id}`);
  await panel(page)
    .getByRole('button', { name: `More actions for ${from!.name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Merge into…' }).click();
  const merge = page.getByRole('dialog', { name: `Merge ${from!.name} into…` });
  await merge.getByRole('combobox', { name: 'Merge into' }).click();
  await page.getByRole('option', { name: into!.name, exact: true }).click();
  await merge.getByRole('button', { name: `Merge into ${into!.name}` }).click();
  await expect(toast(page, `${from!.name} merged into ${into!.name}`)).toBeVisible();
  await expect(card(page, from!.name)).toHaveCount(0);
  await expect(card(page, into!.name)).toContainText(`${intoLines + fromLines} lines`);

  await panel(page)
    .getByRole('button', { name: `More actions for ${gone!.name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Delete character' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${gone!.name}?` })
    .getByRole('button', { name: 'Delete character' })
    .click();
  await expect(toast(page, `${gone!.name} deleted`)).toBeVisible();
  await expect(card(page, gone!.name)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/desktop-light-after.png` });

  // The server holds what the screen shows, after a reload too.
  const after = await cast(page, id);
  expect(after.characters.map((c) => c.id)).not.toContain(from!.id);
  expect(after.characters.map((c) => c.id)).not.toContain(gone!.id);
  expect(after.characters.find((c) => c.id === into!.id)!.alternativeNames).toContain(from!.name);
  expect(linesOf(after.quotes, into!.id)).toBe(intoLines + fromLines);
  const unattributed = before.quotes.filter((q) => q.speakerId === gone!.id).map((q) => q.id);
  for (const q of after.quotes.filter((x) => unattributed.includes(x.id))) {
    expect(q).toMatchObject({ speakerId: null, attributionMethod: 'none' });
  }
  await page.reload();
  await expect(card(page, into!.name)).toContainText(`${intoLines + fromLines} lines`);
  await expect(card(page, from!.name)).toHaveCount(0);
});

// Undo and redo in the workspace (issue 19), on a dev-set novel's first chapters as the analysis engine
// reads them: three edits (a quote's speaker, a character's name, another's colour), undone by the
// keyboard and the toolbar button, checked on the screen and in the API (the server has them back),
// one redone; Ctrl+Z while typing in a field is the field's own; the toolbar in light and dark at
// desktop and phone width with axe-core.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Character, Quote } from '@castbook/contracts';
import { checkAxe } from './support/axe.js';
import { inEachLook } from './support/looks.js';
import { headersOf, sessionOf } from './support/session.js';
import { analysedProject, showQuote, signUp, TITLE } from './support/workspace.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-undo';
mkdirSync(SHOTS, { recursive: true });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const panel = (page: Page) => page.getByRole('region', { name: 'Characters' });
const card = (page: Page, name: string) => panel(page).getByRole('listitem', { name, exact: true });
const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo', exact: true });
const redoButton = (page: Page) => page.getByRole('button', { name: 'Redo', exact: true });
// The tooltip of one button: another's may still be fading out.
const tip = (page: Page, prefix: 'Undo' | 'Redo') => page.getByRole('tooltip').filter({ hasText: `${prefix}:` });

async function stored(page: Page, id: string) {
  const res = await page.request.get(`/api/projects/${id}`, { headers: headersOf(await sessionOf(page)) });
  return ((await res.json()) as { data: { characters: Character[]; quotes: Quote[] } }).data;
}

test('undo and redo: three edits undone on screen and on the server, one redone', async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page);
  const id = await analysedProject(page);
  const before = await stored(page, id);
  const nameOf = (cid: string | null) => before.characters.find((c) => c.id === cid)?.name;
  // The quote: the first in reading order with a speaker; its new speaker: another character.
  const quote = [...before.quotes].sort((a, b) => a.startOffset - b.startOffset).find((q) => q.speakerId)!;
  const speaker = nameOf(quote.speakerId)!;
  const [renamed, recoloured, other] = before.characters.filter((c) => c.id !== quote.speakerId);
  const newSpeaker = other!;

  await page.evaluate(`localStorage.setItem('theme', 'light')`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/stage/projects/${id}`);
  await expect(undoButton(page)).toBeDisabled();
  await expect(redoButton(page)).toBeDisabled();

  // 1. The quote's speaker, through the speaker picker.
  const q = await showQuote(page, quote.id);
  await expect(q).toHaveAttribute('title', `Speaker: ${speaker}`);
  await q.click();
  const popover = page.getByRole('dialog', { name: 'Change speaker' });
  await popover.getByLabel('Who speaks this?').fill(newSpeaker.name);
  await page.getByRole('option', { name: newSpeaker.name, exact: true }).click();
  await expect(toast(page, 'Speaker updated')).toBeVisible();
  await expect(q).toHaveAttribute('title', `Speaker: ${newSpeaker.name}`);
  await expect(undoButton(page)).toBeEnabled();

  // 2. A character's name.
  await panel(page)
    .getByRole('button', { name: `Edit ${renamed!.name}`, exact: true })
    .click();
  const form = panel(page).getByRole('form', { name: `Edit ${renamed!.name}` });
  await form.getByLabel('Name').fill(`${renamed!.name} the Younger`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(card(page, `${renamed!.name} the Younger`)).toBeVisible();

  // 3. Another's colour.
  await card(page, recoloured!.name).getByLabel(`Colour of ${recoloured!.name}`).fill('#123456');
  // The colour is saved a moment after the last change; the undo button then names it.
  await undoButton(page).hover();
  await expect(tip(page, 'Undo')).toHaveText(`Undo: Recolour ${recoloured!.name} (Ctrl+Z)`);
  await page.screenshot({ path: `${SHOTS}/desktop-light-three-edits.png` });
  const edited = await stored(page, id);
  expect(edited.characters.find((c) => c.id === recoloured!.id)?.color).toBe('#123456');
  expect(edited.characters.find((c) => c.id === renamed!.id)?.name).toBe(`${renamed!.name} the Younger`);
  expect(edited.quotes.find((x) => x.id === quote.id)?.speakerId).toBe(newSpeaker.id);

  // Ctrl+Z in a text field undoes the typing there, not an edit.
  await panel(page).getByRole('button', { name: 'Add' }).click();
  const field = panel(page).getByLabel('New character name');
  await field.fill('Nobody');
  await field.press('Control+z');
  await expect(card(page, `${renamed!.name} the Younger`)).toBeVisible();
  expect((await stored(page, id)).characters.find((c) => c.id === recoloured!.id)?.color).toBe('#123456');
  await field.fill('');
  await page.evaluate(`document.activeElement.blur()`);

  // Undo three: the keyboard, the button, the keyboard again.
  await page.keyboard.press('Control+z');
  await expect(toast(page, `Undone: Recolour ${recoloured!.name}`)).toBeVisible();
  await expect(card(page, recoloured!.name).getByLabel(`Colour of ${recoloured!.name}`)).toHaveValue(
    recoloured!.color.toLowerCase(),
  );
  await undoButton(page).click();
  await expect(toast(page, `Undone: Rename ${renamed!.name}`)).toBeVisible();
  await expect(card(page, renamed!.name)).toBeVisible();
  await expect(card(page, `${renamed!.name} the Younger`)).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(toast(page, `Undone: Set speaker to ${newSpeaker.name}`)).toBeVisible();
  await expect(q).toHaveAttribute('title', `Speaker: ${speaker}`);
  await expect(undoButton(page)).toBeDisabled();
  await expect(redoButton(page)).toBeEnabled();

  // On the server too.
  const undone = await stored(page, id);
  expect(undone.characters.find((c) => c.id === recoloured!.id)?.color.toLowerCase()).toBe(
    recoloured!.color.toLowerCase(),
  );
  expect(undone.characters.find((c) => c.id === renamed!.id)?.name).toBe(renamed!.name);
  const back = undone.quotes.find((x) => x.id === quote.id)!;
  expect({ speakerId: back.speakerId, method: back.attributionMethod, confidence: back.confidence }).toEqual({
    speakerId: quote.speakerId,
    method: quote.attributionMethod,
    confidence: quote.confidence,
  });

  // Redo one (Ctrl+Shift+Z): the speaker again.
  await redoButton(page).hover();
  await expect(tip(page, 'Redo')).toHaveText(`Redo: Set speaker to ${newSpeaker.name} (Ctrl+Shift+Z)`);
  await page.keyboard.press('Control+Shift+z');
  await expect(toast(page, `Redone: Set speaker to ${newSpeaker.name}`)).toBeVisible();
  await expect(q).toHaveAttribute('title', `Speaker: ${newSpeaker.name}`);
  // The other two can still be redone, the rename next.
  await redoButton(page).hover();
  await expect(tip(page, 'Redo')).toHaveText(`Redo: Rename ${renamed!.name} (Ctrl+Shift+Z)`);

  // After a reload: the server's state — the redone speaker, the name and colour as they were.
  await page.reload();
  await expect(card(page, renamed!.name)).toBeVisible();
  await expect(card(page, recoloured!.name).getByLabel(`Colour of ${recoloured!.name}`)).toHaveValue(
    recoloured!.color.toLowerCase(),
  );
  const again = await showQuote(page, quote.id);
  await expect(again).toHaveAttribute('title', `Speaker: ${newSpeaker.name}`);
  // A new page has no history.
  await expect(undoButton(page)).toBeDisabled();
  const redone = await stored(page, id);
  expect(redone.quotes.find((x) => x.id === quote.id)).toMatchObject({
    speakerId: newSpeaker.id,
    attributionMethod: 'user',
  });
  expect(redone.characters.map((c) => c.id)).toEqual(before.characters.map((c) => c.id));
});

test('undo and redo: a deleted character comes back with its lines; the toolbar in each look, axe-core', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  const id = await analysedProject(page);
  const before = await stored(page, id);
  const lines = (cid: string) => before.quotes.filter((q) => q.speakerId === cid).map((q) => q.id);
  const gone = [...before.characters].sort((a, b) => lines(b.id).length - lines(a.id).length)[1]!;
  expect(lines(gone.id).length).toBeGreaterThan(0);

  await inEachLook(page, async (look) => {
    await page.goto(`/stage/projects/${id}`);
    if (look.viewport === 'phone') await page.getByRole('tab', { name: /Characters/ }).click();
    await panel(page)
      .getByRole('button', { name: `More actions for ${gone.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete character' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${gone.name}?` })
      .getByRole('button', { name: 'Delete character' })
      .click();
    await expect(card(page, gone.name)).toHaveCount(0);
    await expect(undoButton(page)).toBeEnabled();
    await checkAxe(page, `workspace with undo ${look.viewport} ${look.mode}`, { exclude: ['[data-sonner-toaster]'] });
    await undoButton(page).hover();
    await expect(tip(page, 'Undo')).toHaveText(`Undo: Delete ${gone.name} (Ctrl+Z)`);
    await page.screenshot({ path: `${SHOTS}/${look.name}-undo.png` });
    await undoButton(page).click();
    await expect(toast(page, `Undone: Delete ${gone.name}`)).toBeVisible();
    await expect(card(page, gone.name)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${look.name}-undone.png` });
    // The server has it back, with its lines as they were.
    const now = await stored(page, id);
    expect(now.characters.map((c) => c.id)).toEqual(before.characters.map((c) => c.id));
    expect(now.quotes.filter((q) => q.speakerId === gone.id).map((q) => q.id)).toEqual(lines(gone.id));
  });
});

test('undo and redo: a merge, a chapter rename and the book title; the merge redone', async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page);
  const id = await analysedProject(page);
  const before = await stored(page, id);
  const lines = (quotes: Quote[], cid: string) => quotes.filter((q) => q.speakerId === cid).map((q) => q.id);
  const [into, from] = [...before.characters].sort(
    (a, b) => lines(before.quotes, b.id).length - lines(before.quotes, a.id).length,
  );
  const outline = page.getByRole('tree', { name: 'Book structure' });

  await page.evaluate(`localStorage.setItem('theme', 'light')`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/stage/projects/${id}`);

  // 1. Merge.
  await panel(page)
    .getByRole('button', { name: `More actions for ${from!.name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Merge into…' }).click();
  const merge = page.getByRole('dialog', { name: `Merge ${from!.name} into…` });
  await merge.getByRole('combobox', { name: 'Merge into' }).click();
  await page.getByRole('option', { name: into!.name, exact: true }).click();
  await merge.getByRole('button', { name: `Merge into ${into!.name}` }).click();
  await expect(card(page, from!.name)).toHaveCount(0);

  // 2. A chapter's title in the outline.
  await outline.getByRole('button', { name: /^Rename Chapter II\. / }).click();
  const field = page.getByRole('textbox', { name: 'Outline item title' });
  const chapter = (await field.inputValue()).trim();
  await field.fill('Chapter II. Renamed');
  await field.press('Enter');
  await expect(outline.getByRole('button', { name: 'Chapter II. Renamed', exact: true })).toBeVisible();

  // 3. The book's title, in Settings.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Project settings' });
  await settings.getByLabel('Title').fill(`${TITLE} (draft)`);
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: `${TITLE} (draft)` })).toBeVisible();

  // Undo all three with the button.
  await undoButton(page).click();
  await expect(toast(page, `Undone: Rename book to “${TITLE} (draft)”`)).toBeVisible();
  await expect(page.getByRole('heading', { name: TITLE, exact: true })).toBeVisible();
  await undoButton(page).click();
  await expect(outline.getByRole('button', { name: chapter, exact: true })).toBeVisible();
  await undoButton(page).click();
  await expect(toast(page, `Undone: Merge ${from!.name} into ${into!.name}`)).toBeVisible();
  await expect(card(page, from!.name)).toContainText(`${lines(before.quotes, from!.id).length} lines`);

  const undone = await stored(page, id);
  expect(undone.characters.map((c) => c.id)).toEqual(before.characters.map((c) => c.id));
  expect(lines(undone.quotes, from!.id)).toEqual(lines(before.quotes, from!.id));
  expect(lines(undone.quotes, into!.id)).toEqual(lines(before.quotes, into!.id));
  expect(undone.characters.find((c) => c.id === into!.id)!.alternativeNames).toEqual(into!.alternativeNames);
  const res = await page.request.get(`/api/projects/${id}`, { headers: headersOf(await sessionOf(page)) });
  const project = ((await res.json()) as { data: { title: string; outline: { title: string }[] } }).data;
  expect(project.title).toBe(TITLE);
  expect(project.outline.map((o) => o.title)).toContain(chapter);

  // Redo the merge with Ctrl+Y.
  await page.keyboard.press('Control+y');
  await expect(toast(page, `Redone: Merge ${from!.name} into ${into!.name}`)).toBeVisible();
  await expect(card(page, from!.name)).toHaveCount(0);
  const redone = await stored(page, id);
  expect(redone.characters.map((c) => c.id)).not.toContain(from!.id);
  expect(lines(redone.quotes, into!.id).length).toBe(
    lines(before.quotes, into!.id).length + lines(before.quotes, from!.id).length,
  );
});

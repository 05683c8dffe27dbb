// Issue 19's exports from the workspace in a real browser: the header's Export menu downloads the
// script as Word, and the sides dialog (a character picked, PDF) downloads that character's sides;
// each file is opened and read (document.xml of the .docx, the PDF's text). Screens: the menu and the
// dialog in light and dark at desktop and phone width, with axe-core.
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import { docxDocumentXml, docxParagraphs, pdfText } from '@castbook/test-kit/files';
import { checkAxe } from './support/axe.js';
import { headersOf, sessionOf } from './support/session.js';
import { analysedProject, signUp, TITLE } from './support/workspace.js';
import { inEachLook } from './support/looks.js';
import { found, literally, speakers } from './support/novel.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-exports';
mkdirSync(SHOTS, { recursive: true });

const bytesOf = async (download: Download) => new Uint8Array(readFileSync((await download.path())!));

test('exports: script.docx from the menu and one character’s sides.pdf from the dialog', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  const id = await analysedProject(page);
  // The two who speak most in these chapters (gold.json), as the analysis named them.
  const res = await page.request.get(`/api/projects/${id}`, { headers: headersOf(await sessionOf(page)) });
  const { characters } = ((await res.json()) as { data: { characters: { name: string }[] } }).data;
  const [who, other] = speakers(6).map((s) => found(characters, s)?.name);
  expect(who, 'the analysis finds the one who speaks most').toBeTruthy();
  expect(other, 'and the next').toBeTruthy();
  await page.goto(`/stage/projects/${id}`);
  await expect(page.getByTestId('content-viewer').locator('span.q').first()).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  const [script] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /Script \(Word\)/ }).click(),
  ]);
  expect(script.suggestedFilename()).toBe(`${TITLE}-script.docx`);
  const paragraphs = docxParagraphs(docxDocumentXml(await bytesOf(script)));
  expect(paragraphs).toContain('Cast');
  expect(paragraphs).toContain(who);
  expect(paragraphs.some((p) => p.startsWith('CHAPTER V.'))).toBe(true);

  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: /Sides/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Download sides' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Characters').fill(who!);
  await page.getByRole('option', { name: new RegExp(`^${literally(who!)}\\s*\\d+ lines?$`) }).click();
  await expect(dialog.getByRole('radio', { name: 'PDF' })).toBeChecked();
  const [sides] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(sides.suggestedFilename()).toBe(`${TITLE}-sides.pdf`);
  await expect(dialog).toBeHidden();
  const { pages, text } = await pdfText(await bytesOf(sides));
  expect(pages).toBeGreaterThan(0);
  expect(text).toContain(who);
  expect(text).toMatch(/Cue \(|Cue: none/);
  expect(text).not.toContain(`\n${other}\n`); // only the character picked has a section
});

test('exports: the menu and the sides dialog, light and dark, desktop and phone, axe-core', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  const id = await analysedProject(page);
  await inEachLook(page, async (look) => {
    await page.goto(`/stage/projects/${id}`);
    await expect(page.getByTestId('content-viewer').locator('p').first()).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await checkAxe(page, `export menu ${look.viewport} ${look.mode}`);
    await page.screenshot({ path: `${SHOTS}/${look.name}-menu.png` });
    await page.getByRole('menuitem', { name: /Sides/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Download sides' });
    await dialog.getByLabel('Characters').click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.getByRole('option').first().click();
    await checkAxe(page, `sides dialog ${look.viewport} ${look.mode}`);
    await page.screenshot({ path: `${SHOTS}/${look.name}-sides.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

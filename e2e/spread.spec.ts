// Speaker edits over many lines (issue 19), on a dev-set novel's first chapters as the engine reads them:
// fix one quote and spread the fix through its conversation (the offer, the proposal, apply), assign
// a character's lines in a chapter to another, split lines off into a new character, and open the
// casting breakdown chart. Each screen with axe-core and screenshots in both themes at desktop and
// phone sizes; each result checked on the screen and in the API.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Character, Quote } from '@castbook/contracts';
import { redecideConversation } from '@castbook/text-analysis';
import { checkAxe } from './support/axe.js';
import { inEachLook, type Look } from './support/looks.js';
import { headersOf, sessionOf } from './support/session.js';
import { BOOK_CHAPTERS } from './support/novel.js';
import { analysedProject, showQuote, signUp } from './support/workspace.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-spread';
mkdirSync(SHOTS, { recursive: true });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const panel = (page: Page) => page.getByRole('region', { name: 'Characters' });
const card = (page: Page, name: string) => panel(page).getByRole('listitem', { name, exact: true });

async function cast(page: Page, id: string) {
  const res = await page.request.get(`/api/projects/${id}`, { headers: headersOf(await sessionOf(page)) });
  return ((await res.json()) as { data: { characters: Character[]; quotes: Quote[] } }).data;
}
const linesOf = (quotes: Quote[], id: string) => quotes.filter((q) => q.speakerId === id);

/**
 * A quote whose fix spreads: the first (in reading order) where giving it to its runner-up candidate
 * makes the engine's conversation decoding change at least two other quotes, worked out here with the
 * engine itself on the project as saved (as the server will).
 */
function spreadingFix(content: string, characters: Character[], quotes: Quote[]) {
  const ordered = [...quotes].sort((a, b) => a.startOffset - b.startOffset);
  for (const q of ordered) {
    const alt = q.candidates?.[1]?.speakerId;
    if (!alt || q.confidence > 0.9) continue;
    const out = redecideConversation(content, quotes, characters, q.id, new Map([[q.id, alt]]));
    const before = new Map(quotes.map((x) => [x.id, x.speakerId]));
    const changes = out.quotes.filter((d) => !d.anchored && d.speakerId !== before.get(d.quoteId));
    if (changes.length >= 2) return { quote: q, to: characters.find((c) => c.id === alt)!, changes };
  }
  throw new Error('no quote whose fix spreads');
}

/** Fixes the quote's speaker in its popover; the offer to spread it follows. */
async function fixSpeaker(page: Page, quoteId: string, to: string) {
  await (await showQuote(page, quoteId)).click();
  const popover = page.getByRole('dialog', { name: 'Change speaker' });
  await popover.getByLabel('Who speaks this?').fill(to);
  await page.getByRole('option', { name: to, exact: true }).click();
  await expect(page.getByText('Re-decide the rest of this conversation?')).toBeVisible();
}

const openMenu = async (page: Page, look: Look | null, name: string, item: string) => {
  if (look?.viewport === 'phone') await page.getByRole('tab', { name: /Characters/ }).click();
  await panel(page)
    .getByRole('button', { name: `More actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
};

test('speaker edits: spread a fix through its conversation, assign a chapter, split lines, the breakdown', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await signUp(page);
  const id = await analysedProject(page);
  const before = await cast(page, id);
  const fix = spreadingFix(BOOK_CHAPTERS, before.characters, before.quotes);
  // The character with the most lines: its lines of one chapter are assigned, two are split off.
  const [top, second] = [...before.characters].sort(
    (a, b) => linesOf(before.quotes, b.id).length - linesOf(before.quotes, a.id).length,
  );

  await inEachLook(page, async (look) => {
    await page.goto(`/stage/projects/${id}`);

    // The fix, the offer (a snackbar: the page stays usable) and the proposal.
    await fixSpeaker(page, fix.quote.id, fix.to.name);
    await checkAxe(page, `spread offer ${look.name}`, { exclude: ['[data-sonner-toaster]'] });
    await page.screenshot({ path: `${SHOTS}/${look.name}-offer.png` });
    await page.getByRole('button', { name: 'Preview' }).click();
    const proposal = page.getByRole('dialog', { name: 'Re-decide this conversation' });
    await expect(proposal.getByRole('list', { name: 'Proposed changes' }).getByRole('listitem')).toHaveCount(
      fix.changes.length,
    );
    await checkAxe(page, `spread proposal ${look.name}`, { exclude: ['[data-sonner-toaster]'] });
    await page.screenshot({ path: `${SHOTS}/${look.name}-proposal.png` });
    await proposal.getByRole('button', { name: 'Cancel' }).click();
    await expect(proposal).toBeHidden();

    // Assign a chapter's lines: the server's count on the button before anything moves.
    await openMenu(page, look, top!.name, 'Assign lines in a chapter…');
    const assign = page.getByRole('dialog', { name: `Assign ${top!.name}’s lines in a chapter` });
    await assign.getByRole('combobox', { name: 'Give them to' }).click();
    await page.getByRole('option', { name: second!.name, exact: true }).click();
    await expect(assign.getByRole('status')).toContainText(`will be ${second!.name}’s`);
    await checkAxe(page, `assign ${look.name}`, { exclude: ['[data-sonner-toaster]'] });
    await page.screenshot({ path: `${SHOTS}/${look.name}-assign.png` });
    await assign.getByRole('button', { name: 'Cancel' }).click();
    await expect(assign).toBeHidden();

    // The same from the outline: a chapter's button, then whose lines (those who speak there).
    if (look.viewport === 'phone') await page.getByRole('tab', { name: /Outline/ }).click();
    await page
      .getByRole('tree', { name: 'Book structure' })
      .getByRole('button', { name: /^Assign lines in Chapter III\./ })
      .click();
    const byChapter = page.getByRole('dialog', { name: /^Assign lines in Chapter III\./ });
    await byChapter.getByRole('combobox', { name: 'Whose lines' }).click();
    await page
      .getByRole('option', { name: `${top!.name} (`, exact: false })
      .first()
      .click();
    await byChapter.getByRole('combobox', { name: 'Give them to' }).click();
    await page.getByRole('option', { name: second!.name, exact: true }).click();
    await expect(byChapter.getByRole('status')).toContainText(`will be ${second!.name}’s`);
    await checkAxe(page, `assign from the outline ${look.name}`, { exclude: ['[data-sonner-toaster]'] });
    await page.screenshot({ path: `${SHOTS}/${look.name}-assign-chapter.png` });
    await byChapter.getByRole('button', { name: 'Cancel' }).click();
    await expect(byChapter).toBeHidden();

    // Split lines off: tick one, name them.
    await openMenu(page, look, top!.name, 'Split lines off…');
    const split = page.getByRole('dialog', { name: `Split lines off ${top!.name}` });
    await split.getByLabel("New character's name").fill('Bram Tolley');
    await split.getByRole('checkbox').first().check();
    await expect(split.getByRole('button', { name: 'Move 1 line' })).toBeEnabled();
    await checkAxe(page, `split ${look.name}`, { exclude: ['[data-sonner-toaster]'] });
    await page.screenshot({ path: `${SHOTS}/${look.name}-split.png` });
    await split.getByRole('button', { name: 'Cancel' }).click();
    await expect(split).toBeHidden();

    // The casting breakdown.
    if (look.viewport === 'phone') await page.getByRole('tab', { name: /Text/ }).click();
    await page.getByRole('button', { name: 'Breakdown' }).click();
    const chart = page.getByRole('dialog', { name: 'Casting breakdown' });
    await expect(chart.getByRole('figure')).toBeVisible();
    await expect(chart.locator('svg .MuiBarElement-root, svg rect').first()).toBeVisible();
    await checkAxe(page, `breakdown ${look.name}`, { exclude: ['[data-sonner-toaster]'] });
    await page.screenshot({ path: `${SHOTS}/${look.name}-breakdown.png` });
    await chart.getByRole('button', { name: 'Close' }).click();
    await expect(chart).toBeHidden();
  });

  await page.evaluate(`localStorage.setItem('theme', 'light')`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/stage/projects/${id}`);

  // 1. Spread: preview, then apply; the proposed quotes take their new speakers as the user's.
  await fixSpeaker(page, fix.quote.id, fix.to.name);
  await page.getByRole('button', { name: 'Preview' }).click();
  const proposal = page.getByRole('dialog', { name: 'Re-decide this conversation' });
  await proposal.getByRole('button', { name: `Apply ${fix.changes.length} changes` }).click();
  await expect(proposal).toBeHidden();
  await expect(toast(page, `${fix.changes.length} quotes updated`)).toBeVisible();
  let now = await cast(page, id);
  for (const change of fix.changes) {
    expect(now.quotes.find((q) => q.id === change.quoteId)).toMatchObject({
      speakerId: change.speakerId,
      attributionMethod: 'user',
    });
  }
  expect(now.quotes.find((q) => q.id === fix.quote.id)).toMatchObject({
    speakerId: fix.to.id,
    attributionMethod: 'user',
  });
  // The spread is one undoable edit: undo puts the conversation back as it was, redo applies it again.
  const speakersOf = async (ids: string[]) => {
    const quotes = (await cast(page, id)).quotes;
    return ids.map((q) => quotes.find((x) => x.id === q)!.speakerId);
  };
  const changedIds = fix.changes.map((c) => c.quoteId);
  const was = changedIds.map((q) => before.quotes.find((x) => x.id === q)!.speakerId);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(() => speakersOf(changedIds)).toEqual(was);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect.poll(() => speakersOf(changedIds)).toEqual(fix.changes.map((c) => c.speakerId));

  // 2. Assign the top character's lines of its busiest chapter to the second.
  const topLines = linesOf(now.quotes, top!.id).length;
  await openMenu(page, null, top!.name, 'Assign lines in a chapter…');
  const assign = page.getByRole('dialog', { name: `Assign ${top!.name}’s lines in a chapter` });
  const chapterLabel = (await assign.getByRole('combobox', { name: 'Chapter' }).textContent())!;
  const moved = Number(/\((\d+) lines?\)/.exec(chapterLabel)![1]);
  await assign.getByRole('combobox', { name: 'Give them to' }).click();
  await page.getByRole('option', { name: second!.name, exact: true }).click();
  await assign.getByRole('button', { name: `Assign ${moved} line${moved === 1 ? '' : 's'}` }).click();
  await expect(assign).toBeHidden();
  await expect(card(page, top!.name)).toContainText(`${topLines - moved} line`);
  now = await cast(page, id);
  expect(linesOf(now.quotes, top!.id)).toHaveLength(topLines - moved);

  // 3. Split two of its remaining lines off into a new character.
  const remaining = linesOf(now.quotes, top!.id).sort((a, b) => a.startOffset - b.startOffset);
  await openMenu(page, null, top!.name, 'Split lines off…');
  const split = page.getByRole('dialog', { name: `Split lines off ${top!.name}` });
  await split.getByLabel("New character's name").fill('Bram Tolley');
  await split.getByRole('checkbox').nth(0).check();
  await split.getByRole('checkbox').nth(1).check();
  await split.getByRole('button', { name: 'Move 2 lines' }).click();
  await expect(split).toBeHidden();
  await expect(card(page, 'Bram Tolley')).toContainText('2 lines');
  now = await cast(page, id);
  const gentleman = now.characters.find((c) => c.name === 'Bram Tolley')!;
  expect(gentleman.isUserCreated).toBe(true);
  expect(linesOf(now.quotes, gentleman.id).map((q) => q.id)).toEqual(remaining.slice(0, 2).map((q) => q.id));

  // 4. The breakdown shows the figures of breakdown.csv, after these edits.
  await page.getByRole('button', { name: 'Breakdown' }).click();
  const chart = page.getByRole('dialog', { name: 'Casting breakdown' });
  const row = chart.getByRole('row', { name: /^Bram Tolley/ });
  await expect(row).toContainText('2');
  const csv = await page.request.get(`/api/projects/${id}/export/breakdown.csv`, {
    headers: headersOf(await sessionOf(page)),
  });
  const csvLines = (await csv.text())
    .split('\r\n')
    .filter((l) => l.startsWith(`${second!.name},`))
    .reduce((s, l) => s + Number(l.split(',').at(-2)), 0);
  await expect(chart.getByRole('row', { name: new RegExp(`^${second!.name.replace(/\./g, '\\.')} `) })).toContainText(
    String(csvLines),
  );
  await page.screenshot({ path: `${SHOTS}/desktop-light-breakdown-after.png` });
});

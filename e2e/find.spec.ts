// Issue 19's Find on a whole dev-set novel (analysed here by the engine, saved through the API):
// filter the text to the lines of the character who speaks most (a count per chapter, only their
// lines in the viewer), find a word common all through the book with the book's own search (Ctrl+F:
// the count, next and previous reaching a match far outside the first screen, match case and whole
// word, Esc), and the command palette finding a chapter and a character of the open project. Screens
// in light and dark, desktop and phone, axe. Names and the word are derived (support/novel.ts).
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkAxe } from './support/axe.js';
import { headersOf, sessionOf } from './support/session.js';
import { BOOK, COMMON_WORD, found, literally, speakers } from './support/novel.js';
import { analysedProject, signUp } from './support/workspace.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-find';
mkdirSync(SHOTS, { recursive: true });

/** What the search should count, worked out here with a regular expression over the same text. */
const occurrences = (re: RegExp) => (BOOK.replace(/\n/g, ' ').match(re) ?? []).length;

const viewer = (page: Page) => page.getByTestId('content-viewer');
const findBox = (page: Page) => page.getByRole('textbox', { name: 'Find in book' });
const findCount = (page: Page) => page.getByTestId('find-count');
const currentMatch = (page: Page) => viewer(page).locator('mark[data-find-current]');
const filterBar = (page: Page) => page.getByTestId('character-filter');

async function openProject(page: Page, id: string) {
  await page.goto(`/stage/projects/${id}`);
  await expect(viewer(page).locator('span.q').first()).toBeVisible({ timeout: 30_000 });
}

interface Detail {
  characters: { id: string; name: string }[];
  quotes: { id: string; speakerId: string | null; startOffset: number }[];
  outline: { id: string; title: string; startOffset: number; children: unknown[] }[];
}
async function detail(page: Page, id: string): Promise<Detail> {
  const res = await page.request.get(`/api/projects/${id}`, { headers: headersOf(await sessionOf(page)) });
  return ((await res.json()) as { data: Detail }).data;
}

/** The two characters who speak most in the book (gold.json), as the analysis named them. */
function leads(project: Detail) {
  const [lead, other] = speakers()
    .slice(0, 2)
    .map((s) => found(project.characters, s));
  expect(lead, 'the engine finds the character who speaks most').toBeTruthy();
  expect(other, 'and the next').toBeTruthy();
  return { lead: lead!, other: other! };
}

test.describe.configure({ timeout: 240_000 });

// A render error blanks the page: its message is printed at once and fails the test.
const pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors.length = 0;
  page.on('pageerror', (err) => {
    console.error(`page error: ${err.message}\n${err.stack ?? ''}`);
    pageErrors.push(err.message);
  });
});
test.afterEach(() => expect(pageErrors).toEqual([]));

test('find: filter to a character, search the whole book, the palette finds a chapter and a character', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, 'Pro'); // the whole book is over the Free plan's 100,000 words
  const id = await analysedProject(page, 'The whole novel', BOOK);
  const project = await detail(page, id);
  const { lead } = leads(project);
  const leadLines = project.quotes.filter((q) => q.speakerId === lead.id).length;
  await openProject(page, id);

  // ---- filter by the character who speaks most -------------------------------------------------------
  await page.getByRole('button', { name: `Show lines of ${lead.name}` }).click();
  await expect(filterBar(page)).toBeVisible();
  await expect(page.getByRole('button', { name: `Show lines of ${lead.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('filter-summary')).toContainText(`Lines of ${lead.name}: ${leadLines} lines in`);
  // A count per chapter, adding up to their lines.
  const chips = page.getByTestId('chapter-count');
  expect(await chips.count()).toBeGreaterThan(5);
  const perChapter = await chips.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))));
  expect(perChapter.reduce((a, b) => a + b, 0)).toBe(leadLines);
  // Only their lines are in the viewer: every paragraph is one quote of theirs and nothing else.
  const shown = await viewer(page)
    .locator('p[data-offset]')
    .evaluateAll((ps) =>
      ps.map((p) => {
        const spans = Array.from(p.querySelectorAll<HTMLElement>('span.q'));
        return {
          speakers: spans.map((s) => s.dataset.speaker),
          rest: p.textContent!.length - spans.reduce((n, s) => n + s.textContent!.length, 0),
        };
      }),
    );
  expect(shown.length).toBeGreaterThan(3);
  for (const p of shown) {
    expect(p.speakers).toEqual([lead.id]);
    expect(p.rest).toBe(0);
  }
  // A chapter's chip jumps to its first line, under the chapter's title.
  const lastChip = chips.last();
  const lastTitle = (await lastChip.getAttribute('title'))!;
  await lastChip.click();
  await expect(viewer(page).locator('h3.block-label', { hasText: lastTitle }).first()).toBeInViewport();
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(filterBar(page)).toBeHidden();
  await expect(viewer(page).locator('p[data-offset]').first()).toBeVisible();

  // ---- find a common word across the book -----------------------------------------------------------
  await viewer(page).click({ position: { x: 4, y: 4 } });
  await page.keyboard.press('ControlOrMeta+f');
  await expect(findBox(page)).toBeFocused();
  await page.keyboard.type(COMMON_WORD);
  const total = occurrences(new RegExp(COMMON_WORD, 'gi'));
  expect(total).toBeGreaterThan(20);
  await expect(findCount(page)).toHaveText(`1 of ${total}`);
  await expect(currentMatch(page)).toBeInViewport();
  await expect(currentMatch(page)).toHaveText(new RegExp(`^${COMMON_WORD}$`, 'i'));
  // Matches beside the current one are painted too.
  expect(await viewer(page).locator('mark.find').count()).toBeGreaterThan(1);
  const firstAt = await currentMatch(page).evaluate((m) => Number(m.closest('p')!.dataset.offset));

  // Previous from the first wraps to the last match, near the end of the book: far outside the first
  // screen, it is scrolled into view.
  await page.keyboard.press('Shift+Enter');
  await expect(findCount(page)).toHaveText(`${total} of ${total}`);
  await expect(currentMatch(page)).toBeInViewport();
  const lastAt = await currentMatch(page).evaluate((m) => Number(m.closest('p')!.dataset.offset));
  expect(lastAt - firstAt).toBeGreaterThan(BOOK.length / 2);
  // Next wraps to the first again; the buttons do what the keys do.
  await page.keyboard.press('Enter');
  await expect(findCount(page)).toHaveText(`1 of ${total}`);
  await page.getByRole('button', { name: 'Next match' }).click();
  await expect(findCount(page)).toHaveText(`2 of ${total}`);
  await expect(currentMatch(page)).toBeInViewport();
  await page.getByRole('button', { name: 'Previous match' }).click();
  await expect(findCount(page)).toHaveText(`1 of ${total}`);

  // Whole word and match case.
  await findBox(page).fill('work');
  await expect(findCount(page)).toHaveText(new RegExp(` of ${occurrences(/work/gi)}$`));
  await page.getByRole('button', { name: 'Whole word' }).click();
  await expect(findCount(page)).toHaveText(new RegExp(` of ${occurrences(/\bwork\b/gi)}$`));
  await page.getByRole('button', { name: 'Whole word' }).click();
  // A name, capitalised: the character's, its last word.
  const name = lead.name.split(' ').at(-1)!;
  await findBox(page).fill(name);
  await page.getByRole('button', { name: 'Match case' }).click();
  await expect(findCount(page)).toHaveText(
    new RegExp(` of ${occurrences(new RegExp(literally(name), 'g')).toLocaleString('en-US')}$`),
  );
  await findBox(page).fill('nothing like this in the book');
  await expect(findCount(page)).toHaveText('No matches');
  await findBox(page).press('Escape');
  await expect(page.getByRole('search', { name: 'Find in book' })).toBeHidden();
  await expect(viewer(page).locator('mark.find')).toHaveCount(0);

  // ---- the command palette: a chapter, then a character ---------------------------------------------
  const leaves: Detail['outline'] = [];
  const walk = (items: Detail['outline']) =>
    items.forEach((i) => (i.children.length ? walk(i.children as Detail['outline']) : leaves.push(i)));
  walk(project.outline);
  expect(leaves.length).toBeGreaterThan(40);
  const chapter = leaves[Math.floor(leaves.length * 0.8)]!;
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Search' });
  await palette.getByRole('combobox').fill(chapter.title);
  const chapterOption = palette.getByRole('group', { name: 'Chapters' }).getByRole('option').first();
  await expect(chapterOption).toContainText(chapter.title);
  await chapterOption.click();
  await expect(palette).toBeHidden();
  await expect(page.getByTestId('selection')).toHaveAttribute('data-start', String(chapter.startOffset));
  await expect(viewer(page).locator('p[data-offset] mark').first()).toBeInViewport();

  await page.keyboard.press('ControlOrMeta+k');
  await palette.getByRole('combobox').fill(lead.name.toLowerCase());
  await expect(palette.getByRole('group', { name: 'Characters' }).getByRole('option').first()).toContainText(lead.name);
  await page.keyboard.press('Enter');
  await expect(filterBar(page)).toBeVisible();
  await expect(page.getByTestId('filter-summary')).toContainText(`Lines of ${lead.name}`);
});

test('find: the search and the filter in light and dark, desktop and phone, axe-core', async ({ page }) => {
  await signUp(page, 'Pro'); // the whole book is over the Free plan's 100,000 words
  const id = await analysedProject(page, 'The whole novel', BOOK);
  const { lead, other } = leads(await detail(page, id));
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate(`localStorage.setItem('theme', '${mode}')`);
    for (const vp of [
      { name: 'desktop', width: 1280, height: 800 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await openProject(page, id);
      if (vp.name === 'phone') await page.getByRole('tab', { name: /Characters/ }).click();
      await page.getByRole('button', { name: `Show lines of ${lead.name}` }).click();
      await expect(filterBar(page)).toBeVisible();
      // The phone has no Ctrl+F: the toolbar's button opens the search.
      await page.getByRole('button', { name: 'Find in book' }).click();
      await expect(findBox(page)).toBeFocused();
      await page.keyboard.type('my dear');
      await expect(findCount(page)).toHaveText(/^1 of \d+$/);
      await expect(currentMatch(page)).toBeInViewport();
      await checkAxe(page, `find ${vp.name} ${mode}`, { exclude: ['[data-sonner-toaster]'] });
      await page.screenshot({ path: `${SHOTS}/${vp.name}-${mode}-find.png` });
      if (vp.name === 'desktop') {
        await page.keyboard.press('ControlOrMeta+k');
        await page.getByRole('dialog', { name: 'Search' }).getByRole('combobox').fill(other.name.toLowerCase());
        await expect(page.getByRole('group', { name: 'Characters' })).toBeVisible();
        await checkAxe(page, `palette ${mode}`, { exclude: ['[data-sonner-toaster]'] });
        await page.screenshot({ path: `${SHOTS}/${vp.name}-${mode}-palette.png` });
        await page.keyboard.press('Escape');
      }
    }
  }
});

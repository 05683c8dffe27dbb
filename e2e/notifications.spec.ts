// Issue 19's notifications in a real browser: an analysis that completes puts 1 on the bell; the
// popover lists it with its project, leads there and marks it read; a second analysis, then "Mark all
// read" empties the count. Screens: light and dark, desktop and phone, axe-core.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkAxe } from './support/axe.js';
import { headersOf, sessionOf } from './support/session.js';
import { inEachLook } from './support/looks.js';
import { createProject, signUp } from './support/workspace.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-notifications';
mkdirSync(SHOTS, { recursive: true });

const BOOK = `CHAPTER I. The Quay\n\n${'Gulls wheeled over the grey water all morning. '.repeat(8)}\n\n"Ahoy," said Meg. "Ahoy yourself," said Ned. "Tide's turning," said Meg.\n`;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const popover = (page: Page) =>
  page.getByRole('presentation').filter({ has: page.getByRole('heading', { name: 'Notifications' }) });

/** Asks for an analysis through the API and waits until the project has settled. */
async function analyse(page: Page, id: string) {
  const s = await sessionOf(page);
  const res = await page.request.post(`/api/projects/${id}/analyze`, { headers: headersOf(s), data: {} });
  expect(res.ok(), await res.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const p = await page.request.get(`/api/projects/${id}`, { headers: headersOf(s) });
        return ((await p.json()) as { data: { analysisStatus: string } }).data.analysisStatus;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
}

test('notifications: an analysis completes, the bell shows 1 unread, the item leads to the project and is read', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  const s = await sessionOf(page);
  const id = await createProject(page.request, s, 'The Quay', BOOK);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await analyse(page, id);

  // The bell looks again on focus and every 20 s; a reload is the quickest way to see it now.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)');
  await bell(page).click();
  const item = popover(page).getByRole('button', { name: /^Analysis complete/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText('“The Quay”');
  await expect(item).toContainText('just now');

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/stage/projects/${id}$`));
  await expect(page.getByTestId('content-viewer')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const list = await page.request.get('/api/notifications', { headers: headersOf(s) });
  const data = ((await list.json()) as { data: { unreadCount: number; notifications: { readAt: string | null }[] } })
    .data;
  expect(data.unreadCount).toBe(0);
  expect(data.notifications).toHaveLength(1);
  expect(data.notifications[0]!.readAt).not.toBeNull();

  // A second analysis: one unread again; "Mark all read" clears it, and it stays cleared after a reload.
  await analyse(page, id);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)');
  await bell(page).click();
  await expect(popover(page).getByRole('listitem')).toHaveCount(2);
  await popover(page).getByRole('button', { name: 'Mark all read' }).click();
  await expect(popover(page).getByRole('button', { name: 'Mark all read' })).toBeHidden();
  // Focus stays in the popover when the button goes (not on the page behind it), so Esc closes it.
  await expect(popover(page).getByRole('heading', { name: 'Notifications' })).toBeFocused();
  // (The open popover hides the rest of the page from assistive technology: close it to read the bell.)
  await page.keyboard.press('Escape');
  await expect(popover(page)).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test('notifications: the popover in light and dark, desktop and phone, axe-core', async ({ page }) => {
  test.setTimeout(180_000);
  // Pro (the trial): two projects.
  await signUp(page, 'Pro');
  const s = await sessionOf(page);
  await bell(page).click();
  await expect(popover(page).getByText('No notifications')).toBeVisible();
  await checkAxe(page, 'notifications empty', { exclude: ['[data-sonner-toaster]'] });
  await page.screenshot({ path: `${SHOTS}/desktop-light-empty.png` });
  await page.keyboard.press('Escape');

  await analyse(page, await createProject(page.request, s, 'The Quay', BOOK));
  await analyse(page, await createProject(page.request, s, 'A Very Long Title For A Book That Wraps Over Lines', BOOK));
  // One read, one unread: both looks in the list.
  const list = await page.request.get('/api/notifications', { headers: headersOf(s) });
  const first = ((await list.json()) as { data: { notifications: { id: string }[] } }).data.notifications[1]!;
  expect((await page.request.post(`/api/notifications/${first.id}/read`, { headers: headersOf(s) })).ok()).toBe(true);

  await inEachLook(page, async (look) => {
    await page.goto('/stage');
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)');
    await bell(page).click();
    await expect(popover(page).getByRole('listitem')).toHaveCount(2);
    await checkAxe(page, `notifications ${look.name}`, { exclude: ['[data-sonner-toaster]'] });
    await page.screenshot({ path: `${SHOTS}/${look.name}-notifications.png` });
    await page.keyboard.press('Escape');
  });
});

// Last in the file: it moves billing's clock for the whole stack (BILLING_TEST_CLOCK).
test('notifications: a Pro trial about to end shows on the bell and leads to the subscription page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'Pro');
  const s = await sessionOf(page);
  // 12 of the trial's 14 days pass: the sweeper sends the reminder, and billing announces it.
  const moved = await page.request.post('/api/subscriptions/test-clock', {
    headers: headersOf(s),
    data: { advanceDays: 12 },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const list = await page.request.get('/api/notifications', { headers: headersOf(s) });
        return ((await list.json()) as { data: { unreadCount: number } }).data.unreadCount;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications (1 unread)');
  await bell(page).click();
  const item = popover(page).getByRole('button', { name: /^Your Pro trial ends soon/ });
  await expect(item).toContainText('Add a card to keep Pro');
  await item.click();
  await expect(page).toHaveURL(/\/stage\/settings\/subscription$/);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

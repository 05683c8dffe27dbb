// Authors and projects in a real browser against the whole stack: sign up, create an author (with
// the form's messages), rename it and remove its avatar, create a project from a real .docx (three
// chapters written for this spec, with invented names, made into a .docx at test time) with every message of the create form, see it in
// the grid with its chapter count and author, open it, find it with the command palette, meet the
// Free plan's limit (the dialog, and the server's 403 when the page thinks there is room), delete the
// project from the limit dialog, then delete the author. axe-core on every screen; screenshots at
// 1280×800 and 390×844 go to /tmp/shots-projects.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkAxe } from './support/axe.js';
import sharp from 'sharp';
import { docxOf } from './support/docx-fixture.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-projects';
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TITLE = "The Lamp-Keeper's Daughter";
/** The book's three chapters (no test names the PDNC corpus's books or characters: issue 13). */
const CHAPTERS = [
  'CHAPTER I. The Lamp Room',
  'Orla Penhallow was beginning to get very tired of trimming wicks by herself on the gallery stair.',
  '"Is the oil come?" asked Mr. Pellow the warden, without looking up from his ledger.',
  'CHAPTER II. The Ferry',
  'Idris Quell kept the ferry on the far side of the sound, and took nobody across after dark.',
  '"Not tonight," said Idris. "Not for the harbour master himself."',
  'CHAPTER III. The Storm',
  'By midnight the wind had turned, and Bram Tolley came up the cliff path with his coat over his head.',
  '"She is burning," he said. "Hester Quayle saw it from the quay."',
];
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A toast with this text (an earlier one with the same words may still be fading out). */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** The screen at both sizes (axe at each), back at desktop size afterwards. */
async function shoot(page: Page, name: string, opts: { ready?: () => Promise<void>; fullPage?: boolean } = {}) {
  for (const vp of VIEWPORTS) {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await opts.ready?.();
    // Let images and transitions settle.
    await page.waitForTimeout(350);
    // Toasts are the app-wide toaster's (sonner's rich colours), outside these screens; they come and go.
    await checkAxe(page, `${name} ${vp.name}`, { exclude: ['[data-sonner-toaster]'] });
    await page.screenshot({ path: `${SHOTS}/${name}-${vp.name}.png`, fullPage: opts.fullPage ?? true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signUp(page: Page) {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Nora Narrator');
  await page.getByLabel('Email').fill(`nora-${unique()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByLabel('Confirm password').fill('Str0ng!pass');
  await page.getByRole('radio', { name: 'Free' }).check();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/stage$/);
}

/** Chooses a file in the (hidden) input labelled `label`. */
async function chooseFile(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(label, { exact: true }).setInputFiles(file);
}

test('authors and projects: create, list, open, find, limit, delete', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const avatar = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  const docx = docxOf(CHAPTERS);

  await test.step('sign up; the sidebar leads to empty Projects and Authors', async () => {
    await signUp(page);
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await expect(page).toHaveURL(/\/stage\/projects$/);
    await expect(page.getByText('No projects yet')).toBeVisible();
    await shoot(page, 'projects-empty');
    await page.goto('/stage/authors');
    await expect(page.getByText('No authors found. Create one to get started.')).toBeVisible();
    await shoot(page, 'authors-empty');
  });

  let authorUrl = '';
  await test.step('New Author dialog: its messages, then an author with an avatar', async () => {
    await page.getByRole('button', { name: 'New Author' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New author' });
    await dialog.getByRole('button', { name: 'Create author' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await expect(dialog.getByText('Last name is required')).toBeVisible();
    await dialog.getByLabel('First name').fill('Tamsin');
    await dialog.getByLabel('Last name').fill('Trelor');
    await chooseFile(page, 'Avatar (optional)', { name: 'avatar.png', mimeType: 'image/png', buffer: avatar });
    await shoot(page, 'author-new-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create author' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('link', { name: /Tamsin Trelor/ });
    await expect(card).toContainText('0 projects');
    // The avatar is an owner-only image, fetched with the session.
    await expect(card.locator('img')).toHaveAttribute('src', /^data:image\//);
    await shoot(page, 'authors-grid');
    await card.click();
    await expect(page).toHaveURL(/\/stage\/authors\/[0-9a-f-]{36}$/);
    authorUrl = new URL(page.url()).pathname;
  });

  await test.step('the author page: rename (breadcrumb follows), remove the avatar', async () => {
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs).toContainText('Tamsin Trelor');
    await page.getByLabel('Last name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await page.getByLabel('Last name').fill('Treloar');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Author updated')).toBeVisible();
    await expect(crumbs).toContainText('Tamsin Treloar');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Tamsin Treloar');
    await page.getByRole('button', { name: 'Remove avatar' }).click();
    await expect(toast(page, 'Avatar removed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove avatar' })).toBeHidden();
    await shoot(page, 'author-page');
  });

  let projectPath = '';
  await test.step('New Project dialog: every message, then a project from a .docx', async () => {
    await page.goto('/stage/projects');
    await page.getByRole('button', { name: 'New Project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Project' });
    const submit = dialog.getByRole('button', { name: 'Create Project' });
    await submit.click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Content is required')).toBeVisible();
    await expect(dialog.getByText('Author is required')).toBeVisible();
    await expect(toast(page, 'Please select an author.')).toBeVisible();

    await chooseFile(page, 'Upload a .txt or .docx file', {
      name: 'cover.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(toast(page, 'Invalid File')).toContainText('Please upload a .txt or .docx file');

    await dialog.getByRole('combobox', { name: 'Author' }).click();
    await page.getByRole('option', { name: '+ New author' }).click();
    await dialog.getByLabel('First name').fill('Bram');
    await submit.click();
    await expect(dialog.getByText('Both first name and last name are required.')).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Author' }).click();
    await page.getByRole('option', { name: 'Tamsin Treloar' }).click();
    await expect(dialog.getByText('Both first name and last name are required.')).toBeHidden();

    await chooseFile(page, 'Upload a .txt or .docx file', { name: 'lamps.docx', mimeType: DOCX_TYPE, buffer: docx });
    await expect(dialog.getByText('Loaded from lamps.docx')).toBeVisible();
    const content = dialog.getByRole('textbox', { name: 'Content' });
    await expect(content).toHaveValue(/^CHAPTER I\. The Lamp Room\n\nOrla Penhallow was beginning/);
    await expect(dialog.getByLabel('Title')).toHaveValue('lamps');
    await dialog.getByLabel('Title').fill(TITLE);
    await shoot(page, 'project-new-dialog', { fullPage: false });

    // Slow the calls down enough to read the button, and make the start of analysis fail: the
    // project must still exist and the toast must say so (SPEC §8).
    await page.route('**/api/projects', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 600));
      await route.fallback();
    });
    await page.route('**/api/projects/*/detect-structure', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.fallback();
    });
    await page.route('**/api/projects/*/analyze', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":"down"}' }),
    );
    await submit.click();
    await expect(dialog.getByRole('button', { name: 'Creating...' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Detecting Structure...' })).toBeVisible();
    await expect(page).toHaveURL(/\/stage\/projects\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const created = toast(page, 'Project Created');
    await expect(created).toContainText('Project created but analysis failed to start. Please try analyzing manually.');
    await page.unrouteAll({ behavior: 'wait' });
    projectPath = new URL(page.url()).pathname;
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(TITLE);
  });

  await test.step('the grid shows the project with its author and chapters; the card opens it', async () => {
    await page.goto('/stage/projects');
    const card = page.getByRole('link', { name: `${TITLE} by Tamsin Treloar` });
    await expect(card).toContainText(TITLE);
    await expect(card).toContainText('Tamsin Treloar');
    await expect(card).toContainText('3 chapters');
    await expect(card.locator('img')).toHaveAttribute('src', /^data:image\//);
    await shoot(page, 'projects-grid');
    await card.click();
    await expect(page).toHaveURL(projectPath);
    await page.goto('/stage/authors');
    await expect(page.getByRole('link', { name: /Tamsin Treloar/ })).toContainText('1 project');
  });

  await test.step('the command palette finds the project and the author', async () => {
    await page.goto('/stage/projects');
    await expect(page.getByRole('link', { name: `${TITLE} by Tamsin Treloar` })).toBeVisible();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search pages' });
    await search.fill('treloar');
    await expect(page.getByRole('option', { name: /Tamsin Treloar/ })).toBeVisible();
    await search.fill('lamp-keeper');
    await expect(page.getByRole('option', { name: new RegExp(TITLE) })).toBeVisible();
    await shoot(page, 'palette', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(projectPath);
  });

  await test.step('an author with a project cannot be deleted: the server says why', async () => {
    await page.goto(authorUrl);
    await page.getByRole('button', { name: 'Delete author' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Tamsin Treloar?' });
    await confirm.getByRole('button', { name: 'Delete author' }).click();
    await expect(confirm.getByRole('alert')).toContainText(/has 1 project/);
    await confirm.getByRole('button', { name: 'Close' }).click();
  });

  await test.step("the server's 403 at the limit: toast, dialog closed, subscription page", async () => {
    await page.goto('/stage/projects');
    await expect(page.getByRole('link', { name: `${TITLE} by Tamsin Treloar` })).toBeVisible();
    // The page believes there is room (limits of 5); the server knows the Free plan allows 1.
    await page.route('**/api/subscriptions', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: { limits: { maxProjects: number } } };
      body.data.limits.maxProjects = 5;
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await page.getByRole('button', { name: 'New Project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New Project' });
    await dialog.getByLabel('Title').fill('Second book');
    await dialog.getByRole('textbox', { name: 'Content' }).fill('CHAPTER I.\n\n"Hello," said Hester.');
    await dialog.getByRole('combobox', { name: 'Author' }).click();
    await page.getByRole('option', { name: 'Tamsin Treloar' }).click();
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(
      toast(
        page,
        'Subscription Limit Reached: Your Free tier allows a maximum of 1 projects. Please upgrade to create more.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/stage\/settings\/subscription$/);
    await expect(dialog).toBeHidden();
    await page.unrouteAll({ behavior: 'wait' });
  });

  await test.step('Project Limit Reached: delete the project from it, and the form appears', async () => {
    await page.goto('/stage/projects');
    await page.getByRole('button', { name: 'New Project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Project Limit Reached' });
    await expect(dialog).toContainText('Delete a project to make room, or upgrade to Pro');
    await expect(dialog.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
    await shoot(page, 'project-limit-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: `Delete ${TITLE}` }).click();
    await dialog.getByRole('button', { name: 'Confirm delete' }).click();
    await expect(toast(page, 'Project deleted')).toBeVisible();
    const form = page.getByRole('dialog', { name: 'New Project' });
    await expect(form.getByRole('button', { name: 'Create Project' })).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('No projects yet')).toBeVisible();
  });

  await test.step('the author without projects can be deleted', async () => {
    await page.goto(authorUrl);
    await expect(page.getByText('No projects by this author yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Delete author' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Tamsin Treloar?' });
    await shoot(page, 'author-delete-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete author' }).click();
    await expect(page).toHaveURL(/\/stage\/authors$/);
    await expect(toast(page, 'Tamsin Treloar was deleted')).toBeVisible();
    await expect(page.getByText('No authors found. Create one to get started.')).toBeVisible();
  });

  await test.step('the full-page forms: /stage/authors/new and /stage/projects/new', async () => {
    await page.goto('/stage/authors/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New author' })).toBeVisible();
    await shoot(page, 'author-new-page');
    await page.getByLabel('First name').fill('Hester');
    await page.getByLabel('Last name').fill('Quayle');
    await page.getByRole('button', { name: 'Create author' }).click();
    await expect(page).toHaveURL(/\/stage\/authors\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Hester Quayle');

    await page.goto('/stage/projects/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New Project' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Project' })).toBeVisible();
    await shoot(page, 'project-new-page');
    await page.getByLabel('Title').fill('Salt and Sorrow');
    await page
      .getByRole('textbox', { name: 'Content' })
      .fill(
        'CHAPTER I.\n\nThe family of Quayle had long been settled at Mendle Cove.\n\nCHAPTER II.\n\n"Well," said Mrs. Quayle.',
      );
    await page.getByRole('combobox', { name: 'Author' }).click();
    await page.getByRole('option', { name: 'Hester Quayle' }).click();
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page).toHaveURL(/\/stage\/projects\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.goto('/stage/projects');
    await expect(page.getByRole('link', { name: 'Salt and Sorrow by Hester Quayle' })).toContainText('2 chapters');
  });

  await test.step('the grids in the dark theme', async () => {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.goto('/stage/projects');
    await expect(page.getByRole('link', { name: 'Salt and Sorrow by Hester Quayle' })).toBeVisible();
    await shoot(page, 'projects-grid-dark');
    await page.goto('/stage/authors');
    await expect(page.getByRole('link', { name: /Hester Quayle/ })).toContainText('1 project');
    await shoot(page, 'authors-grid-dark');
  });
});

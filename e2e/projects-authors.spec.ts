// Authors and projects in a real browser against the whole stack: sign up, create an author (with
// the form's messages), rename it and remove its avatar, create a project from a real .docx (the
// first chapters of a PDNC novel, made at test time) with every message of the create form, see it in
// the grid with its chapter count and author, open it, find it with the command palette, meet the
// Free plan's limit (the dialog, and the server's 403 when the page thinks there is room), delete the
// project from the limit dialog, then delete the author. axe-core on every screen; screenshots at
// 1280×800 and 390×844 go to /tmp/shots-projects.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { checkAxe } from './support/axe.js';
import sharp from 'sharp';
import { novelDocx } from './support/docx-fixture.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-projects';
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TITLE = "Alice's Adventures in Wonderland";
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
  const docx = novelDocx('AlicesAdventuresInWonderland', 3);

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
    await dialog.getByLabel('First name').fill('Lewis');
    await dialog.getByLabel('Last name').fill('Carol');
    await chooseFile(page, 'Avatar (optional)', { name: 'avatar.png', mimeType: 'image/png', buffer: avatar });
    await shoot(page, 'author-new-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create author' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('link', { name: /Lewis Carol/ });
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
    await expect(crumbs).toContainText('Lewis Carol');
    await page.getByLabel('Last name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await page.getByLabel('Last name').fill('Carroll');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Author updated')).toBeVisible();
    await expect(crumbs).toContainText('Lewis Carroll');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Lewis Carroll');
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
    await dialog.getByLabel('First name').fill('Charles');
    await submit.click();
    await expect(dialog.getByText('Both first name and last name are required.')).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Author' }).click();
    await page.getByRole('option', { name: 'Lewis Carroll' }).click();
    await expect(dialog.getByText('Both first name and last name are required.')).toBeHidden();

    await chooseFile(page, 'Upload a .txt or .docx file', { name: 'alice.docx', mimeType: DOCX_TYPE, buffer: docx });
    await expect(dialog.getByText('Loaded from alice.docx')).toBeVisible();
    const content = dialog.getByRole('textbox', { name: 'Content' });
    await expect(content).toHaveValue(/^CHAPTER I\. Down the Rabbit-Hole\n\nAlice was beginning/);
    await expect(dialog.getByLabel('Title')).toHaveValue('alice');
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
    const card = page.getByRole('link', { name: `${TITLE} by Lewis Carroll` });
    await expect(card).toContainText(TITLE);
    await expect(card).toContainText('Lewis Carroll');
    await expect(card).toContainText('3 chapters');
    await expect(card.locator('img')).toHaveAttribute('src', /^data:image\//);
    await shoot(page, 'projects-grid');
    await card.click();
    await expect(page).toHaveURL(projectPath);
    await page.goto('/stage/authors');
    await expect(page.getByRole('link', { name: /Lewis Carroll/ })).toContainText('1 project');
  });

  await test.step('the command palette finds the project and the author', async () => {
    await page.goto('/stage/projects');
    await expect(page.getByRole('link', { name: `${TITLE} by Lewis Carroll` })).toBeVisible();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search pages' });
    await search.fill('carroll');
    await expect(page.getByRole('option', { name: /Lewis Carroll/ })).toBeVisible();
    await search.fill('wonderland');
    await expect(page.getByRole('option', { name: new RegExp(TITLE) })).toBeVisible();
    await shoot(page, 'palette', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(projectPath);
  });

  await test.step('an author with a project cannot be deleted: the server says why', async () => {
    await page.goto(authorUrl);
    await page.getByRole('button', { name: 'Delete author' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Lewis Carroll?' });
    await confirm.getByRole('button', { name: 'Delete author' }).click();
    await expect(confirm.getByRole('alert')).toContainText(/has 1 project/);
    await confirm.getByRole('button', { name: 'Close' }).click();
  });

  await test.step("the server's 403 at the limit: toast, dialog closed, subscription page", async () => {
    await page.goto('/stage/projects');
    await expect(page.getByRole('link', { name: `${TITLE} by Lewis Carroll` })).toBeVisible();
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
    await dialog.getByRole('textbox', { name: 'Content' }).fill('CHAPTER I.\n\n"Hello," said Anne.');
    await dialog.getByRole('combobox', { name: 'Author' }).click();
    await page.getByRole('option', { name: 'Lewis Carroll' }).click();
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
    const confirm = page.getByRole('dialog', { name: 'Delete Lewis Carroll?' });
    await shoot(page, 'author-delete-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete author' }).click();
    await expect(page).toHaveURL(/\/stage\/authors$/);
    await expect(toast(page, 'Lewis Carroll was deleted')).toBeVisible();
    await expect(page.getByText('No authors found. Create one to get started.')).toBeVisible();
  });

  await test.step('the full-page forms: /stage/authors/new and /stage/projects/new', async () => {
    await page.goto('/stage/authors/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New author' })).toBeVisible();
    await shoot(page, 'author-new-page');
    await page.getByLabel('First name').fill('Jane');
    await page.getByLabel('Last name').fill('Austen');
    await page.getByRole('button', { name: 'Create author' }).click();
    await expect(page).toHaveURL(/\/stage\/authors\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Jane Austen');

    await page.goto('/stage/projects/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New Project' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Project' })).toBeVisible();
    await shoot(page, 'project-new-page');
    await page.getByLabel('Title').fill('Sense and Sensibility');
    await page
      .getByRole('textbox', { name: 'Content' })
      .fill(
        'CHAPTER I.\n\nThe family of Dashwood had long been settled in Sussex.\n\nCHAPTER II.\n\n"Well," said Mrs. Dashwood.',
      );
    await page.getByRole('combobox', { name: 'Author' }).click();
    await page.getByRole('option', { name: 'Jane Austen' }).click();
    await page.getByRole('button', { name: 'Create Project' }).click();
    await expect(page).toHaveURL(/\/stage\/projects\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.goto('/stage/projects');
    await expect(page.getByRole('link', { name: 'Sense and Sensibility by Jane Austen' })).toContainText('2 chapters');
  });

  await test.step('the grids in the dark theme', async () => {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.goto('/stage/projects');
    await expect(page.getByRole('link', { name: 'Sense and Sensibility by Jane Austen' })).toBeVisible();
    await shoot(page, 'projects-grid-dark');
    await page.goto('/stage/authors');
    await expect(page.getByRole('link', { name: /Jane Austen/ })).toContainText('1 project');
    await shoot(page, 'authors-grid-dark');
  });
});

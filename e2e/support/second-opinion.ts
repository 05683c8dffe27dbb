// The second opinion's screens, shared by the specs without a language model (second-opinion.spec.ts)
// and with one (second-opinion.llm.spec.ts).
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-second-opinion';
mkdirSync(SHOTS, { recursive: true });
/** The toaster's live region is not part of the screens checked. */
export const AXE = { exclude: ['[data-sonner-toaster]'] };

export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Second opinion on doubtful speakers' });
export const button = (page: Page) => page.getByRole('button', { name: /^Second opinion/ });

export async function openWorkspace(page: Page, id: string) {
  await page.goto(`/stage/projects/${id}`);
  await expect(page.getByTestId('content-viewer').locator('span.q').first()).toBeVisible();
}

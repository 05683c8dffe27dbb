// Issue 18's second opinion on doubtful speakers in a real browser, on the e2e stack, which has no
// language model: the button explains that one is needed, and Free users see the Pro panel. With a
// model (the test kit's fake OpenAI server): second-opinion.llm.spec.ts, on a stack of its own
// (`npm run test:e2e:llm`). Screens: light and dark, desktop and phone, axe-core.
import { expect, test } from '@playwright/test';
import { checkAxe } from './support/axe.js';
import { inEachLook } from './support/looks.js';
import { AXE, button, dialog, openWorkspace, SHOTS } from './support/second-opinion.js';
import { analysedProject, signUp } from './support/workspace.js';

test.describe('without a language model', () => {
  test('the button explains that a language model is needed', async ({ page }) => {
    test.setTimeout(180_000);
    await signUp(page, 'Pro');
    const id = await analysedProject(page);
    await inEachLook(page, async (look) => {
      await openWorkspace(page, id);
      await button(page).click();
      await expect(dialog(page).getByTestId('second-opinion-no-provider')).toContainText(
        'This needs a language model, and none is configured on this server',
      );
      await expect(dialog(page).getByRole('button', { name: /^Ask / })).toHaveCount(0);
      await checkAxe(page, `second opinion, no provider ${look.name}`, AXE);
      await page.screenshot({ path: `${SHOTS}/${look.name}-no-provider.png` });
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      await expect(dialog(page)).toBeHidden();
    });
  });

  test('Free users see the Pro Feature panel', async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page, 'Free');
    const id = await analysedProject(page);
    await openWorkspace(page, id);
    await button(page).click();
    await expect(dialog(page).getByTestId('pro-feature-panel')).toBeVisible();
    await expect(dialog(page).getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/pricing');
    await checkAxe(page, 'second opinion, Free', AXE);
    await page.screenshot({ path: `${SHOTS}/desktop-free.png` });
  });
});

/// <reference lib="dom" />
// axe-core on the page as it stands, failing on serious or critical violations. One helper for every
// spec so they all judge a screen the same way.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Tooltips come from where the mouse happens to rest (often the control just clicked). One caught in
 * its fade-in has a contrast that is only part of the way there, so axe would judge a transition, not
 * the screen: park the mouse in the viewport's bottom-right corner and wait until none is shown, and
 * wait for transitions (a dialog's fade-in) to end.
 * `exclude` names selectors outside the screen under test (an app-wide toaster, say).
 */
export async function checkAxe(page: Page, label: string, { exclude = [] as string[] } = {}) {
  const viewport = page.viewportSize();
  if (viewport) await page.mouse.move(viewport.width - 1, viewport.height - 1);
  await expect(page.locator('.MuiTooltip-popper')).toHaveCount(0);
  // A dialog or popover still fading in has text at part of its final contrast: wait until every CSS
  // transition and animation on the page has run out (infinite ones, such as spinners, never do).
  // (A function, not a string: the app's CSP forbids eval, which a string predicate needs.)
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );

  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `axe on ${label}`).toEqual([]);
}

// The looks every screen is checked in: light and dark theme, at desktop and phone width. Specs walk
// a screen through each look with `inEachLook` and name their screenshots after it.
import type { Page } from '@playwright/test';

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export interface Look {
  mode: 'light' | 'dark';
  viewport: (typeof VIEWPORTS)[number]['name'];
  /** "desktop-light", "phone-dark", …: the prefix of the look's screenshot names. */
  name: string;
}

/**
 * Runs `visit` once per look, after choosing the theme (stored the way the app stores it, so the
 * next page load uses it) and the viewport size. `visit` loads the page itself.
 */
export async function inEachLook(page: Page, visit: (look: Look) => Promise<void>): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate(`localStorage.setItem('theme', '${mode}')`);
    for (const { name, width, height } of VIEWPORTS) {
      await page.setViewportSize({ width, height });
      await visit({ mode, viewport: name, name: `${name}-${mode}` });
    }
  }
}

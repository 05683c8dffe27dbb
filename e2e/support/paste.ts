/// <reference lib="dom" />
// Long texts into a text field the way a paste puts them there.
import { expect, type Locator } from '@playwright/test';

/**
 * Puts `text` into `field` (a textarea or input) as a paste leaves it: the whole value at once and
 * one input event (`insertFromPaste`), which React reads as one change. The app's
 * Permissions-Policy blocks the clipboard API, and `fill` types the text in through Chromium's
 * insert-text command: 15 s for 55 KB of a novel, over a test's time on a busy machine.
 */
export async function paste(field: Locator, text: string): Promise<void> {
  await field.evaluate((el, t) => {
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, t);
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
  await expect(field).toHaveValue(text);
}

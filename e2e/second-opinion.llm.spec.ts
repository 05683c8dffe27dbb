// Issue 18's second opinion with a language model, in a real browser: the stack of
// playwright.llm.config.ts (`npm run test:e2e:llm`) is configured with the test kit's fake
// OpenAI-compatible server, which this spec starts on that port and scripts: estimate → confirm →
// progress (batches done of total, the second batch held back while the screens are taken) → the
// quotes marked AI, on screen and in the API. Screens: light and dark, desktop and phone, axe-core.
import { expect, test } from '@playwright/test';
import { startFakeOpenAi, type FakeOpenAi } from '@castbook/test-kit';
import { E2E_LLM_MODEL, E2E_LLM_PROVIDER_PORT } from './stack.js';
import { checkAxe } from './support/axe.js';
import { inEachLook } from './support/looks.js';
import { AXE, button, dialog, openWorkspace, SHOTS } from './support/second-opinion.js';
import { headersOf, sessionOf } from './support/session.js';
import { analysedProject, signUp } from './support/workspace.js';

test.describe('with a language model (the fake server)', () => {
  let fake: FakeOpenAi;
  let release: () => void = () => undefined;
  test.beforeAll(async () => {
    fake = await startFakeOpenAi({ port: E2E_LLM_PROVIDER_PORT });
    const gate = new Promise<void>((r) => (release = r));
    // Each quote gets its second candidate (so speakers visibly change), confidence 0.77. The second
    // batch waits for the gate: the screens of a run half done are taken meanwhile.
    fake.script(async (body) => {
      if (fake.requests.length === 2) await gate;
      const user = body.messages.find((m) => m.role === 'user')!.content;
      const lines = user.split('Quotations and their candidate speakers:\n')[1]!.trim().split('\n');
      const answers = lines.map((l) => {
        const [quote, options] = l.split(': ') as [string, string];
        const labels = options.split(', ').map((o) => o.split(' ')[0]!);
        return { quote, speaker: labels[1] ?? labels[0]!, confidence: 0.77 };
      });
      return { content: { answers } };
    });
  });
  test.afterAll(async () => {
    release();
    await fake?.close();
  });

  test('estimate → confirm → progress → the quotes are marked AI', async ({ page }) => {
    test.setTimeout(240_000);
    await signUp(page, 'Pro');
    const id = await analysedProject(page);

    // The estimate first, in every look; nothing is asked of the model yet.
    await inEachLook(page, async (look) => {
      await openWorkspace(page, id);
      await button(page).click();
      const estimate = dialog(page).getByTestId('second-opinion-estimate');
      await expect(estimate).toContainText(/\d+ doubtful quotes \(under 60 % confidence\) in \d+ batches/);
      await expect(estimate).toContainText(
        /About [\d,]+ tokens, .* of your monthly budget \(0 of 2,000,000 used in [A-Z][a-z]+ \d{4}\)/,
      );
      await checkAxe(page, `second opinion estimate ${look.name}`, AXE);
      await page.screenshot({ path: `${SHOTS}/${look.name}-estimate.png` });
      if (look.name !== 'phone-dark') await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    });
    expect(fake.requests).toHaveLength(0);

    // Confirm (phone, dark): the first batch is answered, the second held: 1 of n batches.
    const s = await sessionOf(page);
    const estimate = await page.request.post(`/api/projects/${id}/second-opinion/estimate`, {
      headers: headersOf(s),
      data: {},
    });
    const { batches, quotes: asked } = ((await estimate.json()) as { data: { batches: number; quotes: number } }).data;
    expect(batches).toBeGreaterThan(1);
    await dialog(page)
      .getByRole('button', { name: `Ask ${E2E_LLM_MODEL}` })
      .click();
    const status = dialog(page).getByRole('status', { name: 'Second opinion progress' });
    // The first answer is applied and polled for (the machine may be busy: a generous wait, no timing asserted).
    await expect(status).toContainText(`1 of ${batches} batches`, { timeout: 60_000 });
    await checkAxe(page, 'second opinion progress phone-dark', AXE);
    await page.screenshot({ path: `${SHOTS}/phone-dark-progress.png` });
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    // Under the header while the dialog is closed, and on the button.
    const box = page.getByRole('status', { name: 'Second opinion progress' });
    await expect(box).toContainText(`1 of ${batches} batches`);
    await expect(button(page)).toHaveText(`Second opinion 1/${batches}`);
    await page.screenshot({ path: `${SHOTS}/phone-dark-progress-box.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/desktop-dark-progress-box.png` });

    release();
    await expect(page.getByText('Second opinion finished')).toBeVisible({ timeout: 60_000 });
    await expect(box).toBeHidden();
    expect(fake.requests).toHaveLength(batches);
    const sent = fake.requests[0]!.body;
    expect(sent.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'speaker_second_opinion' },
    });

    // In the API: the asked quotes are 'ai' with the model's confidence, none of the user's touched.
    const project = await page.request.get(`/api/projects/${id}`, { headers: headersOf(s) });
    const quotes = (
      (await project.json()) as {
        data: { quotes: { id: string; attributionMethod: string; confidence: number }[] };
      }
    ).data.quotes;
    const ai = quotes.filter((q) => q.attributionMethod === 'ai');
    expect(ai).toHaveLength(asked);
    expect(ai.every((q) => q.confidence === 0.77)).toBe(true);

    // On screen (desktop, light): a re-decided quote says who set it.
    await page.evaluate(`localStorage.setItem('theme', 'light')`);
    await openWorkspace(page, id);
    await page.locator(`[data-quote-id="${ai[0]!.id}"]`).first().click();
    await expect(page.getByText('Set by the AI analysis · confidence 77%')).toBeVisible();
    await expect(page.locator('.MuiPopover-paper')).toHaveCSS('opacity', '1'); // faded in
    await page.screenshot({ path: `${SHOTS}/desktop-light-ai-quote.png` });
    await page.keyboard.press('Escape');
    await button(page).click();
    await expect(dialog(page).getByRole('alert').first()).toContainText(/Last run .*: \d+ speakers changed/);
    await checkAxe(page, 'second opinion last run desktop-light', AXE);
    await page.screenshot({ path: `${SHOTS}/desktop-light-last-run.png` });
  });
});

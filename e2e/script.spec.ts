// A play uploaded and analysed in a real browser: its speaker labels become the cast, each speech a
// line coloured for its speaker, its acts and scenes the outline (packages/text-analysis, README
// "Scripts"). Screenshots in both themes at desktop and phone width.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Character, Quote } from '@castbook/contracts';
import { headersOf, sessionOf } from './support/session.js';
import { createProject, signUp } from './support/workspace.js';
import { inEachLook } from './support/looks.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-script';
mkdirSync(SHOTS, { recursive: true });

// Written for this test.
const PLAY = `THE LANTERN KEEPER

A play in two acts

PERSONS OF THE PLAY

ORLA. Keeper of the light.
SELWYN. Her brother.
IDRIS. An oil merchant.

ACT I

SCENE 1. A lighthouse kitchen at dusk. Rain on the window.

ORLA: Have you trimmed the wick, Selwyn?

SELWYN: Twice. It smokes all the same.

ORLA: Then the oil is bad. Idris sold us bad oil again.

IDRIS (entering): I heard my name. Who is slandering me?

SELWYN: Nobody slanders an honest man.

IDRIS: Then I am safe. (He sits by the stove.) Is there tea?

ORLA: You are not safe, and there is no tea until the lamp burns clean.

SCENE 2. The gallery, later. Wind.

SELWYN: The ship is close. I can see her lights.

ORLA: Light the lamp!

IDRIS: With my oil? You said it was bad.

ORLA: It is the only oil we have.

ACT II

SCENE 1. The kitchen, morning.

IDRIS: The ship came in safe. You owe me for the oil.

ORLA: We owe you nothing. It smoked all night.

SELWYN: It burned, though. Pay the man, Orla.
`;

test('a play: the labels are the cast, every speech is coloured for its speaker', async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  const s = await sessionOf(page);
  const id = await createProject(page.request, s, 'The Lantern Keeper', PLAY);
  await page.goto(`/stage/projects/${id}`);
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Analysis Complete' }).first()).toBeVisible({
    timeout: 120_000,
  });

  const panel = page.getByRole('region', { name: 'Characters' });
  const cards = panel.getByTestId('character-card');
  await expect(cards).toHaveCount(3);
  for (const name of ['Orla', 'Selwyn', 'Idris']) await expect(panel.getByRole('listitem', { name })).toBeVisible();

  const outline = page.getByRole('tree', { name: 'Book structure' });
  for (const title of ['Act I', 'Act II'])
    await expect(outline.getByRole('button', { name: title, exact: true })).toBeVisible();
  await expect(outline.getByRole('button', { name: /^Scene 2\. The gallery/ })).toBeVisible();

  // Every speech is a line of its label's speaker; the cast list before Act I is not speech.
  const viewer = page.getByTestId('content-viewer');
  const first = viewer.locator('span.q[data-speaker]', { hasText: 'Have you trimmed the wick, Selwyn?' });
  await expect(first).toHaveAttribute('title', 'Speaker: Orla');
  await expect(viewer.locator('span.q', { hasText: 'Keeper of the light.' })).toHaveCount(0);
  const project = await page.request.get(`/api/projects/${id}`, { headers: headersOf(s) });
  const data = ((await project.json()) as { data: { characters: Character[]; quotes: Quote[] } }).data;
  const nameOf = new Map(data.characters.map((c) => [c.id, c.name]));
  expect(data.quotes.map((q) => nameOf.get(q.speakerId!))).toEqual([
    ...['Orla', 'Selwyn', 'Orla', 'Idris', 'Selwyn', 'Idris', 'Idris', 'Orla'],
    ...['Selwyn', 'Orla', 'Idris', 'Orla'],
    ...['Idris', 'Orla', 'Selwyn'],
  ]);
  // The stage direction inside Idris's line splits it in two and is not his.
  expect(data.quotes.map((q) => q.text)).toContain('Then I am safe.');
  expect(data.quotes.map((q) => q.text)).toContain('Is there tea?');

  await inEachLook(page, async (look) => {
    await page.goto(`/stage/projects/${id}`);
    await expect(viewer.locator('span.q[data-speaker]').first()).toBeVisible();
    // On a phone the cast and the outline are tabs of their own.
    if (look.viewport === 'desktop') {
      await expect(panel.getByRole('listitem', { name: 'Orla' })).toBeVisible();
      await expect(outline.getByRole('button', { name: 'Act I', exact: true })).toBeVisible();
    }
    await page.screenshot({ path: `${SHOTS}/${look.name}.png` });
  });
});

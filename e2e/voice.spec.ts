// Voice samples (issue 17) in a real browser with Chromium's fake microphone (a generated tone, the
// permission prompt answered yes): a Pro user records 3 s for a character, sees the timer reach 00:03
// and a waveform, saves, reloads, plays the take back (its <audio> element's time advances), records a
// second take, chooses it, deletes the first; the stored file is 16-bit mono PCM WAV. A Free user sees
// the Pro Feature panel instead of the recorder. axe-core on each state; screenshots of the card in
// each state in light and dark, and at phone width, go to /tmp/shots-voice.
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { checkAxe } from './support/axe.js';
import { headersOf, sessionOf, type Session } from './support/session.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-voice';
mkdirSync(SHOTS, { recursive: true });

// The config's Chromium and its required flags, plus the fake microphone for this spec only.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUp(page: Page, plan: 'Free' | 'Pro') {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Vera Voice');
  await page.getByLabel('Email').fill(`vera-${unique()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByLabel('Confirm password').fill('Str0ng!pass');
  await page.getByRole('radio', { name: plan }).check();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/stage$/);
}

// A passage written for this spec, with invented names (no test names the PDNC corpus: issue 13).
const LONGEST =
  'I could tell you the whole night at the lamp, from the first gale to the grey of morning, but it is no use going back over it.';
const TEXT = [
  'CHAPTER I.',
  '',
  '"Brighter and brighter!" cried Orla.',
  '',
  `"${LONGEST}" said Orla.`,
  '',
  '"Bring the lantern down!" shouted the Warden.',
  '',
  '"Who goes there?" said the ferryman.',
].join('\n');

/** A project with two characters and their lines, as an analysis would leave them. */
async function seedProject(request: APIRequestContext, s: Session): Promise<string> {
  const author = await request.post('/api/authors', {
    headers: headersOf(s),
    multipart: { firstName: 'Tamsin', lastName: 'Treloar' },
  });
  expect(author.ok(), await author.text()).toBe(true);
  const authorId = ((await author.json()) as { data: { id: string } }).data.id;
  const created = await request.post('/api/projects', {
    headers: headersOf(s),
    multipart: { title: `Orla ${unique()}`, content: TEXT, authorId },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const characters = [
    { id: 'orla', name: 'Orla', color: '#2563eb', summary: 'A lamp-keeper’s daughter.', mentions: 4 },
    { id: 'warden', name: 'The Warden', color: '#e11d48', summary: '', mentions: 1 },
  ].map((c) => ({ ...c, alternativeNames: [], relationships: [], isUserCreated: false }));
  const put = await request.patch(`/api/projects/${id}/characters`, { headers: headersOf(s), data: { characters } });
  expect(put.ok(), await put.text()).toBe(true);
  const quotes: object[] = [];
  const re = /"[^"]+"/g;
  let n = 0;
  for (let m = re.exec(TEXT); m; m = re.exec(TEXT), n++) {
    const speakerId = m[0].includes('Bring the') ? 'warden' : m[0].includes('Who goes') ? null : 'orla';
    quotes.push({
      id: `q${n}`,
      text: m[0],
      startOffset: m.index,
      endOffset: m.index + m[0].length,
      speakerId,
      confidence: speakerId ? 0.9 : 0,
      attributionMethod: speakerId ? 'explicit' : 'none',
    });
  }
  const q = await request.patch(`/api/projects/${id}/quotes`, { headers: headersOf(s), data: { quotes } });
  expect(q.ok(), await q.text()).toBe(true);
  return id;
}

/** A 16 kHz 16-bit mono WAV of a 440 Hz tone, as studio software would export it. */
function toneWav(seconds: number): Buffer {
  const rate = 16_000;
  const n = Math.round(seconds * rate);
  const b = Buffer.alloc(44 + n * 2);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + n * 2, 4);
  b.write('WAVEfmt ', 8, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return b;
}

const card = (page: Page, name: string) => page.getByTestId('character-card').filter({ hasText: name }).first();

async function openVoice(c: Locator) {
  const toggle = c.getByRole('button', { name: /^Voice/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(c.getByTestId('voice-section').locator('[id^="voice-"]')).toBeVisible();
}

/** The card in both themes (the header's theme switch keeps the recorder's state), back in light. */
async function shootCard(page: Page, c: Locator, state: string, axe = true) {
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.mouse.move(0, 0);
    if (axe) await checkAxe(page, `voice ${state} ${mode}`, { exclude: ['[data-sonner-toaster]'] });
    await c.screenshot({ path: `${SHOTS}/card-${state}-${mode}.png` });
  }
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
}

/** Records until the timer shows `until`, then stops. */
async function record(page: Page, c: Locator, until: string) {
  await c.getByRole('button', { name: /^Record/ }).click();
  const timer = c.getByRole('timer', { name: 'Recording time' });
  await expect(timer).toBeVisible();
  await expect(timer).toHaveText(until, { timeout: 20_000 });
  await c.getByRole('button', { name: 'Stop' }).click();
  await expect(c.getByTestId('voice-recorder')).toHaveAttribute('data-phase', 'recorded');
}

async function characterOf(request: APIRequestContext, s: Session, id: string, characterId: string) {
  const res = await request.get(`/api/projects/${id}`, { headers: headersOf(s) });
  expect(res.ok()).toBe(true);
  const project = (await res.json()) as {
    data: {
      characters: Array<{
        id: string;
        audioSample?: string | null;
        voiceTakes?: Array<{ id: string; url: string; fileType: string; durationSeconds: number }>;
      }>;
    };
  };
  return project.data.characters.find((c) => c.id === characterId)!;
}

test('a Pro user records, saves, plays back, records again, chooses and deletes takes', async ({ page }) => {
  test.setTimeout(180_000);
  // Tall, so a whole open card fits in the panel for its screenshots.
  await page.setViewportSize({ width: 1280, height: 1700 });
  // Browser errors (a CSP refusal, a failed decode) are printed, so a failure says why.
  page.on('console', (m) => m.type() === 'error' && console.log(`browser: ${m.text()}`));
  await signUp(page, 'Pro');
  const s = await sessionOf(page);
  const id = await seedProject(page.request, s);
  await page.goto(`/stage/projects/${id}`);
  const orla = card(page, 'Orla');
  await expect(orla).toBeVisible();
  await openVoice(orla);
  const recorder = orla.getByTestId('voice-recorder');

  await test.step('idle: the line to read is Orla’s own longest line; next steps to another', async () => {
    await expect(recorder).toHaveAttribute('data-phase', 'idle');
    await expect(orla.getByTestId('line-to-read')).toHaveText(`“${LONGEST}”`);
    await orla.getByRole('button', { name: 'Next line' }).click();
    await expect(orla.getByTestId('line-to-read')).toHaveText('“Brighter and brighter!”');
    await orla.getByRole('button', { name: 'Previous line' }).click();
    await expect(orla.getByTestId('line-to-read')).toHaveText(`“${LONGEST}”`);
    await shootCard(page, orla, 'idle');
  });

  await test.step('recording: the timer ticks to 00:03 with a live waveform and level', async () => {
    await orla.getByRole('button', { name: /^Record/ }).click();
    const timer = orla.getByRole('timer', { name: 'Recording time' });
    await expect(timer).toHaveText('00:01', { timeout: 20_000 });
    await expect(orla.getByTestId('live-waveform')).toBeVisible();
    await expect(orla.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
    await expect(orla.getByTestId('line-to-read')).toBeVisible();
    await shootCard(page, orla, 'recording');
    // At least three seconds (axe and the screenshots take a few while the take runs).
    await expect(timer).toHaveText(/^00:(0[3-9]|[1-5]\d)$/, { timeout: 20_000 });
    await orla.getByRole('button', { name: 'Stop' }).click();
  });

  await test.step('recorded: a waveform of the take with play, re-record and save', async () => {
    await expect(recorder).toHaveAttribute('data-phase', 'recorded');
    const wave = orla.getByTestId('new-take');
    await expect(wave.locator('canvas').first()).toBeVisible();
    const slider = wave.getByRole('slider', { name: /Position in the new take/ });
    const length = Number(await slider.getAttribute('aria-valuemax'));
    expect(length).toBeGreaterThanOrEqual(3);
    // Seeking: a click three quarters along the waveform moves the position there.
    const box = (await slider.boundingBox())!;
    await slider.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(length * 0.5);
    await wave.getByRole('button', { name: /^Play the new take/ }).click();
    await expect(wave.getByRole('button', { name: /^Pause the new take/ })).toBeVisible();
    await wave.getByRole('button', { name: /^Pause the new take/ }).click();
    await expect(orla.getByRole('button', { name: 'Re-record' })).toBeVisible();
    await shootCard(page, orla, 'recorded');
  });

  await test.step('saved: the take is stored as 16-bit mono WAV and becomes the voice', async () => {
    await orla.getByRole('button', { name: 'Save take' }).click();
    await expect(recorder).toHaveAttribute('data-phase', 'saved');
    await expect(orla.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(orla.getByTestId('voice-take')).toHaveCount(1);
    await expect(orla.getByTestId('voice-take').first()).toHaveAttribute('data-chosen', 'true');
    const saved = await characterOf(page.request, s, id, 'orla');
    expect(saved.voiceTakes).toHaveLength(1);
    expect(saved.audioSample).toBe(saved.voiceTakes![0]!.url);
    expect(saved.voiceTakes![0]!.fileType).toBe('wav');
    expect(saved.voiceTakes![0]!.durationSeconds).toBeGreaterThanOrEqual(3);
    const file = await page.request.get(saved.voiceTakes![0]!.url, { headers: headersOf(s) });
    expect(file.ok()).toBe(true);
    const bytes = await file.body();
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(bytes.readUInt16LE(20)).toBe(1); // PCM
    expect(bytes.readUInt16LE(22)).toBe(1); // mono
    expect(bytes.readUInt16LE(34)).toBe(16); // bits per sample
    expect(bytes.readUInt32LE(40) / bytes.readUInt32LE(28)).toBeGreaterThanOrEqual(3); // seconds of data
    await shootCard(page, orla, 'saved');
  });

  await test.step('after a reload the take plays in its <audio> element', async () => {
    await page.reload();
    await openVoice(orla);
    const take = orla.getByTestId('voice-take').first();
    await take.getByRole('button', { name: /^Play take 1 of Orla/ }).click();
    const audio = take.getByTestId('take-audio');
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    await take.getByRole('button', { name: /^Pause take 1 of Orla/ }).click();
  });

  await test.step('a second take, chosen as the voice; the first deleted', async () => {
    await record(page, orla, '00:02');
    await orla.getByRole('button', { name: 'Save take' }).click();
    await expect(orla.getByTestId('voice-take')).toHaveCount(2);
    // The first take stays the voice until another is chosen.
    await expect(orla.getByTestId('voice-take').first()).toHaveAttribute('data-chosen', 'true');
    // The choice is shown once the server has it (a click, not check(): the radio follows the answer).
    await orla.getByRole('radio', { name: "Use take 2 as Orla's voice" }).click();
    await expect(orla.getByTestId('voice-take').nth(1)).toHaveAttribute('data-chosen', 'true');
    page.once('dialog', (d) => void d.accept());
    await orla.getByRole('button', { name: 'Delete take 1 of Orla' }).click();
    await expect(orla.getByTestId('voice-take')).toHaveCount(1);
    await expect(orla.getByTestId('voice-take').first()).toHaveAttribute('data-chosen', 'true');
    const after = await characterOf(page.request, s, id, 'orla');
    expect(after.voiceTakes).toHaveLength(1);
    expect(after.audioSample).toBe(after.voiceTakes![0]!.url);
  });

  await test.step('a file from studio software is uploaded as a take', async () => {
    await orla.getByTestId('voice-upload-input').setInputFiles({
      name: 'studio-take.wav',
      mimeType: 'audio/wav',
      buffer: toneWav(1.5),
    });
    await expect(orla.getByTestId('voice-take')).toHaveCount(2);
    await expect(orla.getByTestId('voice-take').nth(1)).toContainText('uploaded');
  });

  await test.step('voice notes are saved and kept', async () => {
    await orla.getByLabel('Direction').fill('bright, quick, a little impatient');
    await orla.getByLabel('Accent').fill('Received Pronunciation');
    await orla.getByRole('button', { name: 'Save notes' }).click();
    await expect(orla.getByRole('status').filter({ hasText: 'Notes saved' })).toBeVisible();
    await page.reload();
    await expect(orla.getByRole('button', { name: /^Voice/ })).toContainText('bright, quick, a little impatient');
  });

  await test.step('the voice line-up plays the chosen takes and says who is playing', async () => {
    await page.getByRole('button', { name: 'Voice line-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Voice line-up' });
    await expect(dialog.getByRole('status')).toHaveText('Now playing: Orla');
    await expect
      .poll(() => dialog.getByTestId('lineup-audio').evaluate((a: HTMLAudioElement) => a.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.3);
    await checkAxe(page, 'voice line-up', { exclude: ['[data-sonner-toaster]'] });
    await dialog.screenshot({ path: `${SHOTS}/lineup-light.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('phone width', async () => {
    await page.setViewportSize({ width: 390, height: 1700 });
    await page.getByRole('tab', { name: /Characters/ }).click();
    await openVoice(orla);
    await orla.scrollIntoViewIfNeeded();
    await shootCard(page, orla, 'phone');
  });
  await test.step('back on Free (as after a lapsed trial): the Pro panel replaces the recorder, takes still play', async () => {
    const down = await page.request.put('/api/subscriptions', { headers: headersOf(s), data: { tier: 'free' } });
    expect(down.ok(), await down.text()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 1700 });
    await page.reload();
    await openVoice(orla);
    await expect(orla.getByRole('region', { name: 'Pro Feature' })).toBeVisible();
    await expect(orla.getByTestId('voice-recorder')).toHaveCount(0);
    const take = orla.getByTestId('voice-take').first();
    await take.getByRole('button', { name: /^Play take 1 of Orla/ }).click();
    await expect
      .poll(() => take.getByTestId('take-audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3);
    await shootCard(page, orla, 'free-with-takes');
  });
});

test('a Free user sees the Pro Feature panel in place of the recorder', async ({ page }) => {
  test.setTimeout(90_000);
  // Tall, so a whole open card fits in the panel for its screenshots.
  await page.setViewportSize({ width: 1280, height: 1700 });
  await signUp(page, 'Free');
  const s = await sessionOf(page);
  const id = await seedProject(page.request, s);
  await page.goto(`/stage/projects/${id}`);
  const orla = card(page, 'Orla');
  await openVoice(orla);
  const panel = orla.getByRole('region', { name: 'Pro Feature' });
  await expect(panel).toBeVisible();
  await expect(orla.getByTestId('voice-recorder')).toHaveCount(0);
  await expect(orla.getByRole('button', { name: 'Upload file' })).toHaveCount(0);
  // Notes are every plan's.
  await expect(orla.getByLabel('Direction')).toBeEnabled();
  await shootCard(page, orla, 'pro-panel');
  // The server refuses a Free upload too (the panel is not the only gate).
  const wav = Buffer.alloc(44 + 32_000);
  const refused = await page.request.post(`/api/projects/${id}/characters/orla/voice-takes`, {
    headers: headersOf(s),
    multipart: { file: { name: 'take.wav', mimeType: 'audio/wav', buffer: wav }, source: 'recorded' },
  });
  expect(refused.status()).toBe(403);
  await panel.getByRole('link', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('the recorder says so when the microphone is refused or the upload fails', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 1700 });
  await signUp(page, 'Pro');
  const s = await sessionOf(page);
  const id = await seedProject(page.request, s);
  // The first Record meets a refused permission (as when the user blocks the site); later ones the
  // fake microphone.
  await page.addInitScript({
    content: `(() => {
      const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      let refused = false;
      navigator.mediaDevices.getUserMedia = (c) => {
        if (refused) return real(c);
        refused = true;
        return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      };
    })();`,
  });
  await page.goto(`/stage/projects/${id}`);
  const orla = card(page, 'Orla');
  await openVoice(orla);
  await orla.getByRole('button', { name: /^Record/ }).click();
  await expect(orla.getByRole('alert')).toHaveText('Could not access the microphone. Please check your permissions.');
  await expect(orla.getByTestId('voice-recorder')).toHaveAttribute('data-phase', 'idle');

  // The upload fails once (the server is unreachable): SPEC's message, and the take is kept to retry.
  let failNext = true;
  await page.route('**/voice-takes', async (route) => {
    if (failNext && route.request().method() === 'POST') {
      failNext = false;
      await route.abort('connectionrefused');
    } else await route.continue();
  });
  await record(page, orla, '00:01');
  await orla.getByRole('button', { name: 'Save take' }).click();
  await expect(orla.getByRole('alert')).toHaveText('Failed to upload audio sample. Please try again.');
  await expect(orla.getByTestId('voice-recorder')).toHaveAttribute('data-phase', 'recorded');
  await shootCard(page, orla, 'upload-failed');
  await orla.getByRole('button', { name: 'Save take' }).click();
  await expect(orla.getByTestId('voice-recorder')).toHaveAttribute('data-phase', 'saved');
  await expect(orla.getByTestId('voice-take')).toHaveCount(1);
});

/// <reference lib="dom" />
// `npm run bench:workspace` (issue 19's targets): a 2.8 MB book (the PDNC dev set's longest novels
// end to end, cut at 498,000 words: the largest a Pro account may hold, 500,000 words, so the closest
// to the issue's 3 MB a self-serve plan allows; support/novel.ts picks them by length, never by name)
// analysed by the engine here and saved through the API, then opened in Chromium. The Performance
// API in the page measures and the bench PRINTS:
// - time to show text: navigation start to the first paragraph of the viewer in the DOM, and to the
//   frame after it (target < 2 s);
// - search latency per keystroke: keydown to the frame after the page changed (target < 100 ms);
// - filter by character: the click to the frame after the filtered lines are in (target < 200 ms);
// - the longest long task (PerformanceObserver 'longtask') while scrolling (target none > 100 ms).
// It fails only when the workspace does not work; never on a time. The machine is shared and the
// browser runs without a GPU, so figures vary from run to run: read several.
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { COMMON_WORD, novelsUpTo, speakers } from '../support/novel.js';
import { analysedProject, signUp } from '../support/workspace.js';

const WORDS = 498_000;
const BOOK = novelsUpTo(WORDS);

interface Bench {
  longtasks: { start: number; duration: number }[];
  shown: number | null;
  painted: number | null;
}
declare global {
  interface Window {
    __bench: Bench;
    __arm(rootSelector: string, readySelector: string | null): void;
    __result: Promise<number | null>;
  }
}

/** Before the app's scripts: long tasks from the start, and when the first paragraph appears. */
function instrument() {
  const bench: Bench = { longtasks: [], shown: null, painted: null };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const seen = new MutationObserver(() => {
    if (bench.shown !== null || !document.querySelector('[data-testid="content-viewer"] p[data-offset]')) return;
    bench.shown = performance.now();
    seen.disconnect();
    // The frame that shows it: after the next animation frame has run.
    requestAnimationFrame(() => setTimeout(() => (bench.painted = performance.now()), 0));
  });
  seen.observe(document, { childList: true, subtree: true });

  // One interaction's latency: from its keydown or pointerdown (the event's own time stamp) to the
  // frame after the page changed under `rootSelector` (or once `readySelector` is in the page).
  window.__arm = (rootSelector, readySelector) => {
    window.__result = new Promise((resolve) => {
      let t0: number | null = null;
      const start = (e: Event) => {
        t0 ??= e.timeStamp;
      };
      addEventListener('keydown', start, true);
      addEventListener('pointerdown', start, true);
      const done = (value: number | null) => {
        observer.disconnect();
        removeEventListener('keydown', start, true);
        removeEventListener('pointerdown', start, true);
        clearTimeout(timer);
        resolve(value);
      };
      const observer = new MutationObserver(() => {
        if (t0 === null || (readySelector && !document.querySelector(readySelector))) return;
        const from = t0;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - from), 0));
      });
      observer.observe(document.querySelector(rootSelector) ?? document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      const timer = setTimeout(() => done(null), 10_000);
    });
  };
}

const fmt = (ms: number | null | undefined) => (ms == null ? 'n/a' : `${ms.toFixed(0)} ms`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function measure(page: Page, root: string, ready: string | null, act: () => Promise<void>) {
  await page.evaluate(([r, s]) => window.__arm(r!, s ?? null), [root, ready]);
  await act();
  return page.evaluate(() => window.__result);
}

test('workspace on a 3 MB book: time to text, search per keystroke, filter, long tasks while scrolling', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, 'Pro');
  const id = await analysedProject(page, 'Novels end to end', BOOK);
  await page.addInitScript(instrument);

  // ---- time to show text ----------------------------------------------------------------------
  const loads: { shown: number; painted: number; api: number; apiBytes: number }[] = [];
  // BENCH_PROFILE=1: the functions that took the most time while the first load ran (CDP profiler).
  const cdp = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  // BENCH_TRACE=<file>: a Chrome trace of the second load (DevTools' Performance panel opens it); starting
  // the trace slows that load, so read its time from the other two.
  const trace = process.env.BENCH_TRACE;
  for (let i = 0; i < 3; i++) {
    if (cdp && i === 0) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    if (trace && i === 1) await page.context().browser()!.startTracing(page, { path: trace, screenshots: false });
    await page.goto(`/stage/projects/${id}`);
    await expect(page.getByTestId('content-viewer').locator('p[data-offset]').first()).toBeVisible({
      timeout: 60_000,
    });
    await page.waitForFunction(() => window.__bench.painted !== null);
    const figures = await page.evaluate(() => {
      const api = performance
        .getEntriesByType('resource')
        .filter((e): e is PerformanceResourceTiming => /\/api\/projects\/[^/?]+$/.test(e.name))
        .at(-1);
      return {
        shown: window.__bench.shown!,
        painted: window.__bench.painted!,
        api: api ? api.responseEnd - api.startTime : NaN,
        apiBytes: api?.encodedBodySize ?? NaN,
      };
    });
    loads.push(figures);
    if (trace && i === 1) await page.context().browser()!.stopTracing();
    if (cdp && i === 0) {
      const { profile } = await cdp.send('Profiler.stop');
      // BENCH_PROFILE=<file>.cpuprofile also keeps the profile (DevTools opens it; dist has the source maps).
      if (process.env.BENCH_PROFILE!.endsWith('.cpuprofile'))
        writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      const self = new Map<string, number>();
      const dt = (profile.endTime - profile.startTime) / Math.max(1, profile.samples?.length ?? 1) / 1000;
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      for (const sample of profile.samples ?? []) {
        const f = byId.get(sample)!.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
        self.set(key, (self.get(key) ?? 0) + dt);
      }
      const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
      console.log(top.map(([k, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${k}`).join('\n'));
    }
  }

  const viewerPanel = '[data-testid="viewer-panel"]';
  await expect(page.locator(viewerPanel)).toBeVisible();
  const longTasksBefore = await page.evaluate(() => window.__bench.longtasks.length);

  // ---- search, keystroke by keystroke -----------------------------------------------------------
  await page.getByTestId('content-viewer').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ControlOrMeta+f');
  await expect(page.getByRole('textbox', { name: 'Find in book' })).toBeFocused();
  const keystrokes: { query: string; ms: number | null; count: string }[] = [];
  // A short word, a long one found all through the first novel, and `said` with its main speaker's name.
  for (const word of ['the', COMMON_WORD, `said ${speakers()[0]!.name}`]) {
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    let typed = '';
    for (const ch of word) {
      typed += ch;
      const ms = await measure(page, viewerPanel, null, () => page.keyboard.press(ch === ' ' ? 'Space' : ch));
      keystrokes.push({ query: typed, ms, count: (await page.getByTestId('find-count').textContent()) ?? '' });
    }
  }
  // Next far away: Enter to the next match and back again.
  const nextMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const ms = await measure(page, viewerPanel, null, () => page.keyboard.press('Enter'));
    if (ms !== null) nextMs.push(ms);
  }
  await page.keyboard.press('Escape');

  // ---- filter by character ------------------------------------------------------------------------
  const filterMs: number[] = [];
  const clearMs: number[] = [];
  const cards = page.getByTestId('show-lines');
  for (let i = 0; i < 3; i++) {
    const card = cards.nth(i);
    const ms = await measure(page, 'body', '[data-testid="character-filter"]', () => card.click());
    if (ms !== null) filterMs.push(ms);
    await expect(page.getByTestId('character-filter')).toBeVisible();
    const back = await measure(page, 'body', null, () => page.getByRole('button', { name: 'Clear filter' }).click());
    if (back !== null) clearMs.push(back);
    await expect(page.getByTestId('character-filter')).toBeHidden();
  }
  const topLines = (await page.getByTestId('show-lines').first().textContent()) ?? '';

  // ---- long tasks while scrolling -----------------------------------------------------------------
  const scrollStart = await page.evaluate(() => performance.now());
  const viewer = page.getByTestId('content-viewer');
  const box = (await viewer.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 60; i++) {
    await page.mouse.wheel(0, 1600);
    await page.waitForTimeout(40);
  }
  // Jumps (a dragged scrollbar): rows far away are rendered and measured at once.
  for (const at of [0.2, 0.45, 0.7, 0.95, 0.1]) {
    await viewer.evaluate((el, f) => (el.scrollTop = f * el.scrollHeight), at);
    await page.waitForTimeout(300);
  }
  for (let i = 0; i < 30; i++) {
    await page.mouse.wheel(0, -1600);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(500);
  const tasks = await page.evaluate((from) => window.__bench.longtasks.filter((t) => t.start >= from), scrollStart);
  const loadTasks = await page.evaluate((n) => window.__bench.longtasks.slice(0, n), longTasksBefore);

  // ---- the figures ------------------------------------------------------------------------------
  const typed = keystrokes.map((k) => k.ms).filter((x): x is number => x !== null);
  const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
  const lines = [
    `workspace bench: ${(BOOK.length / 1e6).toFixed(2)} M characters (${WORDS.toLocaleString('en-US')} words), viewport 1440x900`,
    `time to show text (target < 2 s): ${loads.map((l) => `${fmt(l.shown)} (painted ${fmt(l.painted)}, GET project ${fmt(l.api)}, ${(l.apiBytes / 1e6).toFixed(1)} MB)`).join('; ')}`,
    `search per keystroke (target < 100 ms): median ${fmt(median(typed))}, max ${fmt(Math.max(...typed))} over ${typed.length} keystrokes`,
    ...keystrokes.map((k) => `  "${k.query}" ${fmt(k.ms)} -> ${k.count}`),
    `next match (Enter): ${nextMs.map((x) => fmt(x)).join(', ')}`,
    `filter by character (target < 200 ms): ${filterMs.map((x) => fmt(x)).join(', ')} (top character: ${topLines}); clear filter: ${clearMs.map((x) => fmt(x)).join(', ')}`,
    `longest long task while scrolling (target none > 100 ms): ${fmt(longest)}; ${tasks.length} long tasks (> 50 ms): ${tasks.map((t) => fmt(t.duration)).join(', ') || 'none'}`,
    `long tasks while loading (for reference): ${loadTasks.map((t) => fmt(t.duration)).join(', ') || 'none'}`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
  expect(keystrokes.at(-1)!.count).toMatch(/of|No matches/);
});

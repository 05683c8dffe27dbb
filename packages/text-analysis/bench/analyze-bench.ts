// npm run bench -w packages/text-analysis
//
// Full analysis (analyze: outline, characters, quotes) of each PDNC dev novel, each in a fresh
// child process (node --expose-gc) so that one novel's heap does not colour the next. In the child:
//   1. modules are loaded, GC runs, and the baseline RSS is read (before the text is read);
//   2. the text is read and analysed once to warm up the JIT;
//   3. analyze() runs RUNS more times after a GC each; the median wall time is reported.
// Peak memory, two ways, both over the baseline taken before the text was read, text included:
//   - peak heap: the largest JS heap in use, read from V8's --trace-gc lines (the heap size each
//     collection starts from, i.e. the local maxima) and the heap in use when analyze returns;
//   - peak RSS: the kernel's high-water mark of the resident set (getrusage maxrss). It also counts
//     V8's reserved young generation and compiled code, so it is a coarse upper bound.
// "retained" is the heap still held after a GC while the result is alive.
// Peak heap above counts garbage not yet collected, so it overstates what analyze() needs. The
// honest figure is the smallest heap it can run in:
//   - min heap MB: the smallest --max-old-space-size N (MB, step 1, found by binary search) at which
//     a child running `node --max-semi-space-size=1 --max-old-space-size=N` loads the modules,
//     reads the text and runs analyze() once without running out of memory;
//   - text-only MB: the same for a child that loads the modules and reads the text but does not
//     analyse it (the baseline: modules, tsx and the text itself);
//   - live x text: (min heap - text-only) / text MB, the memory analyze() really needs at its peak
//     relative to the text size (target: under 10).
// Data: the PDNC dev set, found by @castbook/test-kit/pdnc. Never fails on time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pdncDir } from '@castbook/test-kit/pdnc';

const RUNS = 3;
const dataDir = pdncDir();

interface Result {
  novel: string;
  chars: number;
  bytes: number;
  ms: number;
  peakRssBytes: number;
  peakHeapBytes: number;
  baselineHeapBytes: number;
  retainedBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function child(novel: string): Promise<Result> {
  const { analyze } = await import('../src/analyze.js');
  gc?.();
  const baseline = process.memoryUsage().rss;
  const baselineHeap = process.memoryUsage().heapUsed;
  const path = join(dataDir, novel, 'text.txt');
  const text = readFileSync(path, 'utf8');
  const heapBefore = process.memoryUsage().heapUsed;
  analyze(text);
  const times: number[] = [];
  let result: unknown;
  let heapAtReturn = 0;
  for (let i = 0; i < RUNS; i++) {
    result = undefined;
    gc?.();
    const t0 = performance.now();
    result = analyze(text);
    times.push(performance.now() - t0);
    heapAtReturn = Math.max(heapAtReturn, process.memoryUsage().heapUsed);
  }
  gc?.();
  const retained = process.memoryUsage().heapUsed - heapBefore;
  const peak = process.resourceUsage().maxRSS * 1024;
  if (!result) throw new Error('no result');
  return {
    novel,
    chars: text.length,
    bytes: statSync(path).size,
    ms: times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!,
    peakRssBytes: peak - baseline,
    peakHeapBytes: heapAtReturn,
    baselineHeapBytes: baselineHeap,
    retainedBytes: retained,
  };
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const GC_LINE = /: (?:Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Compact)[^\d]*([\d.]+) \([\d.]+\) ->/;

/** The largest heap in use that --trace-gc reported, in bytes. */
function tracedPeak(output: string): number {
  let peak = 0;
  for (const line of output.split('\n')) {
    const m = GC_LINE.exec(line);
    if (m) peak = Math.max(peak, Number(m[1]) * 1024 * 1024);
  }
  return peak;
}

function parent() {
  if (!existsSync(dataDir)) {
    console.error(`bench: no data at ${dataDir} (set CASTBOOK_PDNC_DIR)`);
    process.exit(2);
  }
  const novels = readdirSync(dataDir)
    .filter((d) => existsSync(join(dataDir, d, 'text.txt')))
    .sort();
  console.log(
    `analyze() on ${novels.length} novels from ${dataDir}; median of ${RUNS} runs after a warm-up, one process per novel`,
  );
  console.log(
    `${'novel'.padEnd(30)} ${'chars'.padStart(9)} ${'ms'.padStart(7)} ${'chars/s'.padStart(11)} ${'peak heap MB'.padStart(12)} ${'x text'.padStart(7)} ${'peak RSS MB'.padStart(12)} ${'x text'.padStart(7)} ${'retained MB'.padStart(12)} ${'min heap MB'.padStart(12)} ${'text-only MB'.padStart(12)} ${'live x text'.padStart(11)}`,
  );
  for (const novel of novels) {
    const run = spawnSync(
      process.execPath,
      [
        '--expose-gc',
        '--trace-gc',
        '--conditions=@castbook/source',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--child',
        novel,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    if (run.status !== 0) {
      console.log(`${novel.padEnd(30)} failed: ${run.stderr.trim().split('\n')[0]}`);
      continue;
    }
    const json = run.stdout.split('\n').find((l) => l.startsWith('{'))!;
    const r = JSON.parse(json) as Result;
    const peakHeap = Math.max(r.peakHeapBytes, tracedPeak(run.stdout)) - r.baselineHeapBytes;
    const withAnalysis = minHeap('analyze', novel);
    const textOnly = minHeap('text', novel);
    const live =
      withAnalysis === null || textOnly === null
        ? '-'
        : ((withAnalysis - textOnly) / (r.bytes / 1024 / 1024)).toFixed(1);
    console.log(
      `${r.novel.padEnd(30)} ${String(r.chars).padStart(9)} ${r.ms.toFixed(0).padStart(7)} ${Math.round(
        r.chars / (r.ms / 1000),
      )
        .toLocaleString('en')
        .padStart(
          11,
        )} ${mb(peakHeap).padStart(12)} ${(peakHeap / r.bytes).toFixed(1).padStart(7)} ${mb(r.peakRssBytes).padStart(12)} ${(r.peakRssBytes / r.bytes).toFixed(1).padStart(7)} ${mb(r.retainedBytes).padStart(12)} ${String(withAnalysis ?? '-').padStart(12)} ${String(textOnly ?? '-').padStart(12)} ${live.padStart(11)}`,
    );
  }
}

/** Probe child: load, read, and (mode "analyze") analyse once; an out-of-memory crash fails it. */
async function probe(mode: string, novel: string): Promise<void> {
  const { analyze } = await import('../src/analyze.js');
  const text = readFileSync(join(dataDir, novel, 'text.txt'), 'utf8');
  if (mode === 'analyze') {
    const r = analyze(text);
    if (r.quotes.length < 0) throw new Error('unreachable');
  }
  process.stdout.write(`ok ${text.length}\n`);
}

const MAX_PROBE_MB = 1024;

/** Smallest old-space size (MB) at which the probe completes; null if even MAX_PROBE_MB fails. */
function minHeap(mode: string, novel: string): number | null {
  const runs = (n: number) =>
    spawnSync(
      process.execPath,
      [
        '--max-semi-space-size=1',
        `--max-old-space-size=${n}`,
        '--conditions=@castbook/source',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--probe',
        mode,
        novel,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    ).stdout.startsWith('ok ');
  if (!runs(MAX_PROBE_MB)) return null;
  let lo = 1;
  let hi = MAX_PROBE_MB;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const at = process.argv.indexOf('--child');
const probeAt = process.argv.indexOf('--probe');
if (at >= 0) console.log(JSON.stringify(await child(process.argv[at + 1]!)));
else if (probeAt >= 0) await probe(process.argv[probeAt + 1]!, process.argv[probeAt + 2]!);
else parent();

// Crash recovery of the embedded app, measured the way a user lives it. Prints figures and checks
// the outcome; exits 1 when a run does not complete within 10 s of health or loses a user's edit.
//
//   npm run bench:takeover -w services/analysis
//
// Each run: the whole embedded app (`npm start`'s launcher: all services in one process, embedded
// PostgreSQL, memory bus, disk) in a fresh data directory; sign up, a project with a novel, a first
// analysis, then the user's edits (a renamed character, a character of their own, a quote given to
// it, a chapter title); re-analysis; when it is BENCH_KILL_AT of the way through, SIGKILL to the
// app's whole process group; the same app started again on the same data directory, timed from
// the restart to health and from health to the analysis complete (progress says so) and applied
// (project `completed`); then the edits are checked.
// Knobs: BENCH_RUNS (3), BENCH_NOVEL (a dev-set folder; the longest novel), BENCH_KILL_AT (0.5), PORT (a free port),
// CASTBOOK_PDNC_DIR; ANALYSIS_* variables are passed to the app (e.g. ANALYSIS_LEASE_MS=60000: the
// takeover at boot does not wait for the lease).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import { freePort } from '@castbook/platform';
import { pdncDir, pdncLongest } from '@castbook/test-kit/pdnc';
import { ApiClient, registration, uniqueEmail } from '@castbook/test-kit/client';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const NOVEL = process.env.BENCH_NOVEL ?? pdncLongest();
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 0.5);
const TARGET_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Progress {
  processedChunks: number;
  totalChunks: number;
  isComplete: boolean;
  statusMessage: string;
  error?: string | null;
}
interface ProjectView {
  analysisStatus: string;
  characters: Character[];
  quotes: Quote[];
  outline: OutlineItem[];
}

/** The embedded app, as `npm start` runs it, leading a process group of its own. */
function startApp(dataDir: string, port: number): { child: ChildProcess; exited: Promise<unknown> } {
  const child = spawn(process.execPath, ['--conditions=@castbook/source', '--import', 'tsx', 'launcher/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      // ANALYSIS_LEASE_MS=60000 shows the takeover does not wait for the lease.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('ANALYSIS_'))),
      DATA_DIR: dataDir,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return { child, exited: new Promise((r) => child.once('exit', r)) };
}

async function healthy(base: string, child: ChildProcess): Promise<void> {
  for (const deadline = Date.now() + 120_000; ;) {
    if (child.exitCode !== null) throw new Error('the embedded app exited at start (see above)');
    if ((await fetch(`${base}/api/health`).catch(() => null))?.status === 200) return;
    if (Date.now() > deadline) throw new Error('the embedded app did not start');
    await sleep(25);
  }
}

async function form(client: ApiClient, path: string, fields: Record<string, string>) {
  const res = await client.form<{ id: string }>('POST', path, fields);
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${res.body.error}`);
  return res.body.data!;
}

const progress = async (client: ApiClient, id: string) =>
  (await client.get<Progress>(`/api/projects/${id}/analysis-progress`)).body.data!;
const project = async (client: ApiClient, id: string) =>
  (await client.get<ProjectView>(`/api/projects/${id}`)).body.data!;

async function until<T>(probe: () => Promise<T | false | undefined>, what: string, timeoutMs = 120_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const v = await probe().catch(() => undefined);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

interface Run {
  killedAt: string;
  restartToHealth: number;
  healthToComplete: number;
  healthToApplied: number;
  editsKept: string[];
}

async function run(content: string): Promise<Run> {
  const dataDir = await mkdtemp(join(tmpdir(), 'castbook-takeover-'));
  await chmod(dataDir, 0o755);
  const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  let app = startApp(dataDir, port);
  try {
    await healthy(base, app.child);
    const client = await new ApiClient(base).start();
    const reg = await client.post<{ token: string }>(
      '/api/auth/register',
      registration(uniqueEmail('takeover'), { subscriptionTier: 'pro' }),
    );
    client.token = reg.body.data!.token;
    const author = await form(client, '/api/authors', { firstName: 'Orla', lastName: 'Penhallow' });
    const { id } = await form(client, '/api/projects', { title: 'The Mendle Isles', content, authorId: author.id });
    await client.post(`/api/projects/${id}/detect-structure`, { content });
    await client.post(`/api/projects/${id}/analyze`);
    const first = await until(async () => {
      const p = await project(client, id);
      return p.analysisStatus === 'completed' && p;
    }, 'the first analysis');

    // The user's edits.
    const [renamed, other] = [...first.characters].sort((a, b) => b.mentions - a.mentions);
    const mine: Character = {
      ...other!,
      id: 'user-narrator',
      name: 'The Narrator (mine)',
      alternativeNames: [],
      isUserCreated: true,
      mentions: 0,
      color: '#abcdef',
    };
    const characters = first.characters
      .map((c) => (c.id === renamed!.id ? { ...c, name: 'Renamed by me', color: '#123456' } : c))
      .concat(mine);
    const check = (status: number, what: string) => {
      if (status !== 200) throw new Error(`${what}: ${status}`);
    };
    check((await client.call('PATCH', `/api/projects/${id}/characters`, { characters })).status, 'characters');
    const target = first.quotes.find((q) => q.speakerId && q.text.length > 30)!;
    const quotes = first.quotes.map((q) =>
      q.id === target.id ? { ...q, speakerId: mine.id, attributionMethod: 'user' as const, confidence: 1 } : q,
    );
    check((await client.call('PATCH', `/api/projects/${id}/quotes`, { quotes })).status, 'quotes');
    const outline = first.outline.map((o, i) => (i === 0 ? { ...o, title: 'My own first title' } : o));
    check((await client.call('PATCH', `/api/projects/${id}/outline`, { outline })).status, 'outline');

    // Re-analysis, killed part of the way through.
    await client.post(`/api/projects/${id}/analyze`);
    const at = await until(async () => {
      const p = await progress(client, id);
      return p.totalChunks > 0 && p.processedChunks >= KILL_AT * p.totalChunks && !p.isComplete && p;
    }, 'the re-analysis to be under way');
    process.kill(-app.child.pid!, 'SIGKILL');
    await app.exited;

    const restarted = performance.now();
    app = startApp(dataDir, port);
    await healthy(base, app.child);
    const up = performance.now();
    let seen = at.processedChunks;
    await until(async () => {
      const p = await progress(client, id);
      if (p.processedChunks < seen) throw new Error(`progress went back: ${seen} → ${p.processedChunks}`);
      seen = p.processedChunks;
      if (p.isComplete && p.error) throw new Error(`the analysis failed: ${p.error}`);
      return p.isComplete;
    }, 'the analysis to complete after the restart');
    const complete = performance.now();
    const after = await until(async () => {
      const p = await project(client, id);
      return p.analysisStatus === 'completed' && p;
    }, 'the result to be applied');
    const applied = performance.now();

    const lost: string[] = [];
    const byId = new Map(after.characters.map((c) => [c.id, c]));
    if (byId.get(renamed!.id)?.name !== 'Renamed by me') lost.push('renamed character');
    if (byId.get(mine.id)?.name !== mine.name) lost.push("the user's own character");
    const moved = after.quotes.find((q) => q.text === target.text && q.startOffset === target.startOffset);
    if (moved?.speakerId !== mine.id) lost.push("the quote given to the user's character");
    if (after.outline[0]?.title !== 'My own first title') lost.push('chapter title');
    return {
      killedAt: `${at.processedChunks}/${at.totalChunks}`,
      restartToHealth: up - restarted,
      healthToComplete: complete - up,
      healthToApplied: applied - up,
      editsKept: lost,
    };
  } finally {
    if (app.child.exitCode === null && app.child.signalCode === null) {
      app.child.kill('SIGINT');
      await app.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

const content = await readFile(join(pdncDir(), NOVEL, 'text.txt'), 'utf8');
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await run(content));
console.log(
  `\nEmbedded app killed (SIGKILL to its process group) mid re-analysis of ${NOVEL} ` +
    `(${(content.length / 1e6).toFixed(2)} MB), started again; ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}:`,
);
let failed = false;
for (const [i, r] of runs.entries()) {
  const ok = r.healthToComplete < TARGET_MS && r.editsKept.length === 0;
  failed ||= !ok;
  console.log(
    `  run ${i + 1}  killed at chunk ${r.killedAt.padStart(7)}   restart → health ${seconds(r.restartToHealth).padStart(7)}` +
      `   health → analysis complete ${seconds(r.healthToComplete).padStart(7)}` +
      `   health → project completed ${seconds(r.healthToApplied).padStart(7)}` +
      `   ${r.editsKept.length ? `LOST: ${r.editsKept.join(', ')}` : 'all edits kept'}${ok ? '' : '   FAILED'}`,
  );
}
process.exit(failed ? 1 : 0);

// Benchmark of the analysis pipeline. Prints figures; never fails on time.
//
//   npm run bench -w services/analysis
//
// 1. Embedded mode (`npm start`: one process, embedded PostgreSQL, memory bus, disk): the dev set's
//    longest novel from `POST /api/projects/{id}/analyze` to the analysis complete (progress says
//    so) and to the result applied (project `completed`), through the gateway, as the app does it.
//    Target < 5 s. Meanwhile `GET /api/health` is asked over and over, one request at a time: its
//    slowest answers show how long the app's one event loop was held (the engine itself runs on a
//    worker thread).
// 2. Distributed topology (Kafka, MinIO, PostgreSQL server started like the infra tier; analysis
//    instances as separate processes `--target=analysis`): 20 novels (seven of the dev set, spread
//    from the shortest to the longest, cycled) submitted together, with one and with two analysis
//    processes: books per minute (20 / time from the first submission to the last completion) and
//    p50/p95 job time (submission to analysis.completed.v1 received).
// Knobs: BENCH_BOOKS (20), BENCH_EMBEDDED_RUNS (3), BENCH_SKIP_EMBEDDED=1, BENCH_SKIP_DISTRIBUTED=1,
// CASTBOOK_PDNC_DIR.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOPICS } from '@castbook/contracts';
import { createBlobStore, createEventBus, createLogger, ensureDatabase, freePort } from '@castbook/platform';
import { findInstall, startInfra } from '@castbook/test-kit/servers';
import { pdncDir, pdncLongest, pdncNovelsSpread } from '@castbook/test-kit/pdnc';
import { ApiClient, registration, uniqueEmail } from '@castbook/test-kit/client';
import {
  startAnalysisProcess,
  startJwks,
  submitBook,
  watchAnalysisEvents,
  type AnalysisProcess,
} from '../test/support/analysis-processes.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PDNC = pdncDir();
const NOVELS = pdncNovelsSpread(7);
const LONGEST = pdncLongest();
const BOOKS = Number(process.env.BENCH_BOOKS ?? 20);
const EMBEDDED_RUNS = Number(process.env.BENCH_EMBEDDED_RUNS ?? 3);
const logger = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');

const text = (novel: string) => readFile(join(PDNC, novel, 'text.txt'), 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function form(client: ApiClient, path: string, fields: Record<string, string>) {
  const res = await client.form<{ id: string }>('POST', path, fields);
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${res.body.error}`);
  return res.body.data!;
}

async function embedded(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'castbook-bench-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=@castbook/source', '--import', 'tsx', 'launcher/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error('embedded Castbook exited at start (see above)');
      if ((await fetch(`${base}/api/health`).catch(() => null))?.status === 200) break;
      if (i > 600) throw new Error('embedded Castbook did not start');
      await sleep(200);
    }
    const client = await new ApiClient(base).start();
    const reg = await client.post<{ token: string }>(
      '/api/auth/register',
      registration(uniqueEmail('bench'), { subscriptionTier: 'pro' }),
    );
    client.token = reg.body.data!.token;
    const author = await form(client, '/api/authors', { firstName: 'Idris', lastName: 'Quell' });
    const content = await text(LONGEST);
    const project = await form(client, '/api/projects', { title: LONGEST, content, authorId: author.id });
    await client.post(`/api/projects/${project.id}/detect-structure`, { content });
    const runs: Array<{ complete: number; applied: number; chunks: number; health: number[] }> = [];
    for (let run = 0; run < EMBEDDED_RUNS; run++) {
      const health: number[] = [];
      let analysing = true;
      const probing = (async () => {
        while (analysing) {
          const t = performance.now();
          await (await fetch(`${base}/api/health`)).arrayBuffer();
          health.push(performance.now() - t);
        }
      })();
      const t0 = performance.now();
      const started = await client.post<{ analysisStatus: string }>(`/api/projects/${project.id}/analyze`);
      if (started.body.data?.analysisStatus !== 'in_progress')
        throw new Error(`analyze: ${JSON.stringify(started.body)}`);
      let complete = NaN;
      let chunks = 0;
      for (;;) {
        const p = (
          await client.get<{ isComplete: boolean; totalChunks: number; error?: string }>(
            `/api/projects/${project.id}/analysis-progress`,
          )
        ).body.data;
        if (p?.isComplete && Number.isNaN(complete)) {
          if (p.error) throw new Error(p.error);
          complete = performance.now() - t0;
          chunks = p.totalChunks;
        }
        if (!Number.isNaN(complete)) {
          const list = (await client.get<Array<{ id: string; analysisStatus: string }>>('/api/projects')).body.data!;
          if (list.find((x) => x.id === project.id)?.analysisStatus === 'completed') break;
        }
        await sleep(20);
      }
      const applied = performance.now() - t0;
      analysing = false;
      await probing;
      runs.push({ complete, applied, chunks, health: health.sort((a, b) => a - b) });
    }
    console.log(
      `\nEmbedded mode (one process, embedded PostgreSQL, memory bus, disk), ${LONGEST}, ` +
        `${(content.length / 1e6).toFixed(2)} MB; ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}:`,
    );
    for (const [i, r] of runs.entries()) {
      console.log(
        `  run ${i + 1}${i ? ' (re-analysis)' : '              '}  analyze → progress complete ${seconds(r.complete).padStart(8)}` +
          `   analyze → project completed ${seconds(r.applied).padStart(8)}   (${r.chunks} chunks)` +
          `   GET /api/health meanwhile: ${r.health.length} answers, p50 ${percentile(r.health, 50).toFixed(0)} ms,` +
          ` p99 ${percentile(r.health, 99).toFixed(0)} ms, max ${r.health.at(-1)!.toFixed(0)} ms`,
      );
    }
  } finally {
    child.kill('SIGINT');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function distributed(): Promise<void> {
  const install = findInstall();
  if (install.missing) {
    console.log(`\nDistributed topology skipped: ${install.missing} (npm run infra:install)`);
    return;
  }
  const infra = await startInfra();
  const jwks = await startJwks();
  const { endPoint, port, accessKey, secretKey } = infra.minio!;
  const env = {
    EVENT_BUS: 'kafka',
    KAFKA_BROKERS: infra.kafka!.brokers,
    BLOB_STORE: 'minio',
    MINIO_ENDPOINT: `http://${endPoint}:${port}`,
    MINIO_ACCESS_KEY: accessKey,
    MINIO_SECRET_KEY: secretKey,
  };
  const bus = createEventBus(env, logger);
  await bus.start(Object.values(TOPICS));
  const blobs = createBlobStore(env, logger);
  await blobs.start();
  const texts = await Promise.all(NOVELS.map(text));
  const lines: string[] = [];
  try {
    for (const instances of [1, 2]) {
      const url = new URL(infra.postgres!.adminUrl);
      url.pathname = `/bench_analysis_${instances}_${Date.now()}`;
      await ensureDatabase(url.toString());
      const processes: AnalysisProcess[] = [];
      const procEnv = { ...env, DATABASE_URL: url.toString(), AUTH_JWKS_URL: jwks.url };
      for (let i = 0; i < instances; i++) processes.push(await startAnalysisProcess(procEnv));
      const watch = await watchAnalysisEvents(bus);
      try {
        // Warm-up: consumer groups joined, connections open, code compiled in every process.
        const warm = await Promise.all(processes.map(() => submitBook(bus, blobs, texts[0]!)));
        await Promise.all(warm.map((w) => watch.ended(w.jobId)));
        const jobs = await Promise.all(
          Array.from({ length: BOOKS }, (_, i) => submitBook(bus, blobs, texts[i % texts.length]!)),
        );
        const ends = await Promise.all(jobs.map((j) => watch.ended(j.jobId, 600_000)));
        const failed = ends.filter((e) => e.event.type !== 'analysis.completed.v1').length;
        const times = jobs.map((j, i) => ends[i]!.at - j.submittedAt).sort((a, b) => a - b);
        const total = Math.max(...ends.map((e) => e.at)) - Math.min(...jobs.map((j) => j.submittedAt));
        lines.push(
          `  ${instances} analysis process${instances > 1 ? 'es' : '  '}  ${((BOOKS / (total / 1000)) * 60).toFixed(1).padStart(6)} books/min` +
            `   all ${BOOKS} in ${seconds(total).padStart(8)}   job p50 ${seconds(percentile(times, 50)).padStart(8)}` +
            `   p95 ${seconds(percentile(times, 95)).padStart(8)}${failed ? `   (${failed} not completed!)` : ''}`,
        );
      } finally {
        await watch.stop();
        await Promise.all(processes.map((p) => p.stop()));
      }
    }
  } finally {
    await bus.stop();
    await blobs.stop();
    await jwks.close();
    await infra.stop();
  }
  const chars = texts.reduce((n, t) => n + t.length, 0);
  console.log(
    `\nDistributed topology (Kafka, MinIO, PostgreSQL server; ${BOOKS} novels cycled from ${NOVELS.length}, ` +
      `${(chars / NOVELS.length / 1e6).toFixed(2)} MB average; ${cpus().length} CPUs, load average ` +
      `${loadavg()[0]!.toFixed(1)} at the end):`,
  );
  for (const l of lines) console.log(l);
}

if (!process.env.BENCH_SKIP_EMBEDDED) await embedded();
if (!process.env.BENCH_SKIP_DISTRIBUTED) await distributed();
process.exit(0);

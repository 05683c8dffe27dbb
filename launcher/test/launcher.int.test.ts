// The launcher as a user runs it: a real process, real embedded PostgreSQL, real signals.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@castbook/platform';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'launcher/src/main.ts');

interface Run {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

function launch(args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, ['--conditions=@castbook/source', '--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => err, exited };
}

async function waitForHealth(url: string, run: Run, deadlineMs = 90_000) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`launcher exited: ${run.stderr()}`);
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200)
      return (await res.json()) as { success: boolean; data: { services: Record<string, unknown> } };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no healthy answer from ${url}: ${run.stderr()}`);
}

/** Processes whose command line mentions the path (PostgreSQL runs with -D <data dir>). */
async function processesUsing(path: string): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes(path)) found.push(`${pid}: ${cmd.replaceAll('\0', ' ')}`);
  }
  return found;
}

describe('launcher', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('starts every target in embedded mode, answers healthy, and stops PostgreSQL on Ctrl-C', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'castbook-launch-'));
    dirs.push(dataDir);
    await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when the tests run as root
    const port = await freePort();
    for (const round of [1, 2]) {
      // The second round restarts on the same data directory: the cluster and databases are reused.
      const run = launch([], { DATA_DIR: dataDir, PORT: String(port) });
      const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, run);
      expect(health.success).toBe(true);
      expect(Object.keys(health.data.services).sort()).toEqual([
        'analysis',
        'auth',
        'authors',
        'billing',
        'gateway',
        'projects',
      ]);
      expect(await processesUsing(dataDir)).not.toEqual([]);
      run.child.kill('SIGINT');
      expect(await run.exited, `round ${round}: ${run.stderr()}`).toBe(0);
      expect(await processesUsing(dataDir)).toEqual([]);
    }
  });

  it('refuses to start a service without DATABASE_URL, in one line', async () => {
    const run = launch(['--target=auth'], {});
    expect(await run.exited).toBe(1);
    expect(run.stderr().trim().split('\n')).toEqual(['castbook: auth: bad configuration: DATABASE_URL is required']);
  });

  it('refuses an unknown target, in one line', async () => {
    const run = launch(['--target=auth,payments'], {});
    expect(await run.exited).toBe(1);
    expect(run.stderr().trim()).toMatch(/^castbook: unknown target 'payments'; targets are all, auth, /);
  });

  it('fails fast when Kafka is unreachable, in one line naming the brokers', async () => {
    const closed = await freePort();
    const started = Date.now();
    const run = launch(['--target=auth'], {
      DATABASE_URL: 'postgres://postgres:castbook@127.0.0.1:1/castbook_auth',
      EVENT_BUS: 'kafka',
      KAFKA_BROKERS: `127.0.0.1:${closed}`,
    });
    expect(await run.exited).toBe(1);
    const lines = run.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`127.0.0.1:${closed}`);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});

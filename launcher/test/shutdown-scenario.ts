// Graceful shutdown as a user meets it: a real launcher process, SIGTERM while clients hold
// connections open. Used by shutdown.int.test.ts (what happens) and bench/shutdown.ts (how long).
// Connections held when the signal comes:
// - keep-alive: a connection that made a request and stays open for the next (a browser's);
// - never used: a connection that sent nothing yet (a browser's preconnect) — Node counts it busy,
//   which is what kept the process alive for up to 90 s before;
// - in flight: a request whose body is half sent; the rest follows after the signal, and its answer
//   must still come.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@castbook/platform';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'launcher/src/main.ts');
const CSRF = 'shutdown-scenario-csrf-token';

export interface ShutdownRun {
  /** Exit code and signal of the launcher. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** SIGTERM → process exit, ms. */
  exitMs: number;
  /** SIGTERM → the server closed each held connection, ms (undefined: never closed before exit). */
  keepAliveClosedMs: number | undefined;
  unusedClosedMs: number | undefined;
  /** The in-flight request's answer: its status line and headers as received. */
  inFlight: { status: number; connectionClose: boolean } | undefined;
  /** PostgreSQL (or anything else) still running on the data directory after exit. */
  leftBehind: string[];
  stderr: string;
  /** The launcher's log lines (JSON). */
  stdout: string;
  /** GET /metrics of each service and of the gateway (its METRICS_PORT) just before the signal. */
  metrics: Record<string, string>;
}

export interface ShutdownOptions {
  /** How long after SIGTERM the in-flight request sends the rest of its body. */
  inFlightDelayMs?: number;
  /** Give up (SIGKILL) after this long. */
  killAfterMs?: number;
  env?: NodeJS.ProcessEnv;
  /**
   * One service as its own process (`--target=NAME`, as in the distributed topology) instead of the
   * whole app; `env` points it at its database and bus. Holds the keep-alive and the unused
   * connection on the service's port (no request in flight: its routes answer a stranger at once).
   */
  single?: { target: string; env: NodeJS.ProcessEnv };
}

/** Starts the app (embedded mode, or one target), holds connections open, sends SIGTERM and watches. */
export async function runShutdownScenario(options: ShutdownOptions = {}): Promise<ShutdownRun> {
  const dataDir = await mkdtemp(join(tmpdir(), 'castbook-shutdown-'));
  await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when run as root
  const port = await freePort();
  const single = options.single;
  const metricsPorts: Record<string, number> = {};
  for (const name of ['auth', 'projects', 'authors', 'analysis', 'billing']) metricsPorts[name] = await freePort();
  if (single) for (const name of Object.keys(metricsPorts)) if (name !== single.target) delete metricsPorts[name];
  if (single) metricsPorts[single.target] = port;
  const gatewayMetricsPort = await freePort();
  const health = single ? '/health' : '/api/health';
  const child = spawn(
    process.execPath,
    ['--conditions=@castbook/source', '--import', 'tsx', MAIN, ...(single ? [`--target=${single.target}`] : [])],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        DATA_DIR: dataDir,
        PORT: String(port),
        METRICS_PORT: String(gatewayMetricsPort),
        ...Object.fromEntries(Object.entries(metricsPorts).map(([n, p]) => [`${n.toUpperCase()}_PORT`, String(p)])),
        ...single?.env,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('exit', (code, signal) => resolve([code, signal])),
  );
  try {
    await waitForHealth(`http://127.0.0.1:${port}${health}`, child, () => stderr);

    const keepAlive = await openSocket(port);
    const answered = readResponse(keepAlive);
    keepAlive.write(`GET ${health} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
    await answered;
    const unused = await openSocket(port);
    const metrics: Record<string, string> = {};
    const scraped = single
      ? Object.entries(metricsPorts)
      : [...Object.entries(metricsPorts), ['gateway', gatewayMetricsPort]];
    for (const [name, p] of scraped as Array<[string, number]>) {
      metrics[name] = await fetch(`http://127.0.0.1:${p}/metrics`).then(
        (r) => r.text(),
        (err: Error) => `unreachable: ${err.message}`,
      );
    }

    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const half = Math.floor(body.length / 2);
    const inFlight = single ? undefined : await openSocket(port);
    const inFlightAnswer = inFlight ? readResponse(inFlight).catch(() => undefined) : Promise.resolve(undefined);
    inFlight?.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        // The double-submit CSRF pair every state-changing call carries.
        `Cookie: csrf=${CSRF}\r\nX-CSRF-Token: ${CSRF}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, half)}`,
    );
    if (inFlight) await new Promise((r) => setTimeout(r, 300)); // the request reaches the service

    const closedAt = (socket: Socket) =>
      new Promise<number | undefined>((resolve) => {
        socket.once('close', () => resolve(performance.now()));
        void exited.then(() => setTimeout(() => resolve(undefined), 50));
      });
    const keepAliveClosed = closedAt(keepAlive);
    const unusedClosed = closedAt(unused);
    const sentAt = performance.now();
    child.kill('SIGTERM');
    setTimeout(() => inFlight?.write(body.slice(half)), options.inFlightDelayMs ?? 500);
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 60_000);
    const [code, signal] = await exited;
    const exitMs = performance.now() - sentAt;
    clearTimeout(killer);
    const since = (t: number | undefined) => (t === undefined ? undefined : Math.round(t - sentAt));
    const answer = await Promise.race([inFlightAnswer, new Promise<undefined>((r) => setTimeout(r, 100))]);
    for (const s of [keepAlive, unused, inFlight]) s?.destroy();
    return {
      code,
      signal,
      exitMs: Math.round(exitMs),
      keepAliveClosedMs: since(await keepAliveClosed),
      unusedClosedMs: since(await unusedClosed),
      inFlight: answer,
      leftBehind: await processesUsing(dataDir),
      stderr,
      stdout,
      metrics,
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    for (const p of await processesUsing(dataDir)) process.kill(Number(p.split(':')[0]), 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string, deadlineMs = 120_000) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`launcher exited: ${stderr()}`);
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no healthy answer from ${url}: ${stderr()}`);
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
    socket.on('error', () => {});
  });
}

/** The first response's status and whether it says Connection: close (headers only). */
function readResponse(socket: Socket): Promise<{ status: number; connectionClose: boolean }> {
  return new Promise((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      const lines = head.slice(0, end).split('\r\n');
      resolve({
        status: Number(lines[0]?.split(' ')[1]),
        connectionClose: lines.some((l) => /^connection:\s*close/i.test(l)),
      });
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('connection closed before an answer')));
  });
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

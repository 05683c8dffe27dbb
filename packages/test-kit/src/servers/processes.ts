// Child processes that never outlive the Node process that started them.
//
// Each child runs in its own process group (detached), so stopping it signals the whole tree
// (PostgreSQL's backends, a JVM's helpers) and a Ctrl-C on the terminal reaches only the parent,
// which then stops the children in order instead of all at once. Three layers of "no orphans":
//   1. stop() signals the group, waits for the leader to exit, escalates to SIGKILL after a grace time;
//   2. SIGINT/SIGTERM/SIGHUP of the parent stop every child, and a plain `exit` SIGKILLs leftovers;
//   3. where util-linux `setpriv` exists (Debian), the child is started with a parent-death signal, so
//      even a parent killed with SIGKILL takes its children with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { withParentDeathSignal } from '@castbook/platform';

export interface ManagedProcessOptions {
  /** Short name used in messages and as the output prefix. */
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  uid?: number;
  gid?: number;
  /** stdout and stderr are appended to this file (default: discarded unless onLine is set). */
  logFile?: string;
  /** Called with every output line (e.g. to print it prefixed). */
  onLine?: (line: string) => void;
  /** Signal that asks the process to shut down cleanly (default SIGTERM). */
  stopSignal?: NodeJS.Signals;
  /** How long stop() waits before SIGKILL (default 20 s). */
  stopTimeoutMs?: number;
}

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or signal name) when the process has exited. */
  readonly exited: Promise<number | string>;
  readonly hasExited: () => boolean;
  /** Stops the process group; idempotent. */
  stop(): Promise<void>;
}

const running = new Set<ManagedProcess>();
let hooksInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // Last resort when the parent exits without stopping its children (process.exit, a crash).
  process.on('exit', () => {
    for (const p of running) killGroup(p.pid, 'SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = () => {
      // Only the first signal stops gracefully; a second one (impatient Ctrl-C) kills at once.
      process.removeListener(signal, handler);
      void stopAllProcesses().finally(() => {
        // If nobody else (vitest, the cluster script) handles this signal, behave like Node's default.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    };
    process.on(signal, handler);
  }
}

/** Starts a command in its own process group, tracked for clean shutdown. */
export function startProcess(options: ManagedProcessOptions): ManagedProcess {
  installExitHooks();
  const stopSignal = options.stopSignal ?? 'SIGTERM';
  const { command, args } = withParentDeathSignal(options.command, options.args, stopSignal);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    uid: options.uid,
    gid: options.gid,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  for (const stream of [child.stdout!, child.stderr!]) {
    if (log) stream.pipe(log, { end: false });
    if (options.onLine) createInterface({ input: stream }).on('line', options.onLine);
    else if (!log) stream.resume();
  }
  let done = false;
  const exited = new Promise<number | string>((resolve) => {
    child.on('error', (err) => {
      done = true;
      options.onLine?.(`failed to start ${options.command}: ${err.message}`);
      log?.write(`failed to start ${options.command}: ${err.message}\n`);
      resolve('spawn-error');
    });
    child.on('exit', (code, signal) => {
      done = true;
      resolve(code ?? signal ?? 'unknown');
    });
  }).finally(() => {
    running.delete(managed);
    log?.end();
  });

  let stopping: Promise<void> | undefined;
  const managed: ManagedProcess = {
    name: options.name,
    pid: child.pid ?? -1,
    child,
    exited,
    hasExited: () => done,
    stop() {
      stopping ??= (async () => {
        if (done || !child.pid) return;
        killGroup(child.pid, stopSignal);
        const timeout = options.stopTimeoutMs ?? 20_000;
        const timer = setTimeout(() => killGroup(child.pid!, 'SIGKILL'), timeout);
        await exited;
        clearTimeout(timer);
        // The leader is gone; make sure none of its group lingers (e.g. a stuck backend).
        killGroup(child.pid, 'SIGKILL');
      })();
      return stopping;
    },
  };
  if (child.pid) running.add(managed);
  return managed;
}

/** Stops every process started here, newest first (services before the infrastructure they use). */
export async function stopAllProcesses(): Promise<void> {
  const all = [...running].reverse();
  for (const p of all) await p.stop();
}

/** Polls check() until it returns true, failing when the deadline passes or the process dies. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs: number; process?: ManagedProcess; logFile?: string; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (options.process?.hasExited()) {
      throw new Error(`${what}: process exited before it was ready${logTail(options.logFile)}`);
    }
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not ready after ${options.timeoutMs / 1000}s${logTail(options.logFile)}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 250));
  }
}

/** The end of a log file, for error messages. */
export function logTail(file: string | undefined, lines = 25): string {
  if (!file || !existsSync(file)) return '';
  const text = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  return `\n--- last lines of ${file} ---\n${text}`;
}

/** Wraps a server's stop() so it also removes the temp folder the starter created for it. */
export function withTempDirRemoval<T extends { stop(): Promise<void> }>(server: T, dir: string): T {
  const stop = server.stop.bind(server);
  return {
    ...server,
    stop: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// A child that must not outlive its parent, even when the parent is killed with SIGKILL and runs no
// cleanup: on Linux, util-linux `setpriv --pdeathsig` execs the command (same pid) with
// PR_SET_PDEATHSIG set, so the kernel sends it `signal` when the parent dies. Used for the embedded
// PostgreSQL server and for every server the infra harness starts. Elsewhere the command is unchanged
// and the callers' own shutdown paths are the only guard.
import { spawnSync } from 'node:child_process';

let available: boolean | undefined;

function hasSetpriv(): boolean {
  if (available === undefined) {
    try {
      available = process.platform === 'linux' && spawnSync('setpriv', ['--help'], { stdio: 'ignore' }).status === 0;
    } catch {
      available = false;
    }
  }
  return available;
}

/**
 * The command and arguments to spawn so the child receives `signal` when this process dies.
 * setpriv runs after spawn's uid switch, which would otherwise clear the parent-death signal.
 */
export function withParentDeathSignal(
  command: string,
  args: readonly string[],
  signal: NodeJS.Signals,
): { command: string; args: string[] } {
  if (!hasSetpriv()) return { command, args: [...args] };
  return { command: 'setpriv', args: ['--pdeathsig', signal.replace(/^SIG/, ''), '--', command, ...args] };
}

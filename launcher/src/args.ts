// `--target=all` (default) or a comma list of target names, Loki-style.
import { parseArgs } from 'node:util';

export const TARGET_NAMES = ['auth', 'projects', 'authors', 'analysis', 'billing', 'gateway'] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export class UsageError extends Error {}

export function parseTargets(argv: string[]): TargetName[] {
  const { values } = parseArgs({ args: argv, options: { target: { type: 'string', default: 'all' } }, strict: true });
  const wanted = values.target
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (wanted.length === 0 || wanted.includes('all')) return [...TARGET_NAMES];
  const unknown = wanted.filter((t) => !(TARGET_NAMES as readonly string[]).includes(t));
  if (unknown.length)
    throw new UsageError(`unknown target '${unknown.join(',')}'; targets are all, ${TARGET_NAMES.join(', ')}`);
  return TARGET_NAMES.filter((t) => wanted.includes(t));
}

#!/usr/bin/env node
// castbook-analyze FILE — see src/cli.ts.
//
// Runs the one-file build (dist/castbook-analyze.mjs, written by `npm run build`) when it exists
// and is newer than every source file it comes from: the fastest start, since resolving and
// linking the engine's sixty modules one by one cost 0.04 s of every run. Otherwise it
// starts the TypeScript source, so that it also runs on a fresh clone without a build: in this
// process, with tsx's loader plus a resolve hook that adds the "@castbook/source" export condition
// (workspace packages resolve to their src/). CASTBOOK_FROM_SOURCE=1 forces the source.
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const sources = [join(pkg, 'src'), join(pkg, '..', 'contracts', 'src')];

function newestSource() {
  let newest = 0;
  for (const dir of sources) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function freshBuild() {
  const cli = join(pkg, 'dist', 'castbook-analyze.mjs');
  if (process.env.CASTBOOK_FROM_SOURCE === '1' || !existsSync(cli)) return null;
  if (statSync(cli).mtimeMs >= newestSource()) return cli;
  // A build older than a source (an edit, a checkout) is not run, but silently starting four times
  // slower (0.5 s instead of 0.13) has misled speed measurements: say so, once per run.
  process.stderr.write(
    'castbook-analyze: dist/castbook-analyze.mjs is older than the sources, so they run through tsx ' +
      '(slower to start); `npm run build -w @castbook/text-analysis` rebuilds it\n',
  );
  return null;
}

// A process per book spends about a tenth of its time compiling the same modules: keep their
// bytecode on disk (Node 22.1+, in the system temp dir) for the next run; 0.96x the wall time
// over the fourteen dev novels.
nodeModule.enableCompileCache?.();

const built = freshBuild();
let main;
if (built) {
  ({ main } = await import(new URL(`file://${built}`).href));
} else {
  const { register: registerTsx } = await import('tsx/esm/api');
  nodeModule.register(new URL('./source-condition.js', import.meta.url));
  registerTsx();
  ({ main } = await import('../src/cli.ts'));
}
process.exitCode = await main(process.argv.slice(2));

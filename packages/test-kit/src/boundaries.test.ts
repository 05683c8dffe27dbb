// Keeps the boundaries of ARCHITECTURE.md from regressing (docs/decisions.md, "One test kit"): every
// import in the tree is read, and
//   - a relative import stays inside its own workspace (a service, a package, the gateway, the
//     launcher, the frontend) or its own folder (infra/, e2e/): anything else goes through a package;
//   - `@castbook/x/sub` names an entry of x's package.json `exports` (no reaching into internals);
//   - a service imports no other service, nor the gateway or the launcher (it talks to them over HTTP
//     and events); the gateway imports no service; packages import no service, the gateway or the
//     launcher, except the test kit, whose stack starters run them;
//   - only tests, benchmarks and scripts use @castbook/test-kit, never shipped code;
//   - a service's tests open no other service's database (`databases.<other>` of a test stack).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', '.castbook', '.test-data', 'test-results', 'playwright-report']);

interface Workspace {
  name: string;
  dir: string;
  exports: Set<string>;
}

const workspaces: Workspace[] = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces as string[]
).map((dir) => {
  const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
  return { name: pkg.name as string, dir, exports: new Set(Object.keys(pkg.exports ?? { '.': '' })) };
});
const byName = new Map(workspaces.map((w) => [w.name, w]));
const kind = (w: Workspace) => w.dir.split('/')[0] as 'packages' | 'services' | 'gateway' | 'launcher' | 'frontend';

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every module specifier a file imports: static, side-effect, re-export and dynamic imports. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]!);
  return found;
}

/** The folder a file may reach with relative imports, and the workspace it belongs to (if any). */
function homeOf(file: string): { home: string; workspace?: Workspace } {
  const workspace = workspaces.find((w) => file.startsWith(`${w.dir}/`));
  if (workspace) return { home: workspace.dir, workspace };
  return { home: file.split('/')[0]! };
}

const isShipped = (file: string, w: Workspace) =>
  file.startsWith(`${w.dir}/src/`) && !/\.test\.tsx?$/.test(file) && w.name !== '@castbook/test-kit';

function violationsOf(file: string, text: string): string[] {
  const { home, workspace } = homeOf(file);
  const problems: string[] = [];
  for (const spec of importsOf(text)) {
    if (spec.startsWith('.')) {
      const target = relative(ROOT, resolve(ROOT, dirname(file), spec))
        .split(sep)
        .join('/');
      if (!target.startsWith(`${home}/`)) problems.push(`${file}: '${spec}' reaches outside ${home}/ (into ${target})`);
      continue;
    }
    const m = /^(@castbook\/[^/]+)(\/.*)?$/.exec(spec);
    if (!m) continue;
    const target = byName.get(m[1]!);
    if (!target) {
      problems.push(`${file}: '${spec}' is no workspace package`);
      continue;
    }
    if (!target.exports.has(m[2] ? `.${m[2]}` : '.')) {
      problems.push(`${file}: '${spec}' is not exported by ${target.name} (package.json "exports")`);
    }
    if (!workspace || target === workspace) continue;
    const from = kind(workspace);
    const to = kind(target);
    if (from === 'services' && (to === 'services' || to === 'gateway' || to === 'launcher')) {
      problems.push(`${file}: a service imports ${target.name}; use its HTTP API or events`);
    }
    if (from === 'gateway' && (to === 'services' || to === 'launcher')) {
      problems.push(`${file}: the gateway imports ${target.name}`);
    }
    if (from === 'packages' && workspace.name !== '@castbook/test-kit' && to !== 'packages') {
      problems.push(`${file}: a package imports ${target.name}`);
    }
    if (target.name === '@castbook/test-kit' && isShipped(file, workspace)) {
      problems.push(`${file}: shipped code imports the test kit`);
    }
  }
  if (workspace && kind(workspace) === 'services') {
    const own = workspace.dir.split('/')[1];
    for (const m of text.matchAll(/\bdatabases(?:\.|\[['"])(\w+)/g)) {
      if (m[1] !== own) problems.push(`${file}: opens the ${m[1]} database; use that service's HTTP API or events`);
    }
  }
  return problems;
}

describe('boundaries', () => {
  it('no file imports across a service, package or folder boundary', () => {
    const files = [...workspaces.map((w) => w.dir), 'infra', 'e2e'].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((f) => violationsOf(f, readFileSync(join(ROOT, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    const check = (file: string, line: string) => violationsOf(file, `${line}\n`);
    expect(
      check('services/projects/test/a.int.test.ts', "import { x } from '../../auth/test/support/client.js';"),
    ).toHaveLength(1);
    expect(
      check('services/projects/test/a.int.test.ts', "import { x } from '../../authors/src/db/authors.js';"),
    ).toHaveLength(1);
    expect(check('services/analysis/test/a.int.test.ts', 'const db = stack.databases.projects;')).toHaveLength(1);
    expect(check('services/analysis/test/a.int.test.ts', 'const db = stack.databases.analysis;')).toEqual([]);
    expect(
      check('services/projects/test/a.int.test.ts', "import { authorsTarget } from '@castbook/authors-service';"),
    ).toHaveLength(1);
    expect(
      check('infra/scripts/x.ts', "import { y } from '../../packages/platform/src/process/parent-death.js';"),
    ).toHaveLength(1);
    expect(check('packages/platform/src/a.ts', "export { y } from '../../../infra/scripts/x.js';")).toHaveLength(1);
    expect(
      check('e2e/a.spec.ts', "import { pdncText } from '@castbook/text-analysis/test-support/pdnc.js';"),
    ).toHaveLength(1);
    expect(check('services/auth/src/a.ts', "import { waitFor } from '@castbook/test-kit';")).toHaveLength(1);
    expect(check('services/auth/test/a.int.test.ts', "import { waitFor } from '@castbook/test-kit';")).toEqual([]);
    expect(check('infra/scripts/x.ts', "import { startKafka } from '@castbook/test-kit/servers';")).toEqual([]);
    expect(check('gateway/src/a.ts', "const m = await import('@castbook/auth-service');")).toHaveLength(1);
  });
});

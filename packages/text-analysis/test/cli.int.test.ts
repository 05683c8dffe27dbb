// The castbook-analyze bin as a program: from its one-file build and from the TypeScript source.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const bin = join(pkg, 'bin', 'castbook-analyze.js');
const dir = mkdtempSync(join(tmpdir(), 'castbook-bin-'));
const book = join(dir, 'book.txt');

function analyse(file: string, env: Record<string, string> = {}) {
  const { CASTBOOK_FROM_SOURCE: _, ...inherited } = process.env;
  return spawnSync(process.execPath, [bin, file], { env: { ...inherited, ...env }, encoding: 'utf8' });
}

beforeAll(() => {
  writeFileSync(
    book,
    ['CHAPTER I.', '"Where to?" asked Orla.', '"Home," said Selwyn. "Will you come?"', '"No."'].join('\n\n'),
  );
  // What `npm run build` writes for the bin (dist/castbook-analyze.mjs), newer than every source.
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: pkg, stdio: 'pipe' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('castbook-analyze bin', () => {
  it('prints the same analysis from its build as from the source', () => {
    const built = analyse(book);
    const source = analyse(book, { CASTBOOK_FROM_SOURCE: '1' });
    expect(built.status).toBe(0);
    expect(source.status).toBe(0);
    expect(built.stdout).toBe(source.stdout);
    const result = JSON.parse(built.stdout) as { outline: unknown[]; quotes: { text: string }[] };
    expect(result.outline).toHaveLength(1);
    expect(result.quotes.map((q) => q.text)).toEqual(['Where to?', 'Home,', 'Will you come?', 'No.']);
  });

  it('exits 2 with its message on stderr for bad input, from either', () => {
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '');
    for (const env of [{}, { CASTBOOK_FROM_SOURCE: '1' }] as Record<string, string>[]) {
      const run = analyse(empty, env);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^castbook-analyze: .*empty\.txt is empty \(usage: castbook-analyze FILE/);
    }
  });

  it('runs the source, and says so, when the build is older than a source file', () => {
    const cli = join(pkg, 'dist', 'castbook-analyze.mjs');
    const { atime, mtime } = statSync(cli);
    utimesSync(cli, atime, new Date(0));
    try {
      const run = analyse(book);
      expect(run.status).toBe(0);
      expect(run.stderr).toMatch(/^castbook-analyze: dist\/castbook-analyze\.mjs is older than the sources/);
      expect(run.stdout).toBe(analyse(book, { CASTBOOK_FROM_SOURCE: '1' }).stdout);
    } finally {
      utimesSync(cli, atime, mtime);
    }
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'castbook-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Runs the CLI's main in this process and returns its exit code and what it wrote. */
async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string, done?: (e?: Error) => void) => {
    stdout += chunk;
    done?.();
    return true;
  }) as typeof process.stdout.write);
  vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string) => {
    stderr += chunk;
    return true;
  }) as typeof process.stderr.write);
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

describe('castbook-analyze', () => {
  it('prints the outline, characters and quotes of a text file as one line of JSON', async () => {
    const path = file('talk.txt', '"Where to?" asked Orla.\n\n"Home," said Selwyn.\n');
    const { code, stdout, stderr } = await run(path);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.endsWith('\n')).toBe(true);
    expect(stdout.trimEnd()).not.toContain('\n');
    const result = JSON.parse(stdout) as {
      characters: { id: string; name: string }[];
      quotes: { text: string; speakerId: string | null }[];
    };
    const nameOf = new Map(result.characters.map((c) => [c.id, c.name]));
    expect(result.quotes.map((q) => [q.text, nameOf.get(q.speakerId ?? '')])).toEqual([
      ['Where to?', 'Orla'],
      ['Home,', 'Selwyn'],
    ]);
  });

  it('reads a file by its content, not its name: UTF-16 text in a .docx-named file', async () => {
    const text = '"Come in," said Tam.';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const { code, stdout } = await run(file('misnamed.docx', utf16));
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { quotes: { text: string }[] }).quotes.map((q) => q.text)).toEqual(['Come in,']);
  });

  it.each([
    ['no file', [], /^usage: castbook-analyze FILE/],
    ['two files', ['a.txt', 'b.txt'], /^usage: castbook-analyze FILE/],
    ['an option', ['--verbose'], /^usage: castbook-analyze FILE/],
    ['a missing file', [join(dir, 'nowhere.txt')], /^castbook-analyze: cannot read .*nowhere\.txt: ENOENT \(usage/],
  ])('exits 2 with a one-line message for %s', async (_, args, message) => {
    const { code, stdout, stderr } = await run(...args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd()).not.toContain('\n');
  });

  it.each([
    ['an empty file', 'empty.txt', '', /empty\.txt is empty/],
    ['a PDF', 'paper.txt', '%PDF-1.7\n%âãÏÓ\n', /paper\.txt is a PDF; only \.txt and \.docx are read/],
    ['binary data', 'data.bin', new Uint8Array(400).map((_, i) => i % 7), /data\.bin is not a text file/],
    ['a zip that is no .docx', 'archive.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), /archive\.zip: /],
  ])('exits 2 and prints nothing on stdout for %s', async (_, name, content, message) => {
    const { code, stdout, stderr } = await run(file(name, content));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });
});

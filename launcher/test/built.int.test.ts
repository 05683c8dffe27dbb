// The app as the container images run it (infra/docker/Dockerfile): compiled with
// `tsc -b tsconfig.build.json` and started with plain node, without tsx or the source condition, so
// every package resolves to its dist/ and the worker threads (the analysis engine, document exports)
// start from the built .js beside their callers. Nothing else runs the build.
import { execFile, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@castbook/platform';
import { analysedProject, newBook, signedUpClient, waitFor } from '@castbook/test-kit';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const BOOK =
  'CHAPTER I. The Quay\n\nThe tide was out and the boats lay on their sides in the mud.\n\n' +
  '"Is the ferry running?" asked Orla.\n\n"Not till the tide turns," said Idris.\n\n' +
  '"Then we wait," said Orla. "Bram will be late again."\n';

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('the built app', () => {
  it('compiles, starts with plain node, analyses a book and exports its script', { timeout: 240_000 }, async () => {
    await promisify(execFile)(process.execPath, [TSC, '-b', 'tsconfig.build.json'], { cwd: ROOT });

    const dataDir = await mkdtemp(join(tmpdir(), 'castbook-built-'));
    await chmod(dataDir, 0o755); // embedded PostgreSQL runs as another user when the tests run as root
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    let stderr = '';
    const app = spawn(process.execPath, ['launcher/dist/main.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    app.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise((resolve) => app.once('exit', resolve));
    cleanup.push(() => (app.kill('SIGTERM'), exited));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => {
        if (app.exitCode !== null) throw new Error(`the built app exited: ${stderr}`);
        return (await fetch(`${base}/api/health`).catch(() => null))?.status === 200;
      },
      'the built app to answer health',
      120_000,
    );

    const { client } = await signedUpClient(base);
    const { id } = await newBook(client, { title: 'The Quay', content: BOOK });
    const project = await analysedProject<{ analysisStatus: string; characters: { name: string }[] }>(client, id);
    expect(project.analysisStatus, stderr).toBe('completed');
    expect(project.characters.map((c) => c.name)).toEqual(expect.arrayContaining(['Orla', 'Idris']));

    const docx = await fetch(`${base}/api/projects/${id}/export/script.docx`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(docx.status, stderr).toBe(200);
    expect(
      Buffer.from(await docx.arrayBuffer())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });
});

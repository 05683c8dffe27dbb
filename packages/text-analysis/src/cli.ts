// castbook-analyze FILE: prints { outline, characters, quotes } of a .txt or .docx as JSON.
// Exit 0 on success, 2 with a one-line message on bad input.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { analyze } from './analyze.js';
import { decodeText } from './documents/decode.js';
import { isZip } from './documents/signature.js';

const USAGE = 'usage: castbook-analyze FILE  (a .txt in UTF-8, UTF-16 or Windows-1252, or a .docx)';

export class InputError extends Error {}

/** The text of a file, by its content: a zip signature means .docx, anything else is text. */
export async function readDocument(path: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new InputError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (bytes.length === 0) throw new InputError(`${path} is empty`);
  if (isZip(bytes)) {
    try {
      const { docxToText } = await import('./documents/docx.js');
      return await docxToText(bytes);
    } catch (e) {
      throw new InputError(`${path}: ${(e as Error).message}`);
    }
  }
  if (bytes.subarray(0, 5).toString() === '%PDF-')
    throw new InputError(`${path} is a PDF; only .txt and .docx are read`);
  const text = decodeText(bytes);
  // Control characters other than tab, line ends and form feed mean the file is not text at all.
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && (c < 0x09 || c > 0x0d)) controls++;
  }
  if (controls > 0.01 * text.length) throw new InputError(`${path} is not a text file`);
  return text;
}

/**
 * Has V8 optimise hot functions on this thread, at once, instead of queueing them for a background
 * compiler thread. A process that analyses one book and exits spends its whole life in code that is
 * hot within milliseconds: queued, that code runs unoptimised until the background thread gets a
 * core, which on one core is late (farm-bench over the fourteen dev novels, pinned to one core:
 * 0.74x the wall time; on two cores 0.89x the wall time and 0.81x the CPU). Only for processes
 * that analyse and exit: a server would stall its requests while it compiles.
 */
export function optimizeOnThisThread(): void {
  setFlagsFromString('--no-concurrent-recompilation');
}

export async function main(args: string[]): Promise<number> {
  optimizeOnThisThread();
  const files = args.filter((a) => a !== '--');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let text: string;
  try {
    text = await readDocument(files[0]!);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    process.stderr.write(`castbook-analyze: ${e.message.replace(/\s+/g, ' ')} (${USAGE})\n`);
    return 2;
  }
  const result = analyze(text);
  await new Promise<void>((resolve, reject) =>
    process.stdout.write(`${JSON.stringify(result)}\n`, (err) => (err ? reject(err) : resolve())),
  );
  return 0;
}

// Run when started as a program (by the bin or `node dist/cli.js`), not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}

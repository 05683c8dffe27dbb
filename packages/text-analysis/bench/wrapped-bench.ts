// node --conditions=@castbook/source --import tsx packages/text-analysis/bench/wrapped-bench.ts [NOVEL ...]   (default: the longest)
//
// How the analysis copes with hard-wrapped exports of a PDNC dev novel (ARCHITECTURE.md, Analysis):
//   original   text.txt as it is (hard-wrapped at ~70 columns, blank lines between paragraphs);
//   wrapped    the same paragraphs wrapped at 70 columns, no blank lines between them (a poor .txt);
//   docx       a .docx with one <w:p> per visual line of `wrapped`, read by docxToText.
// Each is analysed; quotes are mapped back to text.txt offsets (the texts hold the same non-space
// characters in the same order) and scored with ../shared/tools/pdnc-score.mjs, so the three rows
// compare directly. Prints quotes found, quotes without a speaker, quote recall/precision and
// speaker accuracy. Never fails.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { analyze } from '../src/analyze.js';
import { docxToText } from '../src/documents/index.js';
import { pdncDir, pdncLongest, sharedDir } from '@castbook/test-kit/pdnc';

const WIDTH = 70;

/** Greedy wrap of one paragraph at WIDTH columns. */
function wrap(paragraph: string): string[] {
  const words = paragraph.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > WIDTH) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

/** The wrapped lines of a text whose paragraphs are blank-line separated. */
function wrappedLines(text: string): string[] {
  return text.split(/\n[ \t\r]*\n/).flatMap((p) => wrap(p.trim()));
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function docx(lines: string[]): Uint8Array {
  const body = lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(l)}</w:t></w:r></w:p>`).join('');
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${w}"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

/**
 * Maps offsets of `copy` to offsets of `original`: both hold the same non-space characters in the
 * same order. An offset maps to the original offset of the same non-space character.
 */
function offsetMap(original: string, copy: string): Int32Array {
  const map = new Int32Array(copy.length + 1);
  let j = 0;
  for (let i = 0; i < copy.length; i++) {
    if (/\s/.test(copy[i]!)) {
      map[i] = j;
      continue;
    }
    while (j < original.length && original[j] !== copy[i]) j++;
    map[i] = j;
    j++;
  }
  map[copy.length] = original.length;
  return map;
}

async function main() {
  const { score } = (await import(pathToFileURL(join(sharedDir(), 'tools', 'pdnc-score.mjs')).href)) as {
    score: (gold: unknown, pred: unknown, text: string) => Record<string, Record<string, number>>;
  };
  const novels = process.argv.slice(2).length ? process.argv.slice(2) : [pdncLongest()];
  for (const novel of novels) {
    const original = readFileSync(join(pdncDir(), novel, 'text.txt'), 'utf8');
    const gold = JSON.parse(readFileSync(join(pdncDir(), novel, 'gold.json'), 'utf8')) as unknown;
    const lines = wrappedLines(original);
    const variants: [string, string][] = [
      ['original', original],
      ['wrapped', `${lines.join('\n')}\n`],
      ['docx', await docxToText(docx(lines))],
    ];
    for (const [name, text] of variants) {
      const t0 = performance.now();
      const result = analyze(text);
      const ms = performance.now() - t0;
      const map = offsetMap(original, text);
      const quotes = result.quotes.map((q) => ({
        ...q,
        startOffset: map[q.startOffset]!,
        endOffset: map[Math.max(q.startOffset, q.endOffset - 1)]! + 1,
      }));
      const report = score(gold, { characters: result.characters, quotes }, original);
      const unattributed = result.quotes.filter((q) => q.speakerId === null).length;
      const chapters = JSON.stringify(result.outline).match(/"type":"chapter"/g)?.length ?? 0;
      console.log(
        `${novel.padEnd(16)} ${name.padEnd(9)} quotes ${String(result.quotes.length).padStart(5)}  unattributed ${String(unattributed).padStart(4)}  ` +
          `R ${report.quotes!.recall}  P ${report.quotes!.precision}  speaker ${report.speaker!.accuracy}  chapters ${chapters}  ${Math.round(ms)} ms`,
      );
    }
  }
}

await main();

// Times the built-in character analysis (issue 18: "within 1 s for a main character of a 0.9 MB
// novel"). The engine analyses a PDNC dev novel once (not timed); then the analysis of the character
// with the most lines runs RUNS times and the median and worst are printed. Never fails on time.
// node --conditions=@castbook/source --import tsx services/projects/bench/builtin-analysis.ts [Novel]
// (Novel: a dev-set folder; by default the longest novel, about 0.9 MB.)
import { analyze } from '@castbook/text-analysis';
import { pdncLongest, pdncText } from '@castbook/test-kit/pdnc';
import { builtInAnalysis } from '../src/domain/character-analysis/builtin.js';
import { inputHash } from '../src/domain/character-analysis/service.js';
import type { ProjectRecord } from '../src/domain/projects.js';

const RUNS = 7;
const novel = process.argv[2] ?? pdncLongest();
const text = pdncText(novel);
const result = analyze(text);
const lines = new Map<string, number>();
for (const q of result.quotes) if (q.speakerId) lines.set(q.speakerId, (lines.get(q.speakerId) ?? 0) + 1);
const mainId = [...lines].sort((a, b) => b[1] - a[1])[0]![0];
const main = result.characters.find((c) => c.id === mainId)!;
const input = { text, outline: result.outline, characters: result.characters, quotes: result.quotes };
const times: number[] = [];
let analysis;
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  // What a request computes: the input hash, then the analysis.
  inputHash({ contentVersion: 1, ...input } as unknown as ProjectRecord);
  analysis = builtInAnalysis(input, main);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `${novel}: ${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB, ${result.quotes.length} quotes, ${result.characters.length} characters; ` +
    `${main.name} (${lines.get(mainId)} lines): median ${times[RUNS >> 1]!.toFixed(0)} ms, worst ${times.at(-1)!.toFixed(0)} ms over ${RUNS} runs`,
);
console.log(JSON.stringify(analysis, null, 1));

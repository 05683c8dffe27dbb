// Analysis of one dev novel with the speaker model trained without it (for eval:lono):
//   node train/analyze-with.mjs MODEL_DIR path/to/NOVEL/text.txt  -> prints the analysis JSON
// MODEL_DIR holds NOVEL.json for each novel, written by lono.ts. Plain JavaScript over the compiled
// dist/ (lono.ts builds it first), so the time the scorer measures is the engine's as the built
// CLI runs it, without the TypeScript loader's start-up.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { analyze } from '../dist/analyze.js';
import { optimizeOnThisThread } from '../dist/cli.js';

optimizeOnThisThread(); // as the CLI does: the same V8 settings, so the same speed

const [modelDir, textPath] = process.argv.slice(2);
if (!modelDir || !textPath) {
  console.error('usage: analyze-with.mjs MODEL_DIR TEXT');
  process.exit(2);
}
const novel = basename(dirname(textPath));
const model = JSON.parse(readFileSync(join(modelDir, `${novel}.json`), 'utf8'));
process.stdout.write(`${JSON.stringify(analyze(readFileSync(textPath, 'utf8'), { speakerModel: model }))}\n`);

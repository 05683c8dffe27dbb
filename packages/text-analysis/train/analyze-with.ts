// Analysis of one dev novel with the speaker model trained without it (for eval:lono):
//   analyze-with.ts MODEL_DIR path/to/NOVEL/text.txt  -> prints the analysis JSON
// MODEL_DIR holds NOVEL.json for each novel, written by lono.ts.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { analyze } from '../src/analyze.js';
import type { SpeakerModel } from '../src/speakers/model.js';

const [modelDir, textPath] = process.argv.slice(2);
if (!modelDir || !textPath) {
  console.error('usage: analyze-with.ts MODEL_DIR TEXT');
  process.exit(2);
}
const novel = basename(dirname(textPath));
const model = JSON.parse(readFileSync(join(modelDir, `${novel}.json`), 'utf8')) as SpeakerModel;
process.stdout.write(`${JSON.stringify(analyze(readFileSync(textPath, 'utf8'), { speakerModel: model }))}\n`);

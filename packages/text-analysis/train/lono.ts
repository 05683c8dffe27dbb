// npm run eval:lono -w packages/text-analysis: leave-one-novel-out evaluation of the speaker model.
// For each dev novel, a model is trained (and calibrated) on the other thirteen; the novel is then
// analysed with it and scored by the shared scorer (../shared/tools/pdnc-eval.mjs), which prints a
// line per novel and the micro-averaged summary. `--quick` skips the scorer and prints turn-level
// accuracy from the training data instead (for trying features).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pdncDir, sharedDir } from '@castbook/test-kit/pdnc';
import { devNovels, loadNovel } from './corpus.js';
import { decodedPoints, diagnose, trainModel } from './fit.js';

const quick = process.argv.includes('--quick');
// --keep DIR: also keep each novel's analysis JSON there (the scorer's --keep), for error dumps.
const keepAt = process.argv.indexOf('--keep');
const keep = keepAt >= 0 ? process.argv[keepAt + 1] : undefined;
// --folds N: calibration folds of each held-out model (default 4). Speakers do not depend on the
// calibration, so --folds 0 gives the same accuracy figures in a fifth of the time, with raw
// (uncalibrated) confidences: the scorer's calibration figures then mean nothing.
const foldsAt = process.argv.indexOf('--folds');
const folds = foldsAt >= 0 ? Number(process.argv[foldsAt + 1]) : 4;
const started = Date.now();
const novels = devNovels().map(loadNovel);
console.log(`features of ${novels.length} novels in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const dir = mkdtempSync(join(tmpdir(), 'castbook-lono-'));
let right = 0;
let total = 0;
for (const held of novels) {
  const model = trainModel(
    novels.filter((n) => n !== held),
    { folds: quick ? 0 : folds },
  );
  writeFileSync(join(dir, `${held.name}.json`), JSON.stringify(model));
  if (quick) {
    const points = decodedPoints(model, held);
    const r = points.filter(([, ok]) => ok).length;
    right += r;
    total += points.length;
    const why = diagnose(model, held);
    console.log(
      `${held.name.padEnd(32)} quotes right ${(r / points.length).toFixed(4)} (${points.length})  ` +
        `wrong turns: speaker not in cast ${why.notInCast}, not a candidate ${why.notCandidate}, ` +
        `outscored ${why.outscored}, of ${why.turns}`,
    );
  }
}
if (quick) {
  console.log(`all: ${(right / total).toFixed(4)} of ${total} annotated quotes under found turns`);
} else {
  const pkg = fileURLToPath(new URL('..', import.meta.url));
  const repo = resolve(pkg, '../..');
  const cmd = `node --conditions=@castbook/source --import tsx ${JSON.stringify(join(pkg, 'train/analyze-with.ts'))} ${JSON.stringify(dir)} {text}`;
  execFileSync(
    'node',
    [
      join(sharedDir(), 'tools/pdnc-eval.mjs'),
      '--data',
      pdncDir(),
      '--cmd',
      cmd,
      ...(keep ? ['--keep', resolve(keep)] : []),
    ],
    {
      stdio: 'inherit',
      cwd: repo,
    },
  );
}

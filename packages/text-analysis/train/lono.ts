// npm run eval:lono -w packages/text-analysis: leave-one-novel-out evaluation of the speaker model.
// For each dev novel, a model is trained (and calibrated) on the other thirteen; the novel is then
// analysed with it and scored by the shared scorer (../shared/tools/pdnc-eval.mjs), which prints a
// line per novel and the micro-averaged summary. `--quick` skips the scorer and prints turn-level
// accuracy from the training data instead (for trying features).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pdncDir, sharedDir } from '@castbook/test-kit/pdnc';
import type { SpeakerModel } from '../src/speakers/model.js';
import { devNovels, loadNovel, type Novel } from './corpus.js';
import {
  decodedPoints,
  diagnose,
  fitModel,
  trainingSets,
  trainModel,
  withConfidence,
  type DecodedPoint,
} from './fit.js';
import { fitInParallel } from './parallel-fits.js';

const quick = process.argv.includes('--quick');
// --keep DIR: also keep each novel's analysis JSON there (the scorer's --keep), for error dumps.
const keepAt = process.argv.indexOf('--keep');
const keep = keepAt >= 0 ? process.argv[keepAt + 1] : undefined;
// --folds N: calibration folds (default 4; with --shared-folds at least 3, see below). Speakers do not depend on the
// calibration, so --folds 0 gives the same accuracy figures in a fraction of the time, with raw
// (uncalibrated) confidences: the scorer's calibration figures then mean nothing.
// --probability: calibrate the speaker probability alone instead of the confidence model's output
// (confidence.ts; see withConfidence), for comparison.
const certainty = !process.argv.includes('--probability');
const foldsAt = process.argv.indexOf('--folds');
const folds = foldsAt >= 0 ? Number(process.argv[foldsAt + 1]) : 4;
// --cache DIR: keep the fitted speaker weights there (see FitOptions.cache), for reruns that only
// change the confidence model, the calibration or what the analysis does after the decoder.
const cacheAt = process.argv.indexOf('--cache');
// --data DIR: score another rendering of the dev novels (the same names and gold offsets, e.g. the
// dash-set dialogue of train/dash-rendering.ts) with the held-out models; training reads the novels
// as printed.
const dataAt = process.argv.indexOf('--data');
const scored = dataAt >= 0 ? resolve(process.argv[dataAt + 1]!) : pdncDir();
const started = Date.now();
const novels = devNovels().map(loadNovel);
console.log(`features of ${novels.length} novels in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const dir = mkdtempSync(join(tmpdir(), 'castbook-lono-'));
// Without --cache the fits go to a cache of this run's own, which fitInParallel fills (below).
const cache = resolve(cacheAt >= 0 ? process.argv[cacheAt + 1]! : join(dir, 'fits'));
let right = 0;
let total = 0;
// By default each held-out model is trained and calibrated exactly as `npm run train` does (folds of
// its thirteen novels: 70 fits for 14 novels and 4 folds). With --shared-folds, calibration folds are
// groups of novels (index mod N) shared by every held-out novel, so their models are fitted once
// (24 fits instead of 70): the other novels of each group are decoded by a model fitted without their
// group and without the held-out novel's group, those of the held-out novel's own group by one fitted
// without that group. No model that decodes a calibration novel, nor the calibration, has read the
// held-out novel; but its decoders read fewer novels than the shipped training's, which makes the
// calibration more cautious (highConfidenceShare 0.399 against 0.4071, same speakers): a quick
// figure for comparing changes, not the one to report.
const sharedFolds = process.argv.includes('--shared-folds');
const group = (n: Novel) => novels.indexOf(n) % folds;
const groupModels = new Map<string, SpeakerModel>();
const withoutGroups = (groups: number[]) => novels.filter((n) => !groups.includes(group(n)));
function modelWithoutGroups(groups: number[]): SpeakerModel {
  const key = groups.join(',');
  let m = groupModels.get(key);
  if (!m) groupModels.set(key, (m = fitModel(withoutGroups(groups), { cache })));
  return m;
}
/** The calibration groups a held-out novel's decoder of group g is fitted without (see above). */
const decoderGroups = (held: Novel, g: number) =>
  g === group(held) ? [g] : [Math.min(g, group(held)), Math.max(g, group(held))];
// A calibration novel's decoded points depend on its decoder alone, and a decoder on the held-out
// novel's group alone: each (decoder, novel) pair is decoded once, not once per held-out novel
// (56 decodes instead of 182 for 14 novels and 4 folds).
const decodedByGroups = new Map<string, DecodedPoint[]>();
function calibrationPoints(groups: number[], n: Novel): DecodedPoint[] {
  const key = `${groups.join(',')}/${n.name}`;
  let points = decodedByGroups.get(key);
  if (!points) decodedByGroups.set(key, (points = decodedPoints(modelWithoutGroups(groups), n)));
  return points;
}
const calibrateShared = !quick && sharedFolds && folds >= 3;
const trainFolds = sharedFolds || quick ? 0 : folds;
// Every fit the loop below makes, fitted first on all cores; the loop then reads them from the cache.
const fitStarted = Date.now();
const fits = novels.flatMap((held) => {
  const train = novels.filter((n) => n !== held);
  const decoders = calibrateShared ? [...Array(folds).keys()].map((g) => withoutGroups(decoderGroups(held, g))) : [];
  return [...trainingSets(train, trainFolds), ...decoders];
});
await fitInParallel(fits, { cache });
console.log(`speaker weights fitted in ${((Date.now() - fitStarted) / 1000).toFixed(0)} s`);
for (const held of novels) {
  const train = novels.filter((n) => n !== held);
  const full = trainModel(train, { folds: trainFolds, cache, certainty });
  let model = full;
  if (calibrateShared) {
    const points: DecodedPoint[] = [];
    for (let g = 0; g < folds; g++) {
      for (const n of train) if (group(n) === g) points.push(...calibrationPoints(decoderGroups(held, g), n));
    }
    model = withConfidence({ weights: full.weights, hidden: full.hidden, out: full.out }, points, certainty);
  }
  writeFileSync(join(dir, `${held.name}.json`), JSON.stringify(model));
  if (quick) {
    const points = decodedPoints(model, held);
    const r = points.filter((p) => p.right).length;
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
  // The novels are analysed by the compiled engine (dist/, as the built CLI runs it): the scorer
  // times each command, and through the TypeScript loader half of that time was the loader's.
  execFileSync(
    process.execPath,
    [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-b', join(pkg, 'tsconfig.json')],
    {
      stdio: 'inherit',
    },
  );
  const cmd = `node ${JSON.stringify(join(pkg, 'train/analyze-with.mjs'))} ${JSON.stringify(dir)} {text}`;
  execFileSync(
    'node',
    [
      join(sharedDir(), 'tools/pdnc-eval.mjs'),
      '--data',
      scored,
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

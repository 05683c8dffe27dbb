// Regression floor of the whole engine on one annotated novel of the PDNC dev set, scored by the
// shared scorer, with the speaker model trained on the other thirteen dev novels (a score with the
// shipped weights, which have read this novel, would flatter it). The novel is chosen by a property
// at run time, not named (issue 13: no test names a book of the corpus): the dev set's shortest
// (pdncNovels()[0]), which keeps the test's time about what it was (training the model on the
// other thirteen takes most of it). Floors sit ~0.02 under what the engine achieved when they were
// last set: a drop below one is a regression; after a real improvement, raise them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { OutlineItem } from '@castbook/contracts';
import { analyze } from '../src/analyze.js';
import { pdncDir, pdncNovels, romanHeadings, sharedDir } from '@castbook/test-kit/pdnc';
import { devNovels, loadNovel } from '../train/corpus.js';
import { trainModel } from '../train/fit.js';

// Last measured (when the novel came to be chosen by its length: this test's own training, analysis
// and shared scorer, tools/pdnc-score.mjs):
// speaker 0.7304, quotes R 0.9831 P 0.9857, characters R 0.6667 P 0.7778, no main character split
// into two speaking characters (fragmentedMain empty); 10 chapter headings found, no volumes.
const FLOORS = {
  speakerAccuracy: 0.71,
  quoteRecall: 0.96,
  quotePrecision: 0.965,
  mainCharacterRecall: 0.64,
  speakingCharacterPrecision: 0.75,
} as const;

/** The dev set's shortest novel (its folder). */
const NOVEL = pdncNovels()[0]!;
const shared = sharedDir();
const novelDir = resolve(pdncDir(), NOVEL);

interface ScoreReport {
  quotes: { recall: number; precision: number };
  speaker: { accuracy: number };
  characters: { recallMain: number; precisionSpeaking: number; fragmentedMain: string[] };
}

const count = (items: OutlineItem[], type: string): number =>
  items.reduce((n, i) => n + (i.type === type ? 1 : 0) + count(i.children, type), 0);

describe("PDNC regression: the dev set's shortest novel", () => {
  const text = readFileSync(resolve(novelDir, 'text.txt'), 'utf8');
  const gold: unknown = JSON.parse(readFileSync(resolve(novelDir, 'gold.json'), 'utf8'));
  // Accuracy does not depend on the calibration, so the held-out folds it needs are skipped.
  const speakerModel = trainModel(
    devNovels()
      .filter((n) => n !== NOVEL)
      .map(loadNovel),
    { folds: 0 },
  );
  const result = analyze(text, { speakerModel });

  it('finds every chapter and volume heading', () => {
    const chapters = romanHeadings(text, 'CHAPTER').length;
    expect(chapters).toBeGreaterThan(0);
    expect(count(result.outline, 'chapter')).toBe(chapters);
    expect(count(result.outline, 'volume')).toBe(romanHeadings(text, 'VOLUME').length);
  });

  it('scores at or above the recorded floors', async () => {
    const scorer = (await import(pathToFileURL(resolve(shared, 'tools/pdnc-score.mjs')).href)) as {
      score: (gold: unknown, pred: unknown, text: string) => ScoreReport;
    };
    const r = scorer.score(gold, result, text);
    const measured = {
      speakerAccuracy: r.speaker.accuracy,
      quoteRecall: r.quotes.recall,
      quotePrecision: r.quotes.precision,
      mainCharacterRecall: r.characters.recallMain,
      speakingCharacterPrecision: r.characters.precisionSpeaking,
    };
    console.log(`${NOVEL}: ${JSON.stringify(measured)}`);
    for (const [metric, floor] of Object.entries(FLOORS))
      expect(measured[metric as keyof typeof measured], metric).toBeGreaterThanOrEqual(floor);
    // A main character the engine takes for two (known by a married name as well, or by a first
    // name to family) would show here.
    expect(r.characters.fragmentedMain, 'main characters split in two').toEqual([]);
  });
});

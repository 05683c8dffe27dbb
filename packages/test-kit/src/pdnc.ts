// Where the shared PDNC development set lives, for every test, benchmark and e2e spec that reads it.
// The shared folder sits next to the repository (`../shared`) in the workspace; a clone made
// elsewhere (CI clones into /tmp) finds it at /work/shared, or wherever CASTBOOK_SHARED_DIR points.
// CASTBOOK_PDNC_DIR overrides the novels' folder alone.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The folder holding `data/pdnc-dev` and `tools/` (the scorer). */
export function sharedDir(): string {
  const found = [process.env.CASTBOOK_SHARED_DIR, resolve(repoRoot, '../shared'), '/work/shared'].find(
    (dir): dir is string => !!dir && existsSync(resolve(dir, 'data/pdnc-dev')),
  );
  if (!found) throw new Error('PDNC data not found: set CASTBOOK_SHARED_DIR to the folder holding data/pdnc-dev');
  return found;
}

/** The seven novels of the dev set, shortest first (cycled by tests and benches that submit many). */
export const PDNC_NOVELS = [
  'AlicesAdventuresInWonderland',
  'TheSignOfTheFour',
  'ThePictureOfDorianGray',
  'AnneOfGreenGables',
  'PrideAndPrejudice',
  'TheSunAlsoRises',
  'OliverTwist',
] as const;

/** The folder of PDNC novels: one folder per novel with `text.txt` and `gold.json`. */
export function pdncDir(): string {
  return process.env.CASTBOOK_PDNC_DIR ?? resolve(sharedDir(), 'data/pdnc-dev');
}

/** A novel's text, with line ends as stored. */
export function pdncText(novel: string): string {
  return readFileSync(resolve(pdncDir(), novel, 'text.txt'), 'utf8');
}

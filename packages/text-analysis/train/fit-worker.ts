// A fit thread of parallel-fits.ts: fits one set of novels' speaker weights into the fit cache.
// The novels are loaded once per thread and kept for its next tasks.
import { loadNovel, type Novel } from './corpus.js';
import { fitOnNovels } from './fit.js';
import type { FitTask } from './parallel-fits.js';

const loaded = new Map<string, Novel>();

function novel(name: string): Novel {
  let n = loaded.get(name);
  if (!n) loaded.set(name, (n = loadNovel(name)));
  return n;
}

export default function fit({ novels, options }: FitTask): void {
  fitOnNovels(novels.map(novel), options);
}

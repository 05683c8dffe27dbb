// node --conditions=@castbook/source --import tsx train/dash-rendering.ts OUT_DIR
// Writes the dev novels with their dialogue set by dashes instead of quotation marks (as
// translations from French or Russian print it: `— Twice, — said Selwyn.`), for measuring how the
// engine reads that setting: `npm run eval:lono -- --data OUT_DIR`. Character for character: each
// annotated quotation's opening mark becomes an em dash, its closing mark an em dash where the
// paragraph goes on (a tag or narration follows) or a space where it ends there, so the gold offsets
// stay valid and the gold files are linked, not copied. Marks the annotation does not count as
// speech (quoted titles, scare quotes) stay, as they do in such books.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pdncDir, pdncNovels } from '@castbook/test-kit/pdnc';

const out = process.argv[2];
if (!out) {
  console.error('usage: dash-rendering.ts OUT_DIR');
  process.exit(2);
}
const MARK = /["\u201c\u201d'\u2018\u2019]/;
/** The paragraph ends at `k` (after the closing mark and any spaces): a blank line or the text's end. */
const paragraphEndsAt = (text: string, k: number) => k >= text.length || /^\n[ \t\r]*(\n|$)/.test(text.slice(k, k + 8));

for (const novel of pdncNovels()) {
  const source = join(pdncDir(), novel);
  const text = readFileSync(join(source, 'text.txt'), 'utf8');
  const gold = JSON.parse(readFileSync(join(source, 'gold.json'), 'utf8')) as {
    quotes: { spans: [number, number][] }[];
  };
  const chars = text.split('');
  for (const q of gold.quotes)
    for (const [a, b] of q.spans) {
      if (a > 0 && MARK.test(chars[a - 1]!)) chars[a - 1] = '\u2014';
      if (b < chars.length && MARK.test(chars[b]!)) {
        let k = b + 1;
        while (k < text.length && /[ \t\r]/.test(text[k]!)) k++;
        chars[b] = paragraphEndsAt(text, k) ? ' ' : '\u2014';
      }
    }
  const dir = resolve(out, novel);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'text.txt'), chars.join(''));
  if (!existsSync(join(dir, 'gold.json'))) symlinkSync(join(source, 'gold.json'), join(dir, 'gold.json'));
}
console.log(`${pdncNovels().length} novels with dash-set dialogue in ${resolve(out)}`);

// The JavaScript that `/` loads, gzipped, measured from the build (issue 7: under 200 KB). It follows
// frontend/dist/.vite/manifest.json from the entry through its static imports, then the lazy chunks the
// landing route opens (the public layout and the home page) and their static imports. It also checks
// that none of those chunks is the stage's. Run `npm run build -w @castbook/frontend` first.
//   node frontend/scripts/measure-landing.mjs [--json]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(dirname(fileURLToPath(import.meta.url))), 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`measure-landing: no ${manifestPath}; build the frontend first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const LIMIT = 200 * 1024;
// The lazy route modules `/` renders (routes.tsx): the public layout and the landing page.
const LANDING_ROUTES = ['src/public/PublicLayout.tsx', 'src/public/HomePage.tsx'];

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const seen = new Set();
function visit(key) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`measure-landing: ${key} is not in the manifest`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) visit(dep);
}
visit(entry);
for (const route of LANDING_ROUTES) visit(route);

const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
const rows = files.map((file) => {
  const raw = readFileSync(join(dist, file));
  return { file, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
});
const total = rows.reduce((n, r) => n + r.gzip, 0);
const stage = [...seen].filter((k) => k.includes('src/stage/'));

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ totalGzipBytes: total, limit: LIMIT, files: rows, stageModules: stage }));
} else {
  for (const r of rows.sort((a, b) => b.gzip - a.gzip))
    console.log(
      `${(r.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(r.raw / 1024).toFixed(1).padStart(7)} KB  ${r.file}`,
    );
  console.log(`\n/ loads ${rows.length} JS files: ${(total / 1024).toFixed(1)} KB gzipped (limit ${LIMIT / 1024} KB)`);
  if (stage.length) console.log(`stage modules reachable from /: ${stage.join(', ')}`);
}
process.exit(total <= LIMIT && stage.length === 0 ? 0 : 1);

// Builds frontend/dist when it is missing or older than its sources, so `npm start` and the e2e
// stack always serve the current app. Up to date, it returns at once; a build takes a few seconds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const frontend = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(frontend);
const built = join(frontend, 'dist', 'index.html');
const sources = [
  join(frontend, 'src'),
  join(frontend, 'public'),
  join(frontend, 'index.html'),
  join(frontend, 'vite.config.ts'),
  join(frontend, 'package.json'),
  // The app bundles the shared schemas and the plan catalogue.
  join(root, 'packages', 'contracts', 'src'),
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt && builtAt >= Math.max(...sources.map(newest))) process.exit(0);

const started = Date.now();
process.stdout.write('castbook: building the frontend…\n');
try {
  const { build } = await import('vite');
  await build({ root: frontend, logLevel: 'warn' });
  process.stdout.write(`castbook: frontend built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} catch (err) {
  process.stderr.write(`castbook: frontend build failed: ${err.message}\n`);
  // An older build still serves; with none at all there is nothing to start.
  process.exit(builtAt ? 0 : 1);
}

// The React app: built into frontend/dist, which the gateway serves with SPA fallback.
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Starts downloading the landing page's code (the public layout and the home page, with their imports)
 * together with the entry instead of after it has run, and preloads the Inter font. Plain link tags:
 * the gateway's CSP allows no inline script. The stage's code is never preloaded.
 */
function publicRoutePreload(): Plugin {
  return {
    name: 'castbook-public-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        // The entry and what it imports statically are in index.html already.
        const seen = new Set<string>(entry ? [entry.fileName, ...entry.imports] : []);
        const files: string[] = [];
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          files.push(file);
          for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) visit(dep);
        };
        for (const module of ['src/public/PublicLayout.tsx', 'src/public/HomePage.tsx']) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`public-route-preload: no chunk for ${module}`);
          visit(chunk.fileName);
        }
        const font = Object.values(bundle).find(
          (a) => a.type === 'asset' && /inter-latin-wght-normal-.*\.woff2$/.test(a.fileName),
        );
        return [
          ...files.map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${f}` },
            injectTo: 'head' as const,
          })),
          ...(font
            ? [
                {
                  tag: 'link',
                  attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${font.fileName}` },
                  injectTo: 'head' as const,
                },
              ]
            : []),
        ];
      },
    },
  };
}

// The dev server forwards the API to a running stack (`npm start` listens on 8080 by default).
const apiTarget = process.env.CASTBOOK_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), publicRoutePreload()],
  // Workspace packages (@castbook/contracts) resolve to their TypeScript sources through this condition.
  resolve: { conditions: ['@castbook/source', ...defaultClientConditions] },
  // /pay: the local payment provider's checkout and portal pages (billing serves them through the gateway).
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/pay': { target: apiTarget, changeOrigin: false } },
  },
  // The manifest lets scripts/measure-landing.mjs follow what a route loads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true, chunkSizeWarningLimit: 700 },
});

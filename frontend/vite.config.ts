// The React app: built into frontend/dist, which the gateway serves with SPA fallback.
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The dev server forwards the API to a running stack (`npm start` listens on 8080 by default).
const apiTarget = process.env.CASTBOOK_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  // Workspace packages (@castbook/contracts) resolve to their TypeScript sources through this condition.
  resolve: { conditions: ['@castbook/source', ...defaultClientConditions] },
  server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 700 },
});

// Serves the built React app with SPA fallback: unknown non-API GETs get index.html.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { HttpService } from '@castbook/platform';
import { fail } from '@castbook/contracts';

export async function registerFrontend(app: HttpService, dir: string | undefined) {
  const root = dir ? resolve(dir) : undefined;
  const hasApp = !!root && existsSync(resolve(root, 'index.html'));
  if (hasApp) await app.register(fastifyStatic, { root, wildcard: false });
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/');
    if (hasApp && wantsPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send(fail(`No route ${req.method} ${req.url.split('?')[0]}`));
  });
}

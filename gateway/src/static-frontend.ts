// Serves the built React app with SPA fallback: unknown non-API GETs get index.html.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFoundInEnvelope, type HttpService } from '@castbook/platform';

export function frontendRoot(dir: string | undefined): string | undefined {
  const root = dir ? resolve(dir) : undefined;
  return root && existsSync(resolve(root, 'index.html')) ? root : undefined;
}

export async function registerFrontend(app: HttpService, root: string | undefined) {
  if (root) await app.register(fastifyStatic, { root, wildcard: false });
}

/** Unmatched GETs outside /api get the app's index.html (client-side routes); the rest a JSON 404. */
export function spaFallback(root: string | undefined) {
  return (req: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/');
    if (root && wantsPage) return reply.type('text/html').sendFile('index.html');
    return notFoundInEnvelope(req, reply);
  };
}

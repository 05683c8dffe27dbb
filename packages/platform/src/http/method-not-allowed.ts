// A known path called with a method it does not take is a 405 with an Allow header (RFC 9110
// §15.5.6), not a 404: the OpenAPI documents list each path's methods, and a client (or Schemathesis'
// unsupported_method check) can tell "no such thing" from "not like that".
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const ROUTES = Symbol('castbook.routes');
type Tracked = FastifyInstance & { [ROUTES]?: Array<{ methods: string[]; pattern: RegExp }> };

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** Remembers every route's methods and path pattern (call before any route is added). */
export function trackRoutes(app: {
  addHook(name: 'onRoute', hook: (route: { method: string | string[]; url: string }) => void): unknown;
}): void {
  const routes: NonNullable<Tracked[typeof ROUTES]> = [];
  (app as unknown as Tracked)[ROUTES] = routes;
  app.addHook('onRoute', (route) => {
    routes.push({ methods: [route.method].flat().map(String), pattern: patternOf(route.url) });
  });
}

/** The methods some route takes at this path (empty when no route has the path). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  const routes = (app as Tracked)[ROUTES] ?? [];
  const methods = new Set<string>();
  for (const r of routes) if (r.pattern.test(path)) r.methods.forEach((m) => methods.add(m));
  return [...methods].sort();
}

/**
 * onRequest: a known path called without a body and with another method is a 405 with Allow at once
 * (Fastify would refuse a QUERY without Content-Type with a 400 before any handler).
 */
export async function methodNotAllowedHook(req: FastifyRequest, reply: FastifyReply) {
  if (req.routeOptions.url !== undefined) return; // a route matched
  // A body is read first (the 404 route parses it), so the connection stays usable: notFound answers.
  if (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0) return;
  return answerMethodNotAllowed(req, reply);
}

/** The 405 with Allow when the path is known under other methods; undefined when it is not. */
export function answerMethodNotAllowed(req: FastifyRequest, reply: FastifyReply) {
  const path = req.url.split('?')[0] ?? req.url;
  const allow = allowedMethods(req.server, path);
  if (allow.length === 0 || allow.includes(req.method)) return;
  return reply
    .status(405)
    .header('allow', allow.join(', '))
    .send({ success: false, error: `${req.method} is not allowed here (allowed: ${allow.join(', ')})` });
}

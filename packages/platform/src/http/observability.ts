// One access log line per request and the HTTP latency histogram, for every service and the gateway.
// Fastify's own request logging (a line when the request comes in, another when it is answered) is
// off. Instead each request gets one line when it is answered, carrying its request id (reqId, the
// gateway's x-request-id, which also travels into event metadata). A request the gateway forwards is
// logged once, by the service that answered it; the gateway logs only what it answered itself (its
// own routes, a 413 at the edge, a 502 when a service is down). Health checks and scrapes log at debug.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Any Fastify instance, whatever its logger and type provider.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFastify = FastifyInstance<any, any, any, any, any>;
import type { TargetMetrics } from '../metrics/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This target's Prometheus registry (metrics/metrics.ts); add series to `metrics.registry`. */
    metrics: TargetMetrics;
  }
}

/** Requests whose access line another process writes (the gateway marks those a service answered). */
const loggedElsewhere = new WeakSet<FastifyRequest>();

/** The gateway forwarded this request and the service answered it: the service logs it. */
export function accessLoggedUpstream(req: FastifyRequest): void {
  loggedElsewhere.add(req);
}

const QUIET_ROUTES = new Set(['/health', '/metrics', '/api/health']);

/** The route pattern a request matched (`/api/projects/:id`), never its raw URL. */
export function routeOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unmatched';
}

export function installObservability(
  app: AnyFastify,
  metrics: TargetMetrics,
  { metricsRoute = true }: { metricsRoute?: boolean } = {},
): void {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const route = routeOf(req);
    const seconds = reply.elapsedTime / 1000;
    metrics.httpDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, seconds);
    if (loggedElsewhere.has(req)) return;
    const line = {
      http: {
        method: req.method,
        url: req.url.split('?')[0],
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
    };
    if (QUIET_ROUTES.has(route)) req.log.debug(line, 'request');
    else if (reply.statusCode >= 500) req.log.error(line, 'request');
    else req.log.info(line, 'request');
  });
  if (metricsRoute) {
    app.get('/metrics', { schema: { hide: true } }, async (_req, reply) =>
      reply.type(metrics.contentType).send(await metrics.text()),
    );
  }
}

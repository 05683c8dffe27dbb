// Forwards /api/* (and billing's /pay/* pages) to the owning service, keeping the request id so logs join up across services.
// Bodies are streamed, never parsed here, and bounded by the gateway's own body limit: a declared
// length over it is refused before any service is asked, a streamed body that grows past it is cut
// off, both with a 413. When a service refuses a body early (its own 413), the service reads and
// drops the rest (platform drainUnread), and so does the gateway, so the browser gets that 413
// rather than a reset connection or a 502.
import { PassThrough } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '@castbook/contracts';
import {
  DRAIN_LIMIT,
  drainUnread,
  formatBytes,
  HttpError,
  REQUEST_ID_HEADER,
  accessLoggedUpstream,
  type HttpService,
} from '@castbook/platform';
import { serviceFor, type ServiceName } from './service-routes.js';

/** Set on a body cut off for growing past the gateway's limit. */
class BodyTooLarge extends Error {}

export async function registerProxy(app: HttpService, services: Record<ServiceName, string>) {
  const drainLimit = DRAIN_LIMIT;
  // reply-from's own lines ('fetching from remote server', 'response received') are off: one access
  // line per request (platform http/observability.ts).
  // undici (reply-from's default client) rather than node:http: its connection pool costs the gateway
  // less per request, which the busiest reads (the project list) feel directly.
  await app.register(replyFrom, {
    disableRequestLogging: true,
    undici: { headersTimeout: 30_000, bodyTimeout: 30_000 },
  });
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  const tooLarge = `The request body is too large (at most ${formatBytes(bodyLimit)})`;
  // Bodies are forwarded untouched (multipart uploads included): no parsing at the edge.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (req, payload, done) => {
    if (Number(req.headers['content-length']) > bodyLimit) return done(new HttpError(413, tooLarge), undefined);
    // The service reads a copy: when it stops reading early, the client's own stream is left whole,
    // to be drained after the answer, instead of being destroyed with the connection to the service.
    const body = new PassThrough();
    let seen = 0;
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= bodyLimit) return;
      // Cut off; the rest is drained (bounded) once the 413 is sent.
      payload.removeListener('data', count);
      payload.unpipe(body);
      payload.pause();
      body.destroy(new BodyTooLarge(tooLarge));
    };
    payload.on('data', count);
    // A client that goes away mid-body: the service's request is ended too, not left waiting.
    payload.on('close', () => {
      if (!req.raw.complete) body.destroy(new Error('The client closed the connection'));
    });
    payload.pipe(body);
    done(null, body);
  });

  // Fastify refuses a QUERY (RFC 10008) without Content-Type with a 400 before any route runs; no
  // service takes QUERY, and the owning service's 405 with its Allow header is the answer to forward.
  app.addHook('onRequest', async (req) => {
    if (req.method === 'QUERY' && req.headers['content-type'] === undefined) {
      req.headers['content-type'] = 'application/octet-stream';
    }
  });
  const forward = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? req.url;
    const service = serviceFor(path);
    if (!service) return reply.status(404).send(fail(`No route ${req.method} ${path}`));
    return reply.from(`${services[service]}${req.url}`, {
      // The Host the browser used goes along as x-forwarded-host (reply-from sets Host to the
      // service's), so billing can tell the app's own origin (checkout return URLs, its /pay pages).
      rewriteRequestHeaders: (_r, headers) => ({
        ...headers,
        [REQUEST_ID_HEADER]: req.id,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': req.protocol,
      }),
      onResponse: (_request, rep, res) => {
        // The service that answered writes this request's one access line.
        accessLoggedUpstream(req);
        if (!req.raw.complete) {
          // The service answered before the body was all sent (an early 413). reply-from would close
          // the client's connection, and closing with unread data resets it: the browser may lose
          // the answer. Instead, once the answer is out, the service's request is ended and the rest
          // of the body is read here and dropped (bounded).
          rep.removeHeader('connection');
          rep.raw.once('finish', () => {
            const body = req.body as PassThrough | undefined;
            req.raw.unpipe(body);
            body?.destroy();
            drainUnread(req.raw, drainLimit);
          });
        }
        return rep.send(res.stream);
      },
      onError: (rep, { error }) => {
        const body = req.body as PassThrough | undefined;
        if (body?.errored instanceof BodyTooLarge) return rep.status(413).send(fail(tooLarge));
        req.log.warn({ err: error, service }, 'service unreachable');
        rep.status(502).send(fail(`The ${service} service is unavailable`));
      },
    });
  };
  app.all('/api/*', forward);
  // The local payment provider's pages (billing serves them; no token: the session id is the key).
  app.all('/pay/*', forward);
}

// Forwards /api/* to the owning service, keeping the request id so logs join up across services.
import replyFrom from '@fastify/reply-from';
import { fail } from '@castbook/contracts';
import { REQUEST_ID_HEADER, type HttpService } from '@castbook/platform';
import { serviceFor, type ServiceName } from './service-routes.js';

export async function registerProxy(app: HttpService, services: Record<ServiceName, string>) {
  await app.register(replyFrom, { http: { requestOptions: { timeout: 30_000 } } });
  // Bodies are forwarded untouched (multipart uploads included): no parsing at the edge.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  app.all('/api/*', async (req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    const service = serviceFor(path);
    if (!service) return reply.status(404).send(fail(`No route ${req.method} ${path}`));
    return reply.from(`${services[service]}${req.url}`, {
      rewriteRequestHeaders: (_r, headers) => ({ ...headers, [REQUEST_ID_HEADER]: req.id }),
      onError: (rep, { error }) => {
        req.log.warn({ err: error, service }, 'service unreachable');
        rep.status(502).send(fail(`The ${service} service is unavailable`));
      },
    });
  });
}

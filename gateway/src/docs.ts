// /api/docs: Swagger UI over every service's OpenAPI document (fetched live from each service).
// The gateway's own @fastify/swagger instance comes from the platform HTTP bootstrap.
import swaggerUi from '@fastify/swagger-ui';
import type { HttpService } from '@castbook/platform';
import { fail } from '@castbook/contracts';
import { SERVICES, type ServiceName } from './service-routes.js';

export async function registerDocs(app: HttpService, services: Record<ServiceName, string>) {
  app.get<{ Params: { service: string } }>(
    '/api/docs/services/:service.json',
    { schema: { hide: true } },
    async (req, reply) => {
      const name = req.params.service as ServiceName;
      if (!SERVICES.includes(name)) return reply.status(404).send(fail(`Unknown service '${req.params.service}'`));
      const res = await fetch(`${services[name]}/openapi.json`, { signal: AbortSignal.timeout(2000) }).catch(
        () => null,
      );
      if (!res?.ok) return reply.status(502).send(fail(`The ${name} service did not answer`));
      return reply.type('application/json').send(await res.text());
    },
  );
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: {
      urls: SERVICES.map((s) => ({ url: `/api/docs/services/${s}.json`, name: s })),
      validatorUrl: null,
    },
  });
}

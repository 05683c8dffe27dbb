// Fastify bootstrap shared by every service and the gateway: request ids, security headers, zod
// validation with the { success, data, error } envelope, OpenAPI generated from the zod schemas,
// and a /health route reporting the readiness of each dependency.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { fail, type Readiness } from '@castbook/contracts';
import type { Logger } from '../logging/logger.js';
import { REQUEST_ID_HEADER } from '../logging/logger.js';

export type ReadinessCheck = () => Promise<{ ok: boolean; error?: string }>;

export interface HttpServiceOptions {
  name: string;
  logger: Logger;
  /** Named readiness checks reported by GET /health (db, bus, storage, ...). */
  readiness: Record<string, ReadinessCheck>;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Answers unmatched routes; by default a 404 in the envelope. The gateway uses it for SPA fallback. */
  notFound?: (req: FastifyRequest, reply: FastifyReply) => unknown;
}

/** An error whose message is safe to show to the caller with the given HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export async function createHttpService(options: HttpServiceOptions) {
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Keep the gateway's request id so one request can be followed across services and events.
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  await app.register(helmet, { global: true });
  await app.register(swagger, {
    openapi: { info: { title: `Castbook ${options.name} service`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = first?.instancePath
        ? `${err.validationContext ?? 'body'}${first.instancePath.replaceAll('/', '.')}`
        : (err.validationContext ?? 'body');
      return reply.status(400).send(fail(`Invalid ${where}: ${first?.message ?? 'bad request'}`));
    }
    if (err instanceof HttpError) return reply.status(err.statusCode).send(fail(err.message));
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.status(status).send(fail(err.message));
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail('Internal server error'));
  });
  app.setNotFoundHandler(options.notFound ?? notFoundInEnvelope);

  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    const body = await checkReadiness(options.readiness);
    return reply.status(body.status === 'ready' ? 200 : 503).send(body);
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

export function notFoundInEnvelope(req: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(fail(`No route ${req.method} ${req.url.split('?')[0]}`));
}

export type HttpService = Awaited<ReturnType<typeof createHttpService>>;

export async function checkReadiness(checks: Record<string, ReadinessCheck>): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        return [name, await check()] as const;
      } catch (err) {
        return [name, { ok: false, error: (err as Error).message }] as const;
      }
    }),
  );
  const all = Object.fromEntries(entries);
  return { status: entries.every(([, r]) => r.ok) ? 'ready' : 'not_ready', checks: all };
}

/** Listens on host:port (port 0 picks a free one) and returns the base URL. */
export async function listen(app: HttpService, port: number, host = '127.0.0.1'): Promise<string> {
  await app.listen({ port, host });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('server has no TCP address');
  return `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
}

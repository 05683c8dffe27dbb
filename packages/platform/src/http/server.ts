// Fastify bootstrap shared by every service and the gateway: request ids, security headers, zod
// validation with the { success, data, error } envelope, OpenAPI generated from the zod schemas,
// and a /health route reporting the readiness of each dependency. Bad input never gets a 5xx
// (the Hardening issue): JSON bodies are bounded before validation (http/json-guard.ts), an
// oversized body is a 413 the client gets to read, a long URL a 414 that says so.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fail, type Readiness } from '@castbook/contracts';
import type { Logger } from '../logging/logger.js';
import { REQUEST_ID_HEADER } from '../logging/logger.js';
import { checkJson, DEFAULT_JSON_LIMITS, type JsonLimits } from './json-guard.js';
import { formatBytes } from './multipart-form.js';
import { closeGracefully } from './graceful-close.js';
import { installObservability } from './observability.js';
import { TargetMetrics } from '../metrics/metrics.js';
import { registerOpenApi, serializerCompiler, validatorCompiler } from './openapi.js';
import { answerMethodNotAllowed, methodNotAllowedHook, trackRoutes } from './method-not-allowed.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's bounds on a JSON body (a longer list than DEFAULT_JSON_LIMITS allows). */
    jsonLimits?: Partial<JsonLimits>;
  }
}

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
  /** Longest accepted URL (path and query) in characters; longer is a 414. Default 8192. */
  maxUrlLength?: number;
  /**
   * Most bytes of a refused body read and thrown away after the answer (default 64 MiB): a server
   * that answers early (413) and closes at once resets the connection, and the client (the gateway)
   * may lose the answer and see a reset. Beyond this the connection is closed.
   */
  drainLimit?: number;
  /** This target's metrics registry (default: a new one); GET /metrics serves it unless `metricsRoute` is false. */
  metrics?: TargetMetrics;
  metricsRoute?: boolean;
}

/** Every answer's Permissions-Policy: the app uses the microphone (the voice recorder) and nothing else. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=(self)',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'sync-xhr=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Default most bytes of an unread body dropped after an early answer (see HttpServiceOptions.drainLimit). */
export const DRAIN_LIMIT = 64 * 1024 * 1024;

export const URL_TOO_LONG = (max: number) => `The URL is too long (at most ${max} characters)`;
export const URL_NOT_UTF8 = 'The URL is not valid (its %-escapes are not UTF-8)';

/** PostgreSQL's answers to a value no column can hold: bad input that slipped past validation. */
const UNSTORABLE_INPUT = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22021', // character_not_in_repertoire (NUL in text)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character (NUL, unpaired surrogate in jsonb)
]);

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
  const maxUrlLength = options.maxUrlLength ?? 8192;
  const drainLimit = options.drainLimit ?? DRAIN_LIMIT;
  const app = Fastify({
    loggerInstance: options.logger,
    // One access line per request, written when it is answered (http/observability.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // URL errors found while routing, in the envelope (Fastify's own say 'Bad Request' even for 414).
    frameworkErrors: (err, _req, res) => {
      const reply = res as FastifyReply;
      if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply.status(414).send(fail('The URL is too long (a path segment is over 100 characters)'));
      }
      if (err.code === 'FST_ERR_BAD_URL') return reply.status(400).send(fail(URL_NOT_UTF8));
      return reply.send(err);
    },
    clientErrorHandler: (err, socket) => answerClientError(err as unknown as ClientError, socket, maxUrlLength),
    // Keep the gateway's request id so one request can be followed across services and events.
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  trackRoutes(app);
  app.addHook('onRequest', methodNotAllowedHook);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (req) => {
    if (req.url.length > maxUrlLength) throw new HttpError(414, URL_TOO_LONG(maxUrlLength));
    // Raw NUL never gets past Node's parser; escaped, it would reach a query as a path or query value.
    if (/%00/.test(req.url)) throw new HttpError(400, 'The URL must not contain NUL characters');
    // Escapes that are not UTF-8 (%ff, %ED%A0%80: a lone surrogate) decode to nothing a route can use,
    // and made the gateway's proxy throw (a 500).
    try {
      decodeURIComponent(req.url);
    } catch {
      throw new HttpError(400, URL_NOT_UTF8);
    }
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // A caller's own data is never kept by a browser or a shared cache.
    if (req.headers.authorization !== undefined && /json/i.test(String(reply.getHeader('content-type') ?? ''))) {
      reply.header('cache-control', 'no-store');
    }
  });
  app.addHook('onResponse', async (req) => {
    drainUnread(req.raw, drainLimit);
  });
  // JSON bodies: Fastify's own parser (prototype poisoning refused), then bounded before any schema.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parseJson(req, body as string, (err, value) => {
      if (err) return done(err, undefined);
      const problem = checkJson(value, { ...DEFAULT_JSON_LIMITS, ...req.routeOptions.config.jsonLimits });
      if (problem) return done(new HttpError(400, problem), undefined);
      done(null, value);
    });
  });
  // Helmet's headers, its middleware built once: @fastify/helmet builds a new one (parsing the CSP
  // directives again) on every request, a visible share of the busiest reads. Helmet's defaults, and
  // `blob:` for images only: the browser previews a chosen cover before it is uploaded. Media stay
  // 'self' (an unsaved voice take plays through Web Audio, not from a blob: URL).
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'] } },
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, () => done()));
  await registerOpenApi(app, options.name);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = first?.instancePath
        ? `${err.validationContext ?? 'body'}${first.instancePath.replaceAll('/', '.')}`
        : (err.validationContext ?? 'body');
      return reply.status(400).send(fail(`Invalid ${where}: ${first?.message ?? 'bad request'}`));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || (err instanceof HttpError && err.statusCode === 413)) {
      // Fastify closes the connection after a refused body; with bytes still unread that resets it
      // and the client may never see this answer. The rest is read and dropped instead (onResponse).
      if (!(Number(req.headers['content-length']) > drainLimit)) reply.removeHeader('connection');
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = formatBytes(req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0);
      return reply.status(413).send(fail(`The request body is too large (at most ${limit})`));
    }
    if (err instanceof HttpError) return reply.status(err.statusCode).send(fail(err.message));
    if (UNSTORABLE_INPUT.has(String(err.code))) {
      req.log.warn({ err }, 'a value the database cannot store got past validation');
      return reply.status(400).send(fail('The request holds a value that cannot be stored'));
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.status(status).send(fail(err.message));
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail('Internal server error'));
  });
  app.setNotFoundHandler(options.notFound ?? notFoundInEnvelope);
  closeGracefully(app);
  installObservability(app, options.metrics ?? new TargetMetrics(options.name), {
    metricsRoute: options.metricsRoute,
  });

  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    const body = await checkReadiness(options.readiness);
    return reply.status(body.status === 'ready' ? 200 : 503).send(body);
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}

/**
 * After the answer, the part of the body nobody read (an early 413 or 401, a refused form) is read and
 * dropped, up to `limit` bytes, so the connection stays usable and the client sees the answer rather
 * than a reset. A larger rest closes the connection.
 */
const DRAINING = Symbol('draining');

export function drainUnread(raw: IncomingMessage, limit: number): void {
  const marked = raw as IncomingMessage & { [DRAINING]?: boolean };
  if (raw.complete || raw.destroyed) return;
  if (marked[DRAINING]) {
    raw.resume();
    return;
  }
  marked[DRAINING] = true;
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limit) raw.socket?.destroy();
  });
  raw.on('error', () => {});
  raw.resume();
}

/** Whether a header overflow came in the request line (a long URL) rather than in the headers. */
function inRequestLine(rawPacket: Buffer | undefined, maxUrlLength: number): boolean {
  if (!rawPacket) return false;
  const end = rawPacket.indexOf('\r\n');
  if (end === -1) return true;
  const line = rawPacket.subarray(0, end).toString('latin1');
  if (!/ HTTP\/\d\.\d$/.test(line)) return false;
  // A request line that began in an earlier packet is longer than one packet.
  return !/^[A-Z]+ /.test(line) || line.length > maxUrlLength;
}

type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** Errors Node finds before Fastify sees a request (a URL or headers over 16 KB), in the envelope. */
function answerClientError(err: ClientError, socket: Socket, maxUrlLength: number) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let text = 'Bad Request';
  let message = 'The request is not valid HTTP';
  if (err.code === 'HPE_HEADER_OVERFLOW' && inRequestLine(err.rawPacket, maxUrlLength)) {
    [status, text, message] = [414, 'URI Too Long', URL_TOO_LONG(maxUrlLength)];
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    [status, text, message] = [431, 'Request Header Fields Too Large', 'The request headers are too large'];
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    [status, text, message] = [408, 'Request Timeout', 'The request took too long to arrive'];
  }
  const body = JSON.stringify(fail(message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nPermissions-Policy: ${PERMISSIONS_POLICY}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

export function notFoundInEnvelope(req: FastifyRequest, reply: FastifyReply) {
  if (answerMethodNotAllowed(req, reply)) return reply;
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

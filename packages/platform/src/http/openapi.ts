// Each service's OpenAPI document (GET /openapi.json, shown by the gateway at /api/docs), generated
// from the zod schemas the routes validate with, so it tells the truth (the Hardening issue):
// - every request body is documented: JSON bodies by the route's `body` schema; a multipart form or a
//   body a route checks itself (for its own messages) by a schema marked `documentedOnly`, which is
//   documented but not run by Fastify (the route validates the same fields itself);
// - every answer has a schema: the route's success shapes plus, for every operation, the error
//   envelope under `default` (401, 403, 413, 414, 429 can come from any edge);
// - recursive schemas (an outline) are components with names (`z.globalRegistry` ids), never an
//   unresolvable `#/components/schemas/schema0`;
// - who may call: bearer token on every /api route except those declaring `security: []`; the
//   CSRF double submit every state-changing call needs is said in each such operation's description
//   (as a security scheme, fuzzers take it for a credential they may drop and re-add at will);
// - links from a create operation (a 201 answering `data.id`) to every operation under its path
//   that takes that id, so a fuzzer (Schemathesis' stateful phase) reaches real objects;
// - what every edge refuses anyway: no string and no JSON key holds NUL (http/json-guard.ts, and
//   PostgreSQL cannot store it), said as a pattern / propertyNames (OpenAPI 3.1, JSON Schema 2020-12).
// Routes the gateway never forwards (internal, JWKS, health, metrics) are not in the document.
import swagger from '@fastify/swagger';
import type { FastifySchemaCompiler } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  validatorCompiler as zodValidatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@castbook/contracts';
import type { HttpService } from './server.js';

const DOCUMENTED_ONLY = new WeakSet<object>();

/** A body schema the document shows but Fastify does not run (the route validates the same fields itself). */
export function documentedOnly<T extends z.ZodType>(schema: T): T {
  DOCUMENTED_ONLY.add(schema);
  return schema;
}

/** Zod validation of a route's parts, except bodies marked `documentedOnly`. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (DOCUMENTED_ONLY.has(route.schema)) return (data) => ({ value: data });
  return zodValidatorCompiler(route);
};

/**
 * Answers are written as the handler built them: the response schemas document them (and
 * Schemathesis checks every answer against them in CI) rather than reshape them at run time, where a
 * missing key in a schema would silently drop a field the app reads.
 */
export const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** A multipart/form-data body: its text fields and files (`z.file()`), as the route reads them. */
export function multipartBody<T extends z.ZodType>(form: T) {
  return { body: documentedOnly(form), consumes: ['multipart/form-data'] };
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: `error` says which field and why',
  401: 'Not signed in, or the session has expired',
  403: 'Refused: a missing or wrong CSRF token, or not yours',
  404: 'Not found (or not yours)',
  409: 'Changed meanwhile, or a conflict with what exists',
  413: 'The body (or one of its fields or files) is too large',
  429: 'Too many attempts: see Retry-After',
};

/** Error answers in the envelope, by status, for a route's `response`. */
export function errorResponses(...statuses: number[]): Record<number, z.ZodType> {
  return Object.fromEntries(statuses.map((s) => [s, apiError.describe(ERROR_TEXT[s] ?? 'Error')]));
}

/** A binary answer (an image, a recording) of the given media types. */
export function binaryResponse(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(
      mediaTypes.map((t) => [t, { schema: z.custom<Buffer | string>().meta({ type: 'string', format: 'binary' }) }]),
    ),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token login answers' },
} as const;
const CSRF_NOTE =
  'CSRF: send the `csrf` cookie the gateway sets and its value in `X-CSRF-Token` ' +
  '(GET /api/auth/login answers it); a missing or different one is a 403.';

/**
 * A route's `security` when the bearer token is one way in and the route accepts another it checks
 * itself (a voice sample's signed playback URL): documented as the token or nothing, so a caller
 * without one is not told it must have it.
 */
export const OPTIONAL_BEARER: Record<string, string[]>[] = [{ bearerAuth: [] }, {}];

interface TransformInput {
  schema?: Record<string, unknown> & { security?: unknown; response?: Record<string, unknown> };
  url: string;
  route: { method: string | string[] };
  openapiObject: unknown;
}

/** Routes for other services and for operators, which the gateway never forwards. */
const NOT_DOCUMENTED = /^\/(internal\/|\.well-known\/|metrics$|health$|openapi\.json$)/;

export function openApiTransform() {
  const zodTransform = createJsonSchemaTransform({});
  return (input: TransformInput) => {
    const method = [input.route.method].flat()[0] ?? 'GET';
    if (NOT_DOCUMENTED.test(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
    const schema = { ...input.schema };
    const isPublic = Array.isArray(schema.security) && schema.security.length === 0;
    // `security: OPTIONAL_BEARER`: the token or something else the route checks itself (a signed URL).
    const optional = schema.security === OPTIONAL_BEARER;
    schema.security =
      isPublic || !input.url.startsWith('/api/') ? [] : optional ? OPTIONAL_BEARER : [{ bearerAuth: [] }];
    if (!SAFE_METHODS.has(method)) {
      schema.description = [schema.description, CSRF_NOTE].filter(Boolean).join('\n\n');
    }
    schema.response = { default: apiError.describe('Any other error, in the envelope'), ...schema.response };
    const out = zodTransform({ ...input, schema } as unknown as Parameters<typeof zodTransform>[0]);
    noNul(out.schema);
    return out;
  };
}

/** A string or key without NUL: what the JSON guard and the URL check let through. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

const JSON_VALUE_REF = '#/components/schemas/JsonValue';
/** Any JSON value without NUL in a string or a key: what an unknown key of an open object may hold. */
const JSON_VALUE = {
  anyOf: [
    { type: 'string', pattern: NO_NUL_PATTERN },
    { type: ['number', 'boolean', 'null'] },
    { type: 'array', items: { $ref: JSON_VALUE_REF } },
    { type: 'object', propertyNames: { pattern: NO_NUL_PATTERN }, additionalProperties: { $ref: JSON_VALUE_REF } },
  ],
};

/** Adds the NUL rule to every string and open object of a generated schema (in place). */
export function noNul(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(noNul);
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const types = [schema.type].flat();
  if (
    types.includes('string') &&
    schema.format !== 'binary' &&
    !schema.pattern &&
    !schema.enum &&
    !('const' in schema)
  ) {
    schema.pattern = NO_NUL_PATTERN;
  }
  if (types.includes('object') && schema.additionalProperties !== false && !schema.propertyNames) {
    // Keys the route does not know are dropped, but their values are still read (and refused with NUL).
    schema.propertyNames = { pattern: NO_NUL_PATTERN };
    schema.additionalProperties ??= { $ref: JSON_VALUE_REF };
  }
  for (const [key, child] of Object.entries(schema)) {
    if (key !== 'enum' && key !== 'const' && key !== 'examples' && key !== 'example' && key !== 'default') noNul(child);
  }
}

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }>; links?: object }> };
type JsonSchema = { properties?: Record<string, JsonSchema>; $ref?: string };

/** Links from each create operation (201 answering data.id) to the operations under its path that take the id. */
export function addCreateLinks(paths: Record<string, Record<string, Operation>>): void {
  for (const [path, operations] of Object.entries(paths)) {
    const created = operations.post?.responses?.['201'];
    const data = created?.content?.['application/json']?.schema?.properties?.data;
    if (!created || !data?.properties?.id) continue;
    const links: Record<string, object> = {};
    for (const [other, otherOps] of Object.entries(paths)) {
      const param = new RegExp(`^${escapeRegExp(path)}/\\{([^}]+)\\}(/.*)?$`).exec(other)?.[1];
      if (!param || other.slice(path.length + param.length + 3).includes('{')) continue;
      for (const verb of Object.keys(otherOps)) {
        const name = `${verb}${other
          .slice(path.length)
          .replace(/[{}]/g, '')
          .replace(/\W+(\w)/g, (_m, c: string) => c.toUpperCase())}`;
        links[name] = {
          operationRef: `#/paths/${other.replaceAll('~', '~0').replaceAll('/', '~1')}/${verb}`,
          parameters: { [`path.${param}`]: '$response.body#/data/id' },
        };
      }
    }
    if (Object.keys(links).length > 0) created.links = links;
  }
}

/**
 * An operation marked `'x-not-always-there': true` (an author's picture: only when one was uploaded)
 * is no link target: a link promises the object it leads to exists.
 */
export const NOT_ALWAYS_THERE = 'x-not-always-there';

function removeOptionalLinks(paths: Record<string, Record<string, Operation & { [NOT_ALWAYS_THERE]?: boolean }>>) {
  const optional = new Set<string>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [verb, op] of Object.entries(ops)) {
      if (op[NOT_ALWAYS_THERE]) optional.add(`#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${verb}`);
      delete op[NOT_ALWAYS_THERE];
    }
  }
  for (const ops of Object.values(paths)) {
    for (const op of Object.values(ops)) {
      for (const response of Object.values(op.responses ?? {})) {
        const links = response.links as Record<string, { operationRef: string }> | undefined;
        if (!links) continue;
        for (const [name, link] of Object.entries(links)) if (optional.has(link.operationRef)) delete links[name];
      }
    }
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Registers @fastify/swagger with the transforms above: GET /openapi.json answers `app.swagger()`. */
export async function registerOpenApi(app: HttpService, name: string): Promise<void> {
  const transformObject = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `Castbook ${name} service`, version: '1.0.0' },
      components: { securitySchemes: { ...SECURITY_SCHEMES } },
    },
    transform: openApiTransform() as never,
    transformObject: ((input: Parameters<typeof transformObject>[0]) => {
      const doc = transformObject(input) as {
        paths?: Record<string, Record<string, Operation>>;
        components?: { schemas?: unknown };
      };
      noNul(doc.components?.schemas);
      doc.components = { ...doc.components, schemas: { ...(doc.components?.schemas ?? {}), JsonValue: JSON_VALUE } };
      addCreateLinks(doc.paths ?? {});
      removeOptionalLinks(doc.paths ?? {});
      return doc;
    }) as never,
  });
}

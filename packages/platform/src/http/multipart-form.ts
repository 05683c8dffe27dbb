// Reads a multipart form into fields and (small, bounded) files. Every bound is enforced while
// streaming by @fastify/multipart, so an oversized upload is cut off, never held whole in memory.
// A route's bodyLimit does not reach multipart bodies: each field has its own limit here (a big
// text field, such as a project's content, names its own), and a field over it is a 413, never a
// silently truncated value. A malformed body (no boundary, cut short) is a 400, not a 500.
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart'; // its types add req.parts() and req.isMultipart()
import type { z } from 'zod';
import { hasUnstorableText, TEXT_MESSAGES } from '@castbook/contracts';
import { HttpError } from './server.js';

export interface FormFile {
  bytes: Buffer;
  filename: string;
}
export interface Form {
  fields: Record<string, string>;
  files: Record<string, FormFile>;
}

export interface FormLimits {
  /** Largest file in bytes. */
  maxFileBytes: number;
  /** Largest value in bytes of the named fields; every other field gets `defaultFieldBytes`. */
  fieldBytes?: Record<string, number>;
  /** Largest value of any other field in bytes (default 64 KiB: names, titles, ids, flags). */
  defaultFieldBytes?: number;
  /** Most fields (default 20). */
  maxFields?: number;
  /** The 413's message for a file over maxFileBytes, when the route has its own (default: a generic one). */
  fileTooLarge?: string;
}

export const DEFAULT_FIELD_BYTES = 64 * 1024;

/** "25 MB", "64 KB": a byte limit as the messages show it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export async function readForm(req: FastifyRequest, limits: number | FormLimits): Promise<Form> {
  const {
    maxFileBytes,
    fieldBytes = {},
    defaultFieldBytes = DEFAULT_FIELD_BYTES,
    maxFields = 20,
    fileTooLarge = `The file is too large (at most ${formatBytes(maxFileBytes)})`,
  }: FormLimits = typeof limits === 'number' ? { maxFileBytes: limits } : limits;
  if (!req.isMultipart()) throw new HttpError(400, 'Expected a multipart/form-data body');
  const contentType = String(req.headers['content-type'] ?? '');
  if (!/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(contentType)) {
    throw new HttpError(400, 'Invalid form data: the multipart/form-data content type has no boundary');
  }
  const limitOf = (name: string) => (Object.hasOwn(fieldBytes, name) ? fieldBytes[name]! : defaultFieldBytes);
  // busboy truncates a field at fieldSize; one byte more than the largest limit shows a value over it.
  const fieldSize = Math.max(defaultFieldBytes, ...Object.values(fieldBytes)) + 1;
  const form: Form = { fields: {}, files: {} };
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxFileBytes, files: 1, fields: maxFields, fieldSize },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // An empty file input (no file chosen) arrives as a file part with no bytes and no name.
        if (bytes.length > 0 || part.filename) form.files[part.fieldname] = { bytes, filename: part.filename };
      } else {
        const value = String(part.value);
        const limit = limitOf(part.fieldname);
        if (part.valueTruncated || Buffer.byteLength(value) > limit) {
          throw new HttpError(413, `${part.fieldname} is too large (at most ${formatBytes(limit)})`);
        }
        if (hasUnstorableText(value) || hasUnstorableText(part.fieldname)) {
          const name = hasUnstorableText(part.fieldname) ? 'A form field name' : part.fieldname;
          throw new HttpError(400, value.includes('\u0000') ? TEXT_MESSAGES.nul(name) : TEXT_MESSAGES.surrogate(name));
        }
        form.fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, fileTooLarge);
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(413, `Too many form fields or files (at most ${maxFields} fields and 1 file)`);
    }
    // Everything else here is the body's fault: busboy's "Unexpected end of form", "Malformed part
    // header", a prototype-named field, a client that went away.
    throw new HttpError(400, `Invalid form data: ${(err as Error).message}`);
  }
  return form;
}

/** Checks form fields against a schema; the first problem is a 400 with its message (which names the field). */
export function checkFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  // Our text rules say which field; zod's own messages ("Too big: ...") do not.
  throw new HttpError(400, issue.code === 'custom' || !field ? issue.message : `Invalid ${field}: ${issue.message}`);
}

// Reads a multipart form into fields and (small, bounded) files. The size bound is enforced while
// streaming by @fastify/multipart, so an oversized upload is cut off, never held whole in memory.
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart'; // its types add req.parts() and req.isMultipart()
import { HttpError } from './server.js';

export interface FormFile {
  bytes: Buffer;
  filename: string;
}
export interface Form {
  fields: Record<string, string>;
  files: Record<string, FormFile>;
}

export async function readForm(req: FastifyRequest, maxFileBytes: number): Promise<Form> {
  if (!req.isMultipart()) throw new HttpError(400, 'Expected a multipart/form-data body');
  const form: Form = { fields: {}, files: {} };
  try {
    for await (const part of req.parts({ limits: { fileSize: maxFileBytes, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // An empty file input (no file chosen) arrives as a file part with no bytes and no name.
        if (bytes.length > 0 || part.filename) form.files[part.fieldname] = { bytes, filename: part.filename };
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, `The file is too large (at most ${Math.round(maxFileBytes / (1024 * 1024))} MB)`);
    }
    if (code?.startsWith('FST_')) throw new HttpError(400, `Invalid form data: ${(err as Error).message}`);
    throw err;
  }
  return form;
}

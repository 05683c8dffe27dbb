// Bodies are checked against the contract schemas, and a bad one is answered with the first rule it
// breaks, in SPEC §5's exact words (not a generic "Invalid body.password: ..." line).
import { HttpError } from '@castbook/platform';
import type { z } from 'zod';

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  // Nested objects (deviceInfo) have no hand-written messages: name the field that is wrong.
  const message = issue.path.length > 1 ? `Invalid ${issue.path.join('.')}: ${issue.message}` : issue.message;
  throw new HttpError(400, message);
}

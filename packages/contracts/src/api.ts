// The HTTP answer envelope every service uses: { success, data, error } (SPEC §7).
import { z } from 'zod';

export const apiError = z.object({ success: z.literal(false), error: z.string() });
export type ApiError = z.infer<typeof apiError>;

/** Schema of a successful answer carrying `data` of the given shape. */
export function apiSuccess<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/**
 * One page of a list: the usual `{ success, data: [...] }` plus `nextCursor`, the opaque cursor of the
 * next page (pass it back as `?cursor=`), or null on the last page.
 */
export function apiPage<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    nextCursor: z.string().nullable().describe('The next page: pass it back as ?cursor=. Null on the last page'),
  });
}
export interface Page<T> {
  success: true;
  data: T[];
  nextCursor: string | null;
}

export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export function fail(error: string): ApiError {
  return { success: false, error };
}

/** The readiness of one dependency or service, as /health and /api/health report it. */
export const readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), error: z.string().optional() })),
});
export type Readiness = z.infer<typeof readiness>;

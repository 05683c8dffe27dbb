// The revision a client's copy of a project is of (issue 14). The server answers a project and each
// edit with an ETag ("12") that counts the project's writes; the workspace sends the ETag its lists
// are of as If-Match, and the server refuses (409) an edit made on lists someone changed since, so an
// old tab cannot overwrite newer edits. The workspace then reloads and makes its edit again.
import type { RequestOptions } from './client';

/** Where an answer's ETag lands (the caller reads `etag` after the request). */
export interface EtagSink {
  etag: string | null;
}

/** Request options that send `held` as If-Match (when known) and keep the answer's ETag in `sink`. */
export function conditional(held: string | undefined, sink: EtagSink): Pick<RequestOptions, 'headers' | 'onHeaders'> {
  return {
    headers: held ? { 'If-Match': held } : undefined,
    onHeaders: (h) => {
      sink.etag = h.get('ETag');
    },
  };
}

const revisionOf = (etag: string | null | undefined) => {
  const m = /^"(\d+)"$/.exec(etag ?? '');
  return m ? Number(m[1]) : null;
};

/**
 * The ETag a copy holds after its own write answered `answered`: the answer's when that write was
 * the only one since `held` (revisions count writes), else still `held`, so that the next
 * conditional edit finds out about the other write (409) and reloads instead of overwriting it.
 */
export function etagAfterWrite(held: string | undefined, answered: string | null): string | undefined {
  const before = revisionOf(held);
  const after = revisionOf(answered);
  return before !== null && after === before + 1 ? answered! : held;
}

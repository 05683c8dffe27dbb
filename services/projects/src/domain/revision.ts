// A project's revision as HTTP carries it (issue 14): GET /api/projects/{id} and the edits answer it
// as a strong ETag ("12"); an edit sent with If-Match: "12" applies only while the project is still
// at revision 12, so a client whose lists are older cannot overwrite edits it has not seen. The
// refusal is the 409 every other lost race answers (the client reloads and makes its edit again);
// no If-Match keeps the SPEC's unconditional whole-list edits.
import { HttpError } from '@castbook/platform';

/** What If-Match asks for: any revision (`*`), or one of these. */
export type Precondition = '*' | ReadonlySet<number>;

export const BAD_IF_MATCH = 'If-Match must be the ETag a project answer gave, such as "12", or *';

/** The ETag of a project at this revision. */
export const etagOf = (revision: number) => `"${revision}"`;

/** A list of strong entity tags (RFC 9110 §13.1.1); weak ones (W/"…") never match an edit's If-Match. */
const ENTITY_TAG = /^(W\/)?"([^"]*)"$/;

/** The If-Match header of an edit, or undefined without one; 400 when it is not entity tags. */
export function preconditionOf(header: string | string[] | undefined): Precondition | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text.trim() === '*') return '*';
  const revisions = new Set<number>();
  for (const part of text.split(',')) {
    const tag = ENTITY_TAG.exec(part.trim());
    if (!tag) throw new HttpError(400, BAD_IF_MATCH);
    // Not a revision of ours (or weak): it can never match, which is the 409, not a malformed header.
    if (!tag[1] && /^\d{1,15}$/.test(tag[2]!)) revisions.add(Number(tag[2]));
  }
  return revisions;
}

export const matches = (precondition: Precondition, revision: number) =>
  precondition === '*' || precondition.has(revision);

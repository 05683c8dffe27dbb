// A project beyond the plan's project limit (a downgrade, a trial that ended) is read-only: the
// projects service says so in `readOnly` and why in `readOnlyReason` (the words its refused writes
// answer with). The screens show the reason and lead to the subscription page.

export interface ReadOnlyFields {
  readOnly?: boolean;
  readOnlyReason?: string | null;
}

/** Said when the server gives no reason of its own. */
export const READ_ONLY_FALLBACK =
  'This project is read-only: it is beyond your plan’s project limit. Upgrade or delete a project to edit it.';

export function readOnlyOf(project: ReadOnlyFields | null | undefined): { readOnly: boolean; reason: string } {
  const readOnly = project?.readOnly === true;
  const reason = project?.readOnlyReason?.trim();
  return { readOnly, reason: readOnly ? reason || READ_ONLY_FALLBACK : '' };
}

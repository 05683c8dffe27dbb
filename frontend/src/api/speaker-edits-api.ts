// Speaker edits over many lines and the casting breakdown (issue 19; services/projects README,
// "Speaker edits over many lines"). The edits answer the project's characters and quotes as they
// are after the change, like merge and delete (cast-api.ts).
import type { Breakdown, SpreadProposal } from '@castbook/contracts';
import { api } from './client';
import { withAction } from './call-error';
import { castCall, type Cast } from './cast-api';
import { projectKey } from './projects-api';

export const SPEAKER_EDIT_MESSAGES = {
  spread: 'Failed to re-decide the conversation',
  apply: 'Failed to apply the changes',
  assign: 'Failed to assign the lines',
  split: 'Failed to split the lines',
  breakdown: 'Failed to load the breakdown',
} as const;

const quotePath = (projectId: string, quoteId: string) =>
  `${projectKey(projectId)}/quotes/${encodeURIComponent(quoteId)}`;
const characterPath = (projectId: string, characterId: string) =>
  `${projectKey(projectId)}/characters/${encodeURIComponent(characterId)}`;

/** POST …/quotes/{quoteId}/spread: what re-deciding the quote's conversation would change (nothing changes yet). */
export const proposeSpread = (projectId: string, quoteId: string, signal?: AbortSignal) =>
  withAction(
    SPEAKER_EDIT_MESSAGES.spread,
    async () =>
      (
        await api.request<{ data: SpreadProposal }>(`${quotePath(projectId, quoteId)}/spread`, {
          method: 'POST',
          json: {},
          signal,
        })
      ).data,
  );

/** POST …/quotes/{quoteId}/spread/apply: the proposal's changes; 409 when the project changed since. */
export const applySpread = (projectId: string, quoteId: string, proposal: SpreadProposal) =>
  withAction(SPEAKER_EDIT_MESSAGES.apply, () =>
    castCall(`${quotePath(projectId, quoteId)}/spread/apply`, {
      method: 'POST',
      json: {
        contentVersion: proposal.contentVersion,
        changes: proposal.changes.map(({ quoteId: id, fromSpeakerId, toSpeakerId }) => ({
          quoteId: id,
          fromSpeakerId,
          toSpeakerId,
        })),
      },
    }),
  );

/** POST …/characters/{id}/assign: the character's lines in a chapter given to `toId` (`dryRun` counts only). */
export const assignChapterLines = (
  projectId: string,
  fromId: string,
  body: { toId: string; chapterId: string; dryRun?: boolean },
  signal?: AbortSignal,
) =>
  withAction(SPEAKER_EDIT_MESSAGES.assign, () =>
    castCall<{ moved: number } & Partial<Cast>>(`${characterPath(projectId, fromId)}/assign`, {
      method: 'POST',
      json: body,
      signal,
    }),
  );

/** POST …/characters/{id}/split: the chosen lines go to a new character of the user's. */
export const splitLines = (
  projectId: string,
  fromId: string,
  body: { name: string; color: string; quoteIds: string[] },
) =>
  withAction(SPEAKER_EDIT_MESSAGES.split, () =>
    castCall<Cast & { characterId: string }>(`${characterPath(projectId, fromId)}/split`, {
      method: 'POST',
      json: body,
    }),
  );

/** GET …/breakdown: the figures of breakdown.csv. */
export const breakdownKey = (projectId: string) => `${projectKey(projectId)}/breakdown`;
export const fetchBreakdown = (projectId: string) =>
  withAction(
    SPEAKER_EDIT_MESSAGES.breakdown,
    async () => (await api.request<{ data: Breakdown }>(breakdownKey(projectId))).data,
  );

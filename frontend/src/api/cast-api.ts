// Merging and deleting characters (issue 19; services/projects README "Merging and deleting
// characters"). Both answer the project's characters and quotes as they are after the change.
import type { Character, Quote } from '@castbook/contracts';
import { api } from './client';
import { withAction } from './call-error';
import { projectKey } from './projects-api';

export interface Cast {
  characters: Character[];
  quotes: Quote[];
}

export const CAST_MESSAGES = {
  merge: 'Failed to merge characters',
  delete: 'Failed to delete character',
} as const;

const characterPath = (projectId: string, characterId: string) =>
  `${projectKey(projectId)}/characters/${encodeURIComponent(characterId)}`;

/** POST …/characters/{characterId}/merge {intoId}: names, lines, takes and notes move to intoId. */
export const mergeCharacter = (projectId: string, characterId: string, intoId: string) =>
  withAction(
    CAST_MESSAGES.merge,
    async () =>
      (
        await api.request<{ data: Cast }>(`${characterPath(projectId, characterId)}/merge`, {
          method: 'POST',
          json: { intoId },
        })
      ).data,
  );

/** DELETE …/characters/{characterId}: its lines become unattributed; re-analysis does not bring it back. */
export const deleteCharacter = (projectId: string, characterId: string) =>
  withAction(
    CAST_MESSAGES.delete,
    async () => (await api.request<{ data: Cast }>(characterPath(projectId, characterId), { method: 'DELETE' })).data,
  );

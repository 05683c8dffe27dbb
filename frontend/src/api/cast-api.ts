// Merging and deleting characters (issue 19; services/projects README "Merging and deleting
// characters"). Both answer the project's characters and quotes as they are after the change.
import type { Character, Quote } from '@castbook/contracts';
import { api, type RequestOptions } from './client';
import { withAction } from './call-error';
import { projectKey } from './projects-api';
import { conditional, type EtagSink } from './project-revision';

/** A route's answer that changed the cast (merge, delete, spread, assign, split), with its ETag. */
export async function castCall<T extends object = Cast>(
  path: string,
  options: Omit<RequestOptions, 'headers' | 'onHeaders'>,
): Promise<T & { etag: string | null }> {
  const sink: EtagSink = { etag: null };
  const { data } = await api.request<{ data: T }>(path, { ...options, ...conditional(undefined, sink) });
  return { ...data, etag: sink.etag };
}

export interface Cast {
  characters: Character[];
  quotes: Quote[];
  /** The ETag of the revision the change made (project-revision.ts), when the route answers one. */
  etag?: string | null;
}

export const CAST_MESSAGES = {
  merge: 'Failed to merge characters',
  delete: 'Failed to delete character',
} as const;

const characterPath = (projectId: string, characterId: string) =>
  `${projectKey(projectId)}/characters/${encodeURIComponent(characterId)}`;

/** POST …/characters/{characterId}/merge {intoId}: names, lines, takes and notes move to intoId. */
export const mergeCharacter = (projectId: string, characterId: string, intoId: string) =>
  withAction(CAST_MESSAGES.merge, () =>
    castCall(`${characterPath(projectId, characterId)}/merge`, { method: 'POST', json: { intoId } }),
  );

/** DELETE …/characters/{characterId}: its lines become unattributed; re-analysis does not bring it back. */
export const deleteCharacter = (projectId: string, characterId: string) =>
  withAction(CAST_MESSAGES.delete, () => castCall(characterPath(projectId, characterId), { method: 'DELETE' }));

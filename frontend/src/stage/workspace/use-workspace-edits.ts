// Every edit the workspace makes to the open project: speakers of quotes, characters (edit, add,
// merge, delete), the outline. Each is shown at once in the SWR cache and put back when the server
// refuses it, with the refusal in the workspace's toast.
import { useCallback } from 'react';
import { toast } from 'sonner';
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import {
  updateCharacters,
  updateOutline,
  updateQuotes,
  type ProjectDetail,
  type useProject,
} from '../../api/projects-api';
import { deleteCharacter, mergeCharacter, type Cast } from '../../api/cast-api';
import { ApiCallError } from '../../api/call-error';
import { randomHexColor } from './colors';
import { renameItem } from './outline';
import { failed, succeeded } from './workspace-toast';

export type MutateProject = ReturnType<typeof useProject>['mutate'];

/** A character the user adds (by name, or naming a new speaker in the picker). */
export const newCharacter = (name: string): Character => ({
  id: crypto.randomUUID(),
  name,
  color: randomHexColor(),
  summary: '',
  mentions: 0,
  alternativeNames: [],
  relationships: [],
  isUserCreated: true,
  audioSample: null,
});

export type SpeakerChoice = { speakerId: string } | { newName: string };

export function useWorkspaceEdits(project: ProjectDetail, mutateProject: MutateProject) {
  /** Puts a partial project (a PATCH answer) in the cache without reloading the text. */
  const patchLocal = useCallback(
    (patch: Partial<ProjectDetail>) => mutateProject((p) => (p ? { ...p, ...patch } : p), { revalidate: false }),
    [mutateProject],
  );

  /** A character as a voice call answered it (takes, chosen voice, notes). */
  const applyCharacter = useCallback(
    (c: Character) =>
      void mutateProject((p) => (p ? { ...p, characters: p.characters.map((x) => (x.id === c.id ? c : x)) } : p), {
        revalidate: false,
      }),
    [mutateProject],
  );
  const refreshProject = useCallback(() => mutateProject(), [mutateProject]);

  // ---- outline --------------------------------------------------------------------------------

  const renameOutline = async (item: OutlineItem, title: string) => {
    const before = project.outline;
    const next = renameItem(before, item.id, title);
    await patchLocal({ outline: next });
    try {
      const saved = await updateOutline(project.id, next);
      await patchLocal({ outline: saved });
    } catch {
      await patchLocal({ outline: before });
      failed('Failed to update outline', 'Update Failed');
    }
  };

  // ---- characters -----------------------------------------------------------------------------

  const saveCharacters = async (next: Character[], message: string): Promise<boolean> => {
    const before = project.characters;
    await patchLocal({ characters: next });
    try {
      const saved = await updateCharacters(project.id, next);
      await patchLocal({ characters: saved });
      return true;
    } catch {
      await patchLocal({ characters: before });
      failed(message);
      return false;
    }
  };

  // An edited character is marked so a re-analysis keeps it (PRODUCT.md); the server marks it too.
  const saveCharacter = (c: Character) =>
    saveCharacters(
      project.characters.map((x) => (x.id === c.id ? Object.assign({}, c, { isUserEdited: true }) : x)),
      'Failed to update character',
    );
  const addCharacter = (name: string) =>
    saveCharacters([...project.characters, newCharacter(name)], 'Failed to add character');

  /** A merge or delete (issue 19): the server moves lines, takes and names; its answer is the new cast. */
  const editCast = async (call: () => Promise<Cast>, done: string) => {
    try {
      await patchLocal(await call());
      // A toast of its own: updating the shared one while it fades out (an analysis ending right
      // after) would lose that one's message.
      toast.success(done, { id: 'cast-edit' });
      return true;
    } catch (err) {
      // The server's words say why (a 409 over 5 takes names the fix).
      if (err instanceof ApiCallError) failed(err.serverMessage, err.action);
      else failed(String(err));
      return false;
    }
  };
  const removeCharacter = (c: Character) => editCast(() => deleteCharacter(project.id, c.id), `${c.name} deleted`);
  const mergeCharacters = (from: Character, into: Character) =>
    editCast(() => mergeCharacter(project.id, from.id, into.id), `${from.name} merged into ${into.name}`);

  // ---- quotes ---------------------------------------------------------------------------------

  /** The whole quotes list, shown at once and put back when the server refuses it. */
  const saveQuotes = async (next: Quote[], message: string): Promise<boolean> => {
    const before = project.quotes;
    await patchLocal({ quotes: next });
    try {
      await patchLocal({ quotes: await updateQuotes(project.id, next) });
      return true;
    } catch {
      await patchLocal({ quotes: before });
      failed(message);
      return false;
    }
  };

  const chooseSpeaker = async (quote: Quote, choice: SpeakerChoice) => {
    let speakerId: string;
    if ('newName' in choice) {
      const created = newCharacter(choice.newName);
      if (!(await saveCharacters([...project.characters, created], 'Failed to add character'))) return false;
      speakerId = created.id;
    } else speakerId = choice.speakerId;
    const next = project.quotes.map((q) =>
      q.id === quote.id ? { ...q, speakerId, confidence: 1, attributionMethod: 'user' as const } : q,
    );
    const ok = await saveQuotes(next, 'Failed to update quote');
    if (ok) succeeded('Speaker updated');
    return ok;
  };

  // "Not dialog": the quote is no quote, so it leaves the book's quotes.
  const markNotDialog = async (quoteId: string) => {
    const ok = await saveQuotes(
      project.quotes.filter((q) => q.id !== quoteId),
      'Failed to update quote',
    );
    if (ok) succeeded('Marked as not dialog');
    return ok;
  };

  return {
    patchLocal,
    applyCharacter,
    refreshProject,
    renameOutline,
    saveCharacter,
    addCharacter,
    removeCharacter,
    mergeCharacters,
    chooseSpeaker,
    markNotDialog,
  };
}

export type WorkspaceEdits = ReturnType<typeof useWorkspaceEdits>;

// Every edit the workspace makes to the open project — speakers of quotes, characters (edit, add,
// merge, delete, and whatever else answers the cast), the outline, the project's title and author —
// and their undo and redo (issue 19). Each edit is shown at once in the SWR cache and put back when
// the server refuses it, with the refusal in the workspace's toast. An undo takes back only what the
// edit changed, onto the lists as they are now (replay.ts), so later edits to other items stay.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Character, OutlineItem, Quote } from '@castbook/contracts';
import {
  updateCharacters,
  updateOutline,
  updateProject,
  updateQuotes,
  type ProjectDetail,
  type useProject,
} from '../../api/projects-api';
import { deleteCharacter, mergeCharacter, type Cast } from '../../api/cast-api';
import { ApiCallError, statusOf } from '../../api/call-error';
import { etagAfterWrite } from '../../api/project-revision';
import { randomHexColor } from './colors';
import { renameItem } from './outline';
import { characterEditLabel } from './undo/labels';
import { replayChange } from './undo/replay';
import { UndoHistory, type Edit, type HistoryView } from './undo/undo-history';
import { failed, succeeded } from './workspace-toast';

export type MutateProject = ReturnType<typeof useProject>['mutate'];
export type { Edit, HistoryView };

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

/** The lists an edit changes, whole (what PATCH …/characters and …/quotes take). */
export type Lists = Partial<Pick<ProjectDetail, 'characters' | 'quotes'>>;

/** The server's words for a refusal, with the action it was (ApiCallError), or the error as text. */
const reasonOf = (err: unknown) => (err instanceof ApiCallError ? err.serverMessage : String(err));

/**
 * Takes are the voice routes' (the server keeps its own whatever a list says), and a character put
 * back after a delete or merge has none: its recordings were released, or went to the target.
 */
const sameCharacter = (a: Character, b: Character) => {
  const { voiceTakes: _a, ...x } = a;
  const { voiceTakes: _b, ...y } = b;
  return JSON.stringify(x) === JSON.stringify(y);
};
const restored = (c: Character): Character => {
  const { voiceTakes: _takes, ...rest } = c;
  return { ...rest, audioSample: null };
};

const EMPTY_VIEW: HistoryView = { canUndo: false, canRedo: false, undoLabel: null, redoLabel: null, busy: false };

export function useWorkspaceEdits(project: ProjectDetail, mutateProject: MutateProject) {
  // The project as the cache holds it now: an undo runs long after the render that made its edit.
  const current = useRef(project);
  current.current = project;
  const latest = useCallback(() => current.current, []);

  const [view, setView] = useState<HistoryView>(EMPTY_VIEW);
  const [history] = useState(() => {
    const h: UndoHistory = new UndoHistory(() => setView(h.view()));
    return h;
  });
  // A workspace is one project (WorkspacePage keys it by id): leaving it forgets its history.
  useEffect(() => () => history.clear(), [history]);

  /** Puts a partial project (a PATCH answer) in the cache without reloading the text. */
  const patchLocal = useCallback(
    (patch: Partial<ProjectDetail>) =>
      mutateProject(
        (p) => {
          if (!p) return p;
          const next = { ...p, ...patch };
          current.current = next;
          return next;
        },
        { revalidate: false },
      ),
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

  /**
   * Saves whole lists: shown at once, then PATCH …/characters and PATCH …/quotes, each on the revision
   * the lists are of (If-Match). A refusal puts the cache back, and when quotes are refused after
   * characters were saved, the characters too, so nothing is half done; then it throws.
   */
  const saveLists = useCallback(
    async (next: Lists): Promise<Lists> => {
      const p = latest();
      const before: Lists = {};
      if (next.characters) before.characters = p.characters;
      if (next.quotes) before.quotes = p.quotes;
      await patchLocal(next);
      const saved: Lists = {};
      let etag = p.etag;
      try {
        if (next.characters) {
          const answer = await updateCharacters(p.id, next.characters, etag);
          saved.characters = answer.data;
          etag = etagAfterWrite(etag, answer.etag);
        }
        if (next.quotes) {
          const answer = await updateQuotes(p.id, next.quotes, etag);
          saved.quotes = answer.data;
          etag = etagAfterWrite(etag, answer.etag);
        }
      } catch (err) {
        if (saved.characters && before.characters) {
          await updateCharacters(p.id, before.characters, etag).then(
            (answer) => {
              before.characters = answer.data;
              etag = etagAfterWrite(etag, answer.etag);
            },
            () => undefined,
          );
        }
        await patchLocal({ ...before, etag });
        throw err;
      }
      await patchLocal({ ...saved, etag });
      return saved;
    },
    [latest, patchLocal],
  );

  /**
   * Runs a save that computes its lists from latest(); when the project changed meanwhile (409: an
   * edit in another tab, an analysis ending), reloads it and runs the save once more, so the edit is
   * made on the lists as they are now and the other change is kept too.
   */
  const onCurrentLists = useCallback(
    async <T>(save: () => Promise<T>): Promise<T> => {
      try {
        return await save();
      } catch (err) {
        if (statusOf(err) !== 409) throw err;
        const fresh = await mutateProject();
        if (fresh) current.current = fresh;
        return save();
      }
    },
    [mutateProject],
  );

  /** `lists` with the change `from` → `to` made again onto the current lists (undo swaps them). */
  const replayed = useCallback(
    (from: Lists, to: Lists): Lists => {
      const p = latest();
      const out: Lists = {};
      if (from.characters && to.characters) {
        const fromIds = new Set(from.characters.map((c) => c.id));
        out.characters = replayChange(
          p.characters,
          from.characters,
          to.characters.map((c) => (fromIds.has(c.id) ? c : restored(c))),
          sameCharacter,
        );
      }
      if (from.quotes && to.quotes) out.quotes = replayChange(p.quotes, from.quotes, to.quotes);
      return out;
    },
    [latest],
  );

  // ---- the history ------------------------------------------------------------------------------

  /**
   * Applies an edit and records it; false if refused, toasting `refusal` (the screen's own words) or
   * else the server's.
   */
  const run = useCallback(
    async (edit: Edit, refusal?: { message: string; title?: string }): Promise<boolean> => {
      try {
        await history.record(edit);
        return true;
      } catch (err) {
        if (refusal) failed(refusal.message, refusal.title);
        else if (err instanceof ApiCallError) failed(err.serverMessage, err.action);
        else failed(String(err));
        return false;
      }
    },
    [history],
  );

  /**
   * An edit computed here as new lists. Undo puts back what it changed; redo makes the change again,
   * both onto the lists as they are then.
   */
  const listEdit = useCallback(
    (label: string, compute: (p: ProjectDetail) => Lists): Edit => {
      let change: { from: Lists; to: Lists } | null = null;
      return {
        label,
        apply: async () => {
          const made = change;
          if (made) {
            await onCurrentLists(() => saveLists(replayed(made.from, made.to)));
            return;
          }
          change = await onCurrentLists(async () => {
            const p = latest();
            const to = compute(p);
            const from: Lists = {};
            if (to.characters) from.characters = p.characters;
            if (to.quotes) from.quotes = p.quotes;
            return { from, to: await saveLists(to) };
          });
        },
        revert: async () => {
          const made = change;
          if (made) await onCurrentLists(() => saveLists(replayed(made.to, made.from)));
        },
      };
    },
    [latest, saveLists, replayed, onCurrentLists],
  );

  /** Saves new lists as one undoable edit. */
  const saveCast = useCallback(
    (label: string, compute: (p: ProjectDetail) => Lists, message?: string) =>
      run(listEdit(label, compute), message ? { message } : undefined),
    [run, listEdit],
  );

  /**
   * An edit a server route makes, answering the characters and quotes after it (merge, delete,
   * spread, assign, split…). Undo puts back the characters and quotes it changed; redo calls the route
   * again. `undoNote` is added to the undo's toast: what could not come back (released recordings).
   */
  const castEdit = useCallback(
    (label: string, call: () => Promise<Cast>, options: { done?: string; undoNote?: string } = {}) => {
      let change: { from: Lists; to: Lists } | null = null;
      const edit: Edit = {
        label,
        undoNote: options.undoNote,
        apply: async () => {
          const p = latest();
          const from = { characters: p.characters, quotes: p.quotes };
          const { etag, ...to } = await call();
          await patchLocal({ ...to, etag: etagAfterWrite(p.etag, etag ?? null) });
          change = { from, to };
        },
        revert: async () => {
          const made = change;
          if (made) await onCurrentLists(() => saveLists(replayed(made.to, made.from)));
        },
      };
      return history.record(edit).then(
        () => {
          // A toast of its own: updating the shared one while it fades out (an analysis ending right
          // after) would lose that one's message.
          if (options.done) toast.success(options.done, { id: 'cast-edit' });
          return true;
        },
        (err: unknown) => {
          // The server's words say why (a 409 over 5 takes names the fix).
          if (err instanceof ApiCallError) failed(err.serverMessage, err.action);
          else failed(String(err));
          return false;
        },
      );
    },
    [history, latest, patchLocal, saveLists, replayed, onCurrentLists],
  );

  const undo = useCallback(async () => {
    const result = await history.undo();
    if (result.kind === 'done') {
      succeeded(`Undone: ${result.edit.label}`, result.edit.undoNote);
    } else if (result.kind === 'failed') failed(reasonOf(result.error), `Could not undo: ${result.edit.label}`);
  }, [history]);

  const redo = useCallback(async () => {
    const result = await history.redo();
    if (result.kind === 'done') succeeded(`Redone: ${result.edit.label}`);
    else if (result.kind === 'failed') failed(reasonOf(result.error), `Could not redo: ${result.edit.label}`);
  }, [history]);

  const clearHistory = useCallback(() => history.clear(), [history]);

  // ---- outline --------------------------------------------------------------------------------

  /** The outline `change` makes of the current one, saved on the revision it is of (If-Match). */
  const saveOutline = (change: (outline: OutlineItem[]) => OutlineItem[]) =>
    onCurrentLists(async () => {
      const p = latest();
      const before = p.outline;
      const outline = change(before);
      await patchLocal({ outline });
      try {
        const answer = await updateOutline(p.id, outline, p.etag);
        await patchLocal({ outline: answer.data, etag: etagAfterWrite(p.etag, answer.etag) });
      } catch (err) {
        await patchLocal({ outline: before });
        throw err;
      }
    });

  const renameOutline = (item: OutlineItem, title: string) =>
    run(
      {
        label: `Rename “${item.title}”`,
        apply: () => saveOutline((outline) => renameItem(outline, item.id, title)),
        revert: () => saveOutline((outline) => renameItem(outline, item.id, item.title)),
      },
      { message: 'Failed to update outline', title: 'Update Failed' },
    );

  // ---- the project's title and author -------------------------------------------------------------

  /**
   * Title and author as one undoable edit (the settings dialog); `merge` puts the answer in the cache.
   * A new cover or text is not undoable: the old picture is gone, and a new text replaces the outline
   * and quotes (the history is cleared then).
   */
  const projectDetailsEdit = (
    label: string,
    to: { title: string; authorId: string | null },
    merge: (answer: Awaited<ReturnType<typeof updateProject>>) => Promise<unknown>,
  ): Edit => {
    const p = latest();
    const from = { title: p.title, authorId: p.authorId };
    const save = async (v: { title: string; authorId: string | null }) =>
      merge(await updateProject(latest().id, { title: v.title, authorId: v.authorId ?? undefined }));
    return { label, apply: () => save(to).then(() => undefined), revert: () => save(from).then(() => undefined) };
  };

  // ---- characters -----------------------------------------------------------------------------

  // An edited character is marked so a re-analysis keeps it (PRODUCT.md); the server marks it too.
  const saveCharacter = (c: Character) => {
    const was = latest().characters.find((x) => x.id === c.id);
    return saveCast(
      characterEditLabel(was, c),
      (p) => ({
        characters: p.characters.map((x) => (x.id === c.id ? Object.assign({}, c, { isUserEdited: true }) : x)),
      }),
      'Failed to update character',
    );
  };
  const addCharacter = (name: string) =>
    saveCast(`Add ${name}`, (p) => ({ characters: [...p.characters, newCharacter(name)] }), 'Failed to add character');

  const removeCharacter = (c: Character) => {
    const takes = c.voiceTakes?.length ?? 0;
    return castEdit(`Delete ${c.name}`, () => deleteCharacter(latest().id, c.id), {
      done: `${c.name} deleted`,
      undoNote: takes
        ? `${c.name} is back without ${takes === 1 ? 'its recording' : `its ${takes} recordings`}: deleted recordings cannot be restored.`
        : undefined,
    });
  };
  const mergeCharacters = (from: Character, into: Character) => {
    const takes = from.voiceTakes?.length ?? 0;
    return castEdit(`Merge ${from.name} into ${into.name}`, () => mergeCharacter(latest().id, from.id, into.id), {
      done: `${from.name} merged into ${into.name}`,
      undoNote: takes
        ? `${from.name}'s ${takes === 1 ? 'recording stays' : 'recordings stay'} with ${into.name}.`
        : undefined,
    });
  };

  // ---- quotes ---------------------------------------------------------------------------------

  const chooseSpeaker = async (quote: Quote, choice: SpeakerChoice) => {
    const created = 'newName' in choice ? newCharacter(choice.newName) : null;
    const speakerId = created ? created.id : (choice as { speakerId: string }).speakerId;
    const speaker = created ?? latest().characters.find((c) => c.id === speakerId);
    const ok = await saveCast(
      `Set speaker${speaker ? ` to ${speaker.name}` : ''}`,
      (p) => ({
        ...(created && { characters: [...p.characters, created] }),
        quotes: p.quotes.map((q) =>
          q.id === quote.id ? { ...q, speakerId, confidence: 1, attributionMethod: 'user' as const } : q,
        ),
      }),
      created ? 'Failed to add character' : 'Failed to update quote',
    );
    if (ok) succeeded('Speaker updated');
    return ok;
  };

  // "Not dialog": the quote is no quote, so it leaves the book's quotes.
  const markNotDialog = async (quoteId: string) => {
    const ok = await saveCast(
      'Mark as not dialog',
      (p) => ({ quotes: p.quotes.filter((q) => q.id !== quoteId) }),
      'Failed to update quote',
    );
    if (ok) succeeded('Marked as not dialog');
    return ok;
  };

  return {
    latest,
    patchLocal,
    applyCharacter,
    refreshProject,
    // the history
    history: view,
    run,
    saveCast,
    castEdit,
    undo,
    redo,
    clearHistory,
    projectDetailsEdit,
    // the edits
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

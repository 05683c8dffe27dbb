// Issue 19: merging one character into another and deleting a character. Pure: the service applies
// them to the project read under the user's lock (project-service.ts), so they always see the
// current cast. Both are made to survive re-analysis (reanalysis.ts):
// - a merge makes the target the user's work (`isUserEdited`) and gives it every name of the merged
//   one as an alias, so the engine's character under any of those names folds into the target;
// - a delete answers the names the character went by (`deletedNames`), which the project keeps
//   (deleted_character_names) so that re-analysis drops the engine's character of that name.
import { MAX_VOICE_TAKES, type Character, type VoiceNotes } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';
import { VOICE_MESSAGES } from './audio-content.js';
import { nameKey, renameCandidates, unattributed, type Analysed } from './reanalysis.js';

export const CAST_MESSAGES = {
  intoRequired: 'intoId is required: the id of the character to merge into',
  intoItself: 'A character cannot be merged into itself',
  tooManyTakes: (n: number) =>
    `Together these characters have ${n} takes; a character keeps at most ${MAX_VOICE_TAKES}. ` +
    'Delete some takes first',
};

function find(characters: Character[], id: string): Character {
  const found = characters.find((c) => c.id === id);
  if (!found) throw new HttpError(404, `${VOICE_MESSAGES.characterNotFound}: ${id}`);
  return found;
}

/** `names` without duplicates (as nameKey compares them) and without any that is `except`. */
function distinctNames(names: string[], except: string): string[] {
  const seen = new Set([nameKey(except)]);
  return names.filter((n) => {
    const k = nameKey(n);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * `fromId` merged into `intoId`: the target gets the merged one's names as aliases, its mentions, its
 * takes after its own (409 when together they are more than MAX_VOICE_TAKES: no recording is dropped
 * silently), its chosen sample when it has none, and its voice notes where its own are empty. The
 * merged one's lines move to the target keeping their method and confidence: the engine's evidence
 * for the line is unchanged, and a line the user set stays the user's.
 */
export function mergeCharacters(state: Analysed, fromId: string, intoId: string): Analysed {
  if (!intoId) throw new HttpError(400, CAST_MESSAGES.intoRequired);
  if (intoId === fromId) throw new HttpError(400, CAST_MESSAGES.intoItself);
  const from = find(state.characters, fromId);
  const into = find(state.characters, intoId);
  const takes = [...(into.voiceTakes ?? []), ...(from.voiceTakes ?? [])];
  if (takes.length > MAX_VOICE_TAKES) throw new HttpError(409, CAST_MESSAGES.tooManyTakes(takes.length));
  const notes: VoiceNotes = { ...into.voiceNotes };
  for (const [k, v] of Object.entries(from.voiceNotes ?? {}) as [keyof VoiceNotes, string | undefined][]) {
    if (v && !notes[k]) notes[k] = v;
  }
  const merged: Character = {
    ...into,
    alternativeNames: distinctNames(
      [...into.alternativeNames, from.name, ...from.alternativeNames, from.analysedName ?? ''],
      into.name,
    ),
    mentions: into.mentions + from.mentions,
    audioSample: into.audioSample ?? from.audioSample ?? null,
    // The user's work now, whatever it was: re-analysis keeps its aliases and folds the engine's
    // character of any of them into it (a created character is the user's already).
    ...(into.isUserCreated ? {} : { isUserEdited: true }),
  };
  if (takes.length > 0) merged.voiceTakes = takes;
  if (Object.keys(notes).length > 0) merged.voiceNotes = notes;
  return {
    characters: state.characters.filter((c) => c.id !== fromId).map((c) => (c.id === intoId ? merged : c)),
    quotes: state.quotes.map((q) => {
      if (q.speakerId !== fromId && !q.candidates?.some((c) => c.speakerId === fromId)) return q;
      const candidates = renameCandidates(q.candidates, (id) => (id === fromId ? intoId : id));
      return { ...q, speakerId: q.speakerId === fromId ? intoId : q.speakerId, ...(candidates && { candidates }) };
    }),
  };
}

/**
 * The project without character `id`: its lines become unattributed (as the engine leaves a line it
 * found no speaker for, the user's own included), and it is no candidate of any line any more.
 * `deletedNames` are the name keys it went by (its name, the engine's name, its aliases).
 */
export function deleteCharacter(state: Analysed, id: string): { state: Analysed; deletedNames: string[] } {
  const deletedNames = nameKeysOf(find(state.characters, id));
  const quotes = state.quotes.map((q) => {
    const without = q.candidates?.some((c) => c.speakerId === id)
      ? { ...q, candidates: q.candidates.filter((c) => c.speakerId !== id) }
      : q;
    return q.speakerId === id ? unattributed(without) : without;
  });
  return { state: { characters: state.characters.filter((c) => c.id !== id), quotes }, deletedNames };
}

/** The name keys a character goes by: its name, the engine's name for it, its aliases. */
function nameKeysOf(c: Character): string[] {
  return [...new Set([c.name, c.analysedName ?? '', ...c.alternativeNames].map(nameKey).filter(Boolean))];
}

/**
 * The name keys of the characters a whole new list (PATCH …/characters) leaves out, as a delete
 * records them, less the names a character still in the list goes by (a merge made by hand drops one
 * character and gives its names to another: those are not deleted).
 */
export function droppedNames(before: readonly Character[], after: readonly Character[]): string[] {
  const kept = new Set(after.map((c) => c.id));
  const stillNamed = new Set(after.flatMap(nameKeysOf));
  return [
    ...new Set(before.filter((c) => !kept.has(c.id)).flatMap((c) => nameKeysOf(c).filter((k) => !stillNamed.has(k)))),
  ];
}

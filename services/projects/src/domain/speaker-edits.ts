// Issue 19: speaker edits that reach more than one line — a fix spread through its conversation,
// a character's lines of one chapter given to another, lines split off into a new character. Pure:
// the service applies them to the project read under the user's lock (project-service.ts).
// Every line they set becomes `attributionMethod: 'user'` with confidence 1: the user chose it (after
// seeing the proposal, the count, or the lines themselves), and re-analysis keeps the user's
// speakers (reanalysis.ts), so these edits survive it the same way one fixed line does.
import { randomUUID } from 'node:crypto';
import type { Character, OutlineItem, Quote, SpreadChange, SpreadProposal } from '@castbook/contracts';
import { HttpError } from '@castbook/platform';
import { redecideConversation } from '@castbook/text-analysis';
import { VOICE_MESSAGES } from './audio-content.js';
import { nameKey, type Analysed } from './reanalysis.js';

export const SPEAKER_EDIT_MESSAGES = {
  quoteNotFound: (id: string) => `Quote not found: ${id.slice(0, 100)}`,
  chapterNotFound: (id: string) => `Chapter not found: ${id.slice(0, 100)}`,
  noChanges: 'changes must list at least one quote',
  repeated: (id: string) => `Quote ${id.slice(0, 100)} is listed twice`,
  notACharacter: (id: string) => `'${id.slice(0, 100)}' is not a character of this project`,
  sameCharacter: 'The lines already belong to that character',
  changedMeanwhile: 'The project changed meanwhile; reload it and try again',
  noLines: 'quoteIds must list at least one line',
  notALine: (quoteId: string, name: string) => `Quote ${quoteId.slice(0, 100)} is not a line of ${name}`,
  nameTaken: (name: string) => `A character named ${name} already exists`,
} as const;

/** Characters of a quote's excerpt in a proposal: enough to recognise the line in a list. */
const EXCERPT = 120;

const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};

function quoteOf(quotes: readonly Quote[], id: string): Quote {
  const found = quotes.find((q) => q.id === id);
  if (!found) throw new HttpError(404, SPEAKER_EDIT_MESSAGES.quoteNotFound(id));
  return found;
}

function characterOf(characters: readonly Character[], id: string): Character {
  const found = characters.find((c) => c.id === id);
  if (!found) throw new HttpError(404, `${VOICE_MESSAGES.characterNotFound}: ${id.slice(0, 100)}`);
  return found;
}

/** A line the user now says is `speakerId`'s. */
const userSet = (q: Quote, speakerId: string | null): Quote => ({
  ...q,
  speakerId,
  attributionMethod: 'user',
  confidence: 1,
});

/**
 * What re-deciding the conversation of quote `quoteId` would change, with that quote's speaker as it
 * is now (the user's fix, saved first) and every speaker the user set as anchors. The user's lines
 * never change, so they are never proposed.
 */
export function proposeSpread(text: string, contentVersion: number, state: Analysed, quoteId: string): SpreadProposal {
  const fixed = quoteOf(state.quotes, quoteId);
  // Stored offsets are checked against the text on every save; a quote outside it has no conversation.
  if (fixed.startOffset >= fixed.endOffset || fixed.endOffset > text.length)
    throw new HttpError(404, SPEAKER_EDIT_MESSAGES.quoteNotFound(quoteId));
  const anchors = new Map<string, string | null>([[fixed.id, fixed.speakerId]]);
  for (const q of state.quotes) if (q.attributionMethod === 'user') anchors.set(q.id, q.speakerId);
  const decided = redecideConversation(text, state.quotes, state.characters, quoteId, anchors);
  const byId = new Map(state.quotes.map((q) => [q.id, q]));
  const changes: SpreadChange[] = [];
  for (const d of decided.quotes) {
    const q = byId.get(d.quoteId)!;
    if (d.anchored || q.attributionMethod === 'user' || d.speakerId === q.speakerId) continue;
    changes.push({
      quoteId: q.id,
      startOffset: q.startOffset,
      excerpt: excerptOf(q.text),
      fromSpeakerId: q.speakerId,
      toSpeakerId: d.speakerId,
      confidence: d.confidence,
    });
  }
  return {
    contentVersion,
    startOffset: decided.startOffset,
    endOffset: decided.endOffset,
    conversationQuotes: decided.quotes.length,
    changes,
  };
}

export interface SpeakerChange {
  quoteId: string;
  fromSpeakerId: string | null;
  toSpeakerId: string | null;
}

/**
 * A proposal's changes applied to the project as it is now. Each line must still have the speaker
 * the proposal saw and not be the user's: otherwise the project changed since (another tab, a
 * re-analysis) and nothing is applied (409).
 */
export function applySpeakerChanges(
  state: Analysed,
  changes: readonly SpeakerChange[],
  sent: { contentVersion: number; current: number },
): Analysed {
  if (changes.length === 0) throw new HttpError(400, SPEAKER_EDIT_MESSAGES.noChanges);
  const seen = new Set<string>();
  const castIds = new Set(state.characters.map((c) => c.id));
  for (const c of changes) {
    if (seen.has(c.quoteId)) throw new HttpError(400, SPEAKER_EDIT_MESSAGES.repeated(c.quoteId));
    seen.add(c.quoteId);
    if (c.toSpeakerId !== null && !castIds.has(c.toSpeakerId))
      throw new HttpError(400, SPEAKER_EDIT_MESSAGES.notACharacter(c.toSpeakerId));
  }
  if (sent.contentVersion !== sent.current) throw new HttpError(409, SPEAKER_EDIT_MESSAGES.changedMeanwhile);
  const byId = new Map(changes.map((c) => [c.quoteId, c]));
  let found = 0;
  const quotes = state.quotes.map((q) => {
    const change = byId.get(q.id);
    if (!change) return q;
    found++;
    if (q.speakerId !== change.fromSpeakerId || q.attributionMethod === 'user')
      throw new HttpError(409, SPEAKER_EDIT_MESSAGES.changedMeanwhile);
    return userSet(q, change.toSpeakerId);
  });
  if (found !== changes.length) throw new HttpError(409, SPEAKER_EDIT_MESSAGES.changedMeanwhile);
  return { characters: state.characters, quotes };
}

function findItem(items: readonly OutlineItem[], id: string): OutlineItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    const inner = findItem(item.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * "Assign all of X's lines in this chapter to Y": the lines of `fromId` inside the outline item
 * `chapterId` (a chapter, or any item: a part takes its chapters' lines) become `toId`'s. Answers the
 * lines moved; `dryRun` counts them without changing anything.
 */
export function assignChapterLines(
  state: Analysed,
  outline: readonly OutlineItem[],
  input: { fromId: string; toId: string; chapterId: string },
): { state: Analysed; moved: Quote[] } {
  characterOf(state.characters, input.fromId);
  if (!state.characters.some((c) => c.id === input.toId))
    throw new HttpError(400, SPEAKER_EDIT_MESSAGES.notACharacter(input.toId));
  if (input.toId === input.fromId) throw new HttpError(400, SPEAKER_EDIT_MESSAGES.sameCharacter);
  const chapter = findItem(outline, input.chapterId);
  if (!chapter) throw new HttpError(404, SPEAKER_EDIT_MESSAGES.chapterNotFound(input.chapterId));
  const moved: Quote[] = [];
  const quotes = state.quotes.map((q) => {
    const inside = q.startOffset >= chapter.startOffset && q.startOffset < chapter.endOffset;
    if (!inside || q.speakerId !== input.fromId) return q;
    const next = userSet(q, input.toId);
    moved.push(next);
    return next;
  });
  return { state: { characters: state.characters, quotes }, moved };
}

/**
 * Lines of `fromId` split off into a new character `name` (the user's own: re-analysis keeps it
 * and its lines). Every listed quote must be a line of `fromId` now; a name the cast already goes by
 * (as re-analysis compares names) is refused, since the two would be folded together again.
 */
export function splitLines(
  state: Analysed,
  input: { fromId: string; quoteIds: readonly string[]; name: string; color: string },
): { state: Analysed; character: Character } {
  const from = characterOf(state.characters, input.fromId);
  const ids = [...new Set(input.quoteIds)];
  if (ids.length === 0) throw new HttpError(400, SPEAKER_EDIT_MESSAGES.noLines);
  const name = input.name.trim();
  const key = nameKey(name);
  const taken = state.characters.find((c) =>
    [c.name, ...c.alternativeNames, c.analysedName ?? ''].some((n) => nameKey(n) === key),
  );
  if (taken) throw new HttpError(409, SPEAKER_EDIT_MESSAGES.nameTaken(taken.name));
  const byId = new Map(state.quotes.map((q) => [q.id, q]));
  for (const id of ids) {
    const q = byId.get(id);
    if (!q) throw new HttpError(404, SPEAKER_EDIT_MESSAGES.quoteNotFound(id));
    if (q.speakerId !== from.id) throw new HttpError(400, SPEAKER_EDIT_MESSAGES.notALine(id, from.name));
  }
  const character: Character = {
    id: randomUUID(),
    name,
    color: input.color,
    summary: '',
    mentions: 0,
    alternativeNames: [],
    relationships: [],
    isUserCreated: true,
    audioSample: null,
  };
  const chosen = new Set(ids);
  return {
    state: {
      characters: [...state.characters, character],
      quotes: state.quotes.map((q) => (chosen.has(q.id) ? userSet(q, character.id) : q)),
    },
    character,
  };
}

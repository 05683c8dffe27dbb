// Project use cases. Content is written to the documents bucket (a new object per version) before
// the row that points at it; each state change and its event commit together (outbox); the old
// objects are removed after the commit. Plan limits (issue 16) are read from the local read model of
// subscription.changed.v1: projects per plan, words per project, storage over every stored byte,
// read-only projects over the limit, and the features billing grants.
import { createHash, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  countWords,
  FEATURES,
  LIMIT_MESSAGES,
  MAX_VOICE_TAKES,
  UNLIMITED_PROJECTS,
  type Character,
  type VoiceNotes,
  type VoiceTake,
  type EventEnvelope,
  type OutlineItem,
  type Quote,
} from '@castbook/contracts';
import { detectStructure } from '@castbook/text-analysis';
import {
  HttpError,
  enqueueEvents,
  type BlobStore,
  type Bucket,
  type Database,
  type Logger,
  type Queryable,
} from '@castbook/platform';
import {
  countProjects,
  deleteProject,
  deleteStaleSamples,
  deleteUnreferencedSamples,
  findAuthorNames,
  findPlanLimits,
  findProject,
  firstReadOnly,
  insertAudioSample,
  insertProject,
  listProjectPage,
  lockUserProjects,
  olderProjectCount,
  ownSamples,
  updateProject,
  userStorage,
  usersWithStaleSamples,
} from '../db/projects.js';
import {
  analysisRequestedEvent,
  cancelRequestedEvent,
  projectEvent,
  storageChangedEvent,
} from '../events/project-events.js';
import { dismissalsOf, layUserQuotes, markUserEdits, type Analysed } from './reanalysis.js';
import { textMoves, type OffsetMap } from './text-moves.js';
import { carryTitles, itemsKept } from './outline-titles.js';
import { deleteCharacter, droppedNames, mergeCharacters } from './cast-edits.js';
import {
  applySpeakerChanges,
  assignChapterLines,
  proposeSpread,
  splitLines,
  type SpeakerChange,
} from './speaker-edits.js';
import { addDeletedNames } from '../db/deleted-characters.js';
import { addDismissedQuotes, moveDismissedQuotes, removeDismissedQuotes } from '../db/dismissed-quotes.js';
import { dropAnalysesExcept } from '../db/character-analyses.js';
import { analysingCurrentText, analysisCancelled, analysisRequested, textChanged } from './analysis-status.js';
import { resizeImage } from '@castbook/platform';
import type { Peers } from './peers.js';
import { decodeAudio } from './uploads.js';
import { checkRecording, VOICE_MESSAGES } from './audio-content.js';
import { SAMPLE_PATH } from './audio-urls.js';
import { matches, type Precondition } from './revision.js';
import {
  PROJECT_MESSAGES,
  checkAuthorId,
  checkContent,
  checkFeature,
  checkOutlineOffsets,
  checkProjectLimit,
  checkQuoteOffsets,
  checkStorage,
  checkTitle,
  checkWords,
  contentKey,
  decodeCursor,
  defaultCover,
  encodeCursor,
  listPosition,
  randomCoverSeed,
  readOnlyReason,
  thumbnailKey,
  type AuthorName,
  type ListPosition,
  type PlanLimits,
  type ProjectListRecord,
  type ProjectRecord,
} from './projects.js';

/** The verified caller and the header to forward to peers. */
export interface Caller {
  userId: string;
  authorization: string;
  requestId: string;
}

export interface ProjectInput {
  title?: string;
  content?: string;
  authorId?: string;
  thumbnail?: Buffer;
  resetThumbnail?: boolean;
  /**
   * With a new content: the SHA-256 (hex) of the text it replaces, as the client compared it (a revised
   * manuscript's summary); when the saved text is another one, 409 and nothing changes.
   */
  replacesSha256?: string;
}

export const TEXT_CHANGED_MEANWHILE = 'The text changed since you compared it; reload the project and compare again';

/** The fields users edit. Content fields are guarded by the content version instead. */
const USER_FIELDS = [
  'title',
  'authorId',
  'outline',
  'characters',
  'quotes',
  'thumbnailKey',
  'thumbnailType',
  'coverSeed',
] as const;
/** The analysis flow's fields: an edit racing a job's end must not undo what the job wrote. */
const ANALYSIS_FIELDS = [
  'analysisStatus',
  'analysisJobId',
  'analysisContentVersion',
  'analysisPreviousStatus',
  'analysisError',
] as const;

const CHANGED_MEANWHILE = 'The project changed meanwhile; reload it and try again';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What an edit writes, given the row as it is now (`locked`), as the edit read it (`current`) and as
 * the edit wants it (`next`). Changes made meanwhile to fields the edit leaves alone are kept, so two
 * edits of different fields both apply; an edit of a field someone else changed since it was read
 * loses with 409, and nothing of it is written. A new text resets the outline and quotes on purpose.
 */
function mergeEdit(
  locked: ProjectRecord,
  current: ProjectRecord,
  next: ProjectRecord,
  ownsAnalysisFields: boolean,
): ProjectRecord {
  const merged: Record<string, unknown> = { ...next };
  const newText = next.contentVersion !== current.contentVersion;
  for (const k of USER_FIELDS) {
    if (isDeepStrictEqual(locked[k], current[k])) continue;
    const mine = next[k] !== current[k];
    if (!mine) merged[k] = locked[k];
    else if (!(newText && (k === 'outline' || k === 'quotes'))) throw new HttpError(409, CHANGED_MEANWHILE);
  }
  if (!ownsAnalysisFields) for (const k of ANALYSIS_FIELDS) if (next[k] === current[k]) merged[k] = locked[k];
  return merged as unknown as ProjectRecord;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The bytes a project row accounts for: its current text and its uploaded cover. */
const bytesOf = (p: ProjectRecord) => p.contentBytes + p.thumbnailBytes;

/** The names of the voice samples characters point at: their chosen samples and their takes. */
const samplesOfCharacters = (characters: Character[]) =>
  characters.flatMap((c) =>
    [c.audioSample, ...(c.voiceTakes ?? []).map((t) => t.url)].flatMap((url) =>
      url?.startsWith(SAMPLE_PATH) ? [url.slice(SAMPLE_PATH.length)] : [],
    ),
  );
const samplesOf = (p: ProjectRecord) => samplesOfCharacters(p.characters);

/** A recording stored as a new take (POST …/voice-takes), checked and named before the transaction. */
interface NewSample {
  name: string;
  body: Buffer;
  mime: string;
}

/** The character with this id, or 404. */
function characterOf(characters: Character[], id: string): Character {
  const found = characters.find((c) => c.id === id);
  if (!found) throw new HttpError(404, VOICE_MESSAGES.characterNotFound);
  return found;
}

export class Projects {
  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
    private readonly peers: Peers,
    private readonly logger: Logger,
    private readonly maxAudioBytes = 10 * 1024 * 1024,
  ) {}

  /**
   * One page of the caller's projects, newest first, as the list shows them (no text, outline,
   * characters or quotes), and the cursor of the next page (null on the last one). One query: it reads
   * one row more than the page to know whether another page follows.
   */
  async list(
    caller: Caller,
    page: { limit: number; cursor?: string },
  ): Promise<{
    projects: ProjectListRecord[];
    nextCursor: string | null;
    readOnly: { from: ListPosition | undefined; reason: string };
  }> {
    const { userId } = caller;
    const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
    const { projects: rows, plan } = await listProjectPage(this.db.pool, userId, page.limit + 1, after);
    // The plan comes with the page; only an empty page or a plan not yet known here asks again.
    const limits = plan ?? (await this.limits(caller));
    // Over the limit, every project from the first past the oldest maxProjects on is read-only. A plan
    // without a project limit has none to look for (a query saved on the hottest read).
    const from =
      rows.length === 0 || limits.maxProjects >= UNLIMITED_PROJECTS
        ? undefined
        : await firstReadOnly(this.db.pool, userId, limits.maxProjects);
    const projects = rows.slice(0, page.limit);
    const last = projects.at(-1);
    return {
      projects,
      nextCursor: rows.length > page.limit && last ? encodeCursor(listPosition(last)) : null,
      readOnly: { from, reason: LIMIT_MESSAGES.readOnly(limits.tier, limits.maxProjects) },
    };
  }

  async get(userId: string, id: string): Promise<ProjectRecord> {
    const found = UUID.test(id) ? await findProject(this.db.pool, userId, id) : undefined;
    if (!found) throw new HttpError(404, PROJECT_MESSAGES.notFound);
    return found;
  }

  async withContent(userId: string, id: string) {
    const project = await this.get(userId, id);
    const content = (await this.blobs.getBuffer('documents', project.contentKey)).toString('utf8');
    const names = await findAuthorNames(this.db.pool, project.authorId ? [project.authorId] : []);
    return { project, content, names };
  }

  /**
   * The project's author's names, for the answers of create, edit, analyze and cancel: without them a
   * project showed 'Unknown Author' from the moment it was analysed until a reload (issue 19). The
   * read model first; an author it does not know yet (just created) is asked of the authors service.
   */
  async authorNames(caller: Caller, project: ProjectRecord): Promise<Map<string, AuthorName>> {
    const id = project.authorId;
    const names = await findAuthorNames(this.db.pool, id ? [id] : []);
    if (!id || names.has(id) || !UUID.test(id)) return names;
    const asked = await this.peers.author(id, caller.authorization).catch(() => null);
    if (asked) names.set(id, { id, userId: project.userId, ...asked, deleted: false });
    return names;
  }

  /** Why the project is read-only (over the plan's project limit), or undefined when it is writable. */
  async readOnly(caller: Caller, id: string, limits?: PlanLimits): Promise<string | undefined> {
    const plan = limits ?? (await this.limits(caller));
    if (plan.maxProjects >= UNLIMITED_PROJECTS) return undefined;
    return readOnlyReason(await olderProjectCount(this.db.pool, caller.userId, id), plan);
  }

  /**
   * The project, for a write: 403 when it is read-only. Reading and deleting never ask this, so a
   * user over the limit can still open and delete any project.
   */
  private async writable(caller: Caller, id: string): Promise<{ current: ProjectRecord; limits: PlanLimits }> {
    const current = await this.get(caller.userId, id);
    const limits = await this.limits(caller);
    const reason = await this.readOnly(caller, id, limits);
    if (reason) throw new HttpError(403, reason);
    return { current, limits };
  }

  async create(caller: Caller, input: ProjectInput): Promise<ProjectRecord> {
    const title = checkTitle(input.title);
    const content = checkContent(input.content);
    const authorId = checkAuthorId(input.authorId);
    const thumb = input.thumbnail ? await this.prepareThumbnail(input.thumbnail) : null;
    await this.checkAuthor(caller, authorId);
    const limits = await this.limits(caller);
    const wordCount = countWords(content);
    checkWords(wordCount, limits);
    const now = new Date();
    const base = { id: randomUUID(), userId: caller.userId };
    const contentBytes = Buffer.byteLength(content, 'utf8');
    const project: ProjectRecord = {
      ...base,
      authorId,
      title,
      contentBytes,
      thumbnailBytes: thumb?.bytes.length ?? 0,
      contentVersion: 1,
      contentKey: contentKey(base, 1),
      contentLength: content.length,
      wordCount,
      ...textChanged(),
      outline: [],
      characters: [],
      quotes: [],
      thumbnailKey: thumb ? thumbnailKey(base, now.getTime(), randomUUID()) : null,
      thumbnailType: thumb?.type ?? null,
      coverSeed: randomCoverSeed(),
      createdAt: now,
      updatedAt: now,
      revision: 0,
    };
    await this.db.transaction(async (tx) => {
      await lockUserProjects(tx, caller.userId);
      checkProjectLimit(await countProjects(tx, caller.userId), limits);
      const used = await userStorage(tx, caller.userId);
      checkStorage(used.ownBytes + used.otherBytes, bytesOf(project), limits);
      // Objects first: a row never points at a missing object (an aborted create leaves orphans only).
      await this.blobs.put('documents', project.contentKey, content, 'text/plain; charset=utf-8');
      if (thumb && project.thumbnailKey) await this.blobs.put('images', project.thumbnailKey, thumb.bytes, thumb.type);
      await insertProject(tx, project);
      const meta = { requestId: caller.requestId };
      await enqueueEvents(tx, [
        projectEvent('project.created.v1', project, meta),
        storageChangedEvent(caller.userId, await userStorage(tx, caller.userId), meta),
      ]);
    });
    return project;
  }

  async update(caller: Caller, id: string, input: ProjectInput): Promise<ProjectRecord> {
    const { current, limits } = await this.writable(caller, id);
    const next: ProjectRecord = { ...current, updatedAt: new Date() };
    if (input.title !== undefined) next.title = checkTitle(input.title);
    if (input.authorId !== undefined) {
      next.authorId = checkAuthorId(input.authorId);
      if (next.authorId !== current.authorId) await this.checkAuthor(caller, next.authorId);
    }
    let content: string | undefined;
    /** Where the old text's offsets are in the new one (a text replaced). */
    let textMoved: OffsetMap | undefined;
    if (input.content !== undefined) {
      content = checkContent(input.content);
      const wordCount = countWords(content);
      checkWords(wordCount, limits);
      // New text: a new version; the outline is detected again and the engine's quotes, which pointed
      // into the old text, go; the analysis is due again. Speakers the user set, quotes they marked
      // "not dialog" and the titles they gave chapters move with their text.
      const speakers = new Set(current.characters.map((c) => c.id));
      // (A text lost from storage cannot be compared: the new one replaces it, quotes searched as before.)
      const previous = await this.blobs
        .getBuffer('documents', current.contentKey)
        .then((b) => b.toString('utf8'))
        .catch((err: unknown) => {
          this.logger.warn({ err, projectId: id }, 'the replaced text could not be read');
          return undefined;
        });
      if (previous !== undefined && input.replacesSha256 !== undefined && sha256(previous) !== input.replacesSha256) {
        throw new HttpError(409, TEXT_CHANGED_MEANWHILE);
      }
      // Each quote the user set starts its search where its paragraph now is (a revision may move it
      // far: chapters added before it), not where it was.
      const moved = previous === undefined ? (o: number) => o : textMoves(previous, content);
      textMoved = moved;
      const held = current.quotes.map((q) =>
        q.attributionMethod === 'user' ? { ...q, startOffset: moved(q.startOffset) } : q,
      );
      // The outline is detected in the new text, chapters whose heading the revision left alone
      // keeping the title the user gave them.
      const kept = previous === undefined ? [] : itemsKept(current.outline, moved, previous, content);
      const outline = carryTitles(kept, detectStructure(content));
      Object.assign(next, {
        contentVersion: current.contentVersion + 1,
        contentKey: contentKey(current, current.contentVersion + 1, randomUUID()),
        contentLength: content.length,
        contentBytes: Buffer.byteLength(content, 'utf8'),
        wordCount,
        outline,
        quotes: layUserQuotes([], held, content, speakers),
        ...textChanged(),
      });
    }
    // A job analysing the old text would only produce a stale result: stop it.
    const stop =
      content !== undefined && current.analysisJobId ? [cancelRequestedEvent(current, current.analysisJobId)] : [];
    const thumb = input.thumbnail ? await this.prepareThumbnail(input.thumbnail) : null;
    if (thumb) {
      Object.assign(next, {
        thumbnailKey: thumbnailKey(current, next.updatedAt.getTime(), randomUUID()),
        thumbnailType: thumb.type,
        thumbnailBytes: thumb.bytes.length,
      });
    } else if (input.resetThumbnail) {
      Object.assign(next, { thumbnailKey: null, thumbnailType: null, thumbnailBytes: 0, coverSeed: randomCoverSeed() });
    }
    const written: [Bucket, string][] = [];
    if (content !== undefined) written.push(['documents', next.contentKey]);
    if (thumb && next.thumbnailKey) written.push(['images', next.thumbnailKey]);
    let saved: ProjectRecord;
    try {
      if (content !== undefined)
        await this.blobs.put('documents', next.contentKey, content, 'text/plain; charset=utf-8');
      if (thumb && next.thumbnailKey) await this.blobs.put('images', next.thumbnailKey, thumb.bytes, thumb.type);
      saved = await this.save(caller, current, next, stop, {
        limits,
        alsoWrite: textMoved && ((tx) => moveDismissedQuotes(tx, id, textMoved!)),
      });
    } catch (err) {
      // This request's objects are its own (unique keys): nothing points at them now.
      for (const [bucket, key] of written) await this.removeObject(bucket, key);
      throw err;
    }
    if (current.contentKey !== saved.contentKey) await this.removeObject('documents', current.contentKey);
    if (current.thumbnailKey && current.thumbnailKey !== saved.thumbnailKey) {
      await this.removeObject('images', current.thumbnailKey);
    }
    return saved;
  }

  /** Always allowed, read-only or not: deleting is how a user over the limit makes room. */
  async remove(caller: Caller, id: string): Promise<void> {
    await this.get(caller.userId, id);
    const released: string[] = [];
    const project = await this.db.transaction(async (tx) => {
      await lockUserProjects(tx, caller.userId);
      const locked = await findProject(tx, caller.userId, id, true);
      if (!locked) throw new HttpError(404, PROJECT_MESSAGES.notFound);
      await deleteProject(tx, caller.userId, id);
      // Its voice samples go with it, unless another project of the user uses them too.
      released.push(...(await deleteUnreferencedSamples(tx, caller.userId, samplesOf(locked))));
      const meta = { requestId: caller.requestId };
      await enqueueEvents(tx, [
        projectEvent('project.deleted.v1', locked, meta),
        storageChangedEvent(caller.userId, await userStorage(tx, caller.userId), meta),
      ]);
      return locked;
    });
    await this.removeObject('documents', project.contentKey);
    if (project.thumbnailKey) await this.removeObject('images', project.thumbnailKey);
    for (const name of released) await this.removeObject('audio', `${caller.userId}/${name}`);
  }

  async setOutline(caller: Caller, id: string, outline: OutlineItem[], ifMatch?: Precondition): Promise<ProjectRecord> {
    const { current } = await this.writable(caller, id);
    checkOutlineOffsets(outline, current.contentLength);
    return this.save(caller, current, { ...current, outline, updatedAt: new Date() }, [], { ifMatch });
  }

  async setCharacters(
    caller: Caller,
    id: string,
    characters: Character[],
    ifMatch?: Precondition,
  ): Promise<ProjectRecord> {
    const { current, limits } = await this.writable(caller, id);
    // Takes are the voice routes' to change: whatever takes a client sends back, the stored ones stand
    // (a character the list drops loses its takes, and their objects go).
    const takesOf = new Map(current.characters.map((c) => [c.id, c.voiceTakes]));
    const withTakes = characters.map(({ voiceTakes: _sent, ...c }) => {
      const takes = takesOf.get(c.id);
      return takes ? { ...c, voiceTakes: takes } : c;
    });
    const marked = markUserEdits(current.characters, withTakes);
    // A character the list leaves out was deleted: its names are kept out of re-analysis, as
    // DELETE …/characters/{id} keeps them. With limits: voice samples no character points at any
    // more are released (storage changes).
    const deletedNames = droppedNames(current.characters, marked);
    return this.save(caller, current, { ...current, characters: marked, updatedAt: new Date() }, [], {
      limits,
      ifMatch,
      alsoWrite: (tx) => addDeletedNames(tx, current.id, deletedNames),
    });
  }

  /**
   * The whole list. Quotes it leaves out were marked "not dialog": they are remembered, with quotes put
   * back at their place forgotten again, in the same transaction, so re-analysis keeps the decision.
   * (save() answers 409 unless the stored quotes are still `current`'s, so the difference is exact.)
   */
  async setQuotes(caller: Caller, id: string, quotes: Quote[], ifMatch?: Precondition): Promise<ProjectRecord> {
    const { current } = await this.writable(caller, id);
    checkQuoteOffsets(quotes, current.contentLength);
    const { dismissed, restored } = dismissalsOf(current.quotes, quotes);
    return this.save(caller, current, { ...current, quotes, updatedAt: new Date() }, [], {
      ifMatch,
      alsoWrite: async (tx) => {
        await removeDismissedQuotes(tx, id, restored);
        await addDismissedQuotes(tx, id, dismissed);
      },
    });
  }

  /**
   * Stores a character's voice sample (POST /api/upload/audio): only on a plan with voice:recording,
   * within the storage limit, and, when the project is named, only for a writable one. The object,
   * its size row and project_storage.changed.v1 commit together; a refusal keeps nothing.
   */
  async storeAudio(caller: Caller, dataUrl: string, projectId?: string): Promise<string> {
    const limits = await this.limits(caller);
    checkFeature(limits, FEATURES.voiceRecording);
    if (projectId !== undefined) await this.writable(caller, projectId);
    // The bytes decide the type (the declared fileType is only a hint the SPEC's clients send).
    const bytes = decodeAudio(dataUrl);
    const recording = await checkRecording(bytes, this.maxAudioBytes);
    const audio = { bytes, mime: recording.mime };
    const name = `${randomUUID()}.${recording.fileType}`;
    const key = `${caller.userId}/${name}`;
    let stored = false;
    try {
      await this.db.transaction(async (tx) => {
        await lockUserProjects(tx, caller.userId);
        const used = await userStorage(tx, caller.userId);
        checkStorage(used.ownBytes + used.otherBytes, audio.bytes.length, limits);
        stored = true;
        await this.blobs.put('audio', key, audio.bytes, audio.mime);
        await insertAudioSample(tx, caller.userId, name, audio.bytes.length);
        const usage = await userStorage(tx, caller.userId);
        await enqueueEvents(tx, [storageChangedEvent(caller.userId, usage, { requestId: caller.requestId })]);
      });
    } catch (err) {
      // Refused before the object was written: nothing to remove.
      if (stored) await this.removeObject('audio', key);
      throw err;
    }
    return `${SAMPLE_PATH}${name}`;
  }

  /**
   * POST …/voice-takes (issue 17): a new take for a character, last in its list, and its audioSample
   * when it had none. Only on a plan with voice:recording (checked on every upload), for a writable
   * project, within the storage limit, at most MAX_VOICE_TAKES per character. The bytes are checked
   * first (audio-content.ts); then the object, its size row, the character and the events commit
   * together under the user's lock, and on any refusal or failure the object is removed again.
   */
  async addVoiceTake(
    caller: Caller,
    projectId: string,
    characterId: string,
    body: Buffer,
    source: VoiceTake['source'],
  ): Promise<Character> {
    const limits = await this.limits(caller);
    checkFeature(limits, FEATURES.voiceRecording);
    const { current } = await this.writable(caller, projectId);
    const takesNow = characterOf(current.characters, characterId).voiceTakes?.length ?? 0;
    if (takesNow >= MAX_VOICE_TAKES) throw new HttpError(409, VOICE_MESSAGES.tooManyTakes);
    const recording = await checkRecording(body, this.maxAudioBytes);
    const id = randomUUID();
    const name = `${id}.${recording.fileType}`;
    const take: VoiceTake = {
      id,
      url: `${SAMPLE_PATH}${name}`,
      fileType: recording.fileType,
      durationSeconds: recording.durationSeconds,
      bytes: recording.bytes,
      createdAt: new Date().toISOString(),
      source,
    };
    const sample = { name, body, mime: recording.mime };
    return this.editCharacter(
      caller,
      projectId,
      characterId,
      (c) => {
        // Checked again under the lock: two uploads at once cannot make a sixth take.
        if ((c.voiceTakes?.length ?? 0) >= MAX_VOICE_TAKES) throw new HttpError(409, VOICE_MESSAGES.tooManyTakes);
        return { ...c, voiceTakes: [...(c.voiceTakes ?? []), take], audioSample: c.audioSample ?? take.url };
      },
      { sample, limits },
    );
  }

  /**
   * DELETE …/voice-takes/{takeId}: the take and (unless another character uses it) its object; when it
   * was the character's audioSample, none is chosen. Every plan, read-only projects too: it only frees bytes.
   */
  async deleteVoiceTake(caller: Caller, projectId: string, characterId: string, takeId: string): Promise<Character> {
    await this.get(caller.userId, projectId);
    return this.editCharacter(caller, projectId, characterId, (c) => {
      const take = c.voiceTakes?.find((t) => t.id === takeId);
      if (!take) throw new HttpError(404, VOICE_MESSAGES.takeNotFound);
      return {
        ...c,
        voiceTakes: c.voiceTakes!.filter((t) => t !== take),
        audioSample: c.audioSample === take.url ? null : c.audioSample,
      };
    });
  }

  /**
   * PUT …/voice: chooses the character's sample among its takes (by take id; null for none) and/or
   * replaces its voice notes. Every plan (choosing is not recording); the project must be writable.
   */
  async setVoice(
    caller: Caller,
    projectId: string,
    characterId: string,
    input: { audioSample?: string | null; voiceNotes?: VoiceNotes },
  ): Promise<Character> {
    await this.writable(caller, projectId);
    return this.editCharacter(caller, projectId, characterId, (c) => {
      const next = { ...c };
      if (input.audioSample !== undefined) {
        const take = input.audioSample === null ? null : c.voiceTakes?.find((t) => t.id === input.audioSample);
        if (take === undefined) throw new HttpError(404, VOICE_MESSAGES.takeNotFound);
        next.audioSample = take?.url ?? null;
      }
      if (input.voiceNotes !== undefined) {
        // Blank notes are no notes: only the ones with text are kept.
        const notes = Object.entries(input.voiceNotes).flatMap(([k, v]) => (v?.trim() ? [[k, v.trim()]] : []));
        next.voiceNotes = Object.fromEntries(notes) as VoiceNotes;
      }
      return next;
    });
  }

  /**
   * Samples no character refers to, stored more than `olderThanMs` ago, are deleted with their
   * objects: one uploaded with POST /api/upload/audio and never attached, or one a re-analysis
   * dropped with its character. Per user under the user's lock, so an attach racing it either comes
   * first (and the sample stays) or finds the sample gone (400). Answers how many went.
   */
  async sweepUnattachedSamples(olderThanMs: number): Promise<number> {
    const before = new Date(Date.now() - olderThanMs);
    let removed = 0;
    for (const userId of await usersWithStaleSamples(this.db.pool, before)) {
      const gone = await this.db.transaction(async (tx) => {
        await lockUserProjects(tx, userId);
        const names = await deleteStaleSamples(tx, userId, before);
        if (names.length > 0) await enqueueEvents(tx, [storageChangedEvent(userId, await userStorage(tx, userId))]);
        return names;
      });
      for (const name of gone) await this.removeObject('audio', `${userId}/${name}`);
      removed += gone.length;
    }
    return removed;
  }

  /**
   * POST …/characters/{characterId}/merge (issue 19): the character merged into `intoId`
   * (cast-edits.ts); its stored analysis goes, samples it pointed at move with its takes.
   */
  async mergeCharacter(caller: Caller, projectId: string, characterId: string, intoId: string) {
    await this.writable(caller, projectId);
    return this.editCast(caller, projectId, (p) => ({ state: mergeCharacters(p, characterId, intoId) }));
  }

  /**
   * DELETE …/characters/{characterId} (issue 19): its lines become unattributed, its samples are
   * released, and its names are kept so that re-analysis does not bring it back.
   */
  async deleteCharacter(caller: Caller, projectId: string, characterId: string) {
    await this.writable(caller, projectId);
    return this.editCast(caller, projectId, (p) => deleteCharacter(p, characterId));
  }

  /**
   * POST …/quotes/{quoteId}/spread (issue 19): what re-deciding that quote's conversation would
   * change (speaker-edits.ts); reads only, so a read-only project can preview too.
   */
  async proposeSpread(userId: string, projectId: string, quoteId: string) {
    const { project, content } = await this.withContent(userId, projectId);
    return proposeSpread(content, project.contentVersion, project, quoteId);
  }

  /** POST …/quotes/spread/apply (issue 19): a proposal's changes, on the text version it was made on. */
  async applySpeakerChanges(caller: Caller, projectId: string, contentVersion: number, changes: SpeakerChange[]) {
    await this.writable(caller, projectId);
    return this.editCast(caller, projectId, (p) => ({
      state: applySpeakerChanges(p, changes, { contentVersion, current: p.contentVersion }),
    }));
  }

  /**
   * POST …/characters/{characterId}/assign (issue 19): the character's lines in one chapter given to
   * another; `dryRun` counts them and changes nothing.
   */
  async assignChapterLines(
    caller: Caller,
    projectId: string,
    input: { fromId: string; toId: string; chapterId: string },
    dryRun: boolean,
  ): Promise<{ moved: number; project?: ProjectRecord }> {
    if (dryRun) {
      const p = await this.get(caller.userId, projectId);
      return { moved: assignChapterLines(p, p.outline, input).moved.length };
    }
    await this.writable(caller, projectId);
    let moved = 0;
    const project = await this.editCast(caller, projectId, (p) => {
      const done = assignChapterLines(p, p.outline, input);
      moved = done.moved.length;
      return { state: done.state };
    });
    return { moved, project };
  }

  /** POST …/characters/{characterId}/split (issue 19): lines moved to a new character of the user's. */
  async splitLines(
    caller: Caller,
    projectId: string,
    input: { fromId: string; quoteIds: string[]; name: string; color: string },
  ) {
    await this.writable(caller, projectId);
    let characterId = '';
    const project = await this.editCast(caller, projectId, (p) => {
      const done = splitLines(p, input);
      characterId = done.character.id;
      return { state: done.state };
    });
    return { project, characterId };
  }

  /**
   * One character changed by the voice routes (editCast), answered as it is saved.
   */
  private async editCharacter(
    caller: Caller,
    projectId: string,
    characterId: string,
    change: (c: Character) => Character,
    options: { sample?: NewSample; limits?: PlanLimits } = {},
  ): Promise<Character> {
    const saved = await this.editCast(
      caller,
      projectId,
      (p) => {
        const changed = change(characterOf(p.characters, characterId));
        return { state: { ...p, characters: p.characters.map((c) => (c.id === characterId ? changed : c)) } };
      },
      options,
    );
    return characterOf(saved.characters, characterId);
  }

  /**
   * The cast (characters and quotes) changed from the row read under the user's lock, so concurrent
   * edits apply one after the other instead of failing, with the new sample's object and size row
   * when there is one; samples no character refers to any more are released, analyses of characters
   * gone are dropped, and `deletedNames` are kept for re-analysis.
   */
  private async editCast(
    caller: Caller,
    projectId: string,
    change: (locked: ProjectRecord) => { state: Analysed; deletedNames?: string[] },
    options: { sample?: NewSample; limits?: PlanLimits } = {},
  ): Promise<ProjectRecord> {
    const { sample, limits } = options;
    const key = sample && `${caller.userId}/${sample.name}`;
    const released: string[] = [];
    const meta = { requestId: caller.requestId };
    let written = false;
    let saved: ProjectRecord;
    try {
      saved = await this.db.transaction(async (tx) => {
        await lockUserProjects(tx, caller.userId);
        const locked = await findProject(tx, caller.userId, projectId, true);
        if (!locked) throw new HttpError(404, PROJECT_MESSAGES.notFound);
        const { state, deletedNames = [] } = change(locked);
        const next: ProjectRecord = {
          ...locked,
          characters: state.characters,
          quotes: state.quotes,
          updatedAt: new Date(),
        };
        if (sample && key && limits) {
          const used = await userStorage(tx, caller.userId);
          checkStorage(used.ownBytes + used.otherBytes, sample.body.length, limits);
          written = true;
          await this.blobs.put('audio', key, sample.body, sample.mime);
          await insertAudioSample(tx, caller.userId, sample.name, sample.body.length);
        }
        const stored = await updateProject(tx, next);
        if (next.characters.length < locked.characters.length) {
          await dropAnalysesExcept(
            tx,
            projectId,
            next.characters.map((c) => c.id),
          );
        }
        await addDeletedNames(tx, projectId, deletedNames);
        const kept = new Set(samplesOf(next));
        const gone = samplesOf(locked).filter((n) => !kept.has(n));
        released.push(...(await deleteUnreferencedSamples(tx, caller.userId, gone)));
        const events: EventEnvelope[] = [projectEvent('project.updated.v1', stored, meta)];
        if (sample || released.length > 0) {
          events.push(storageChangedEvent(caller.userId, await userStorage(tx, caller.userId), meta));
        }
        await enqueueEvents(tx, events);
        return stored;
      });
    } catch (err) {
      // The object is this request's own (a new name): with the transaction undone nothing points at it.
      if (written && key) await this.removeObject('audio', key);
      throw err;
    }
    for (const name of released) await this.removeObject('audio', `${caller.userId}/${name}`);
    return saved;
  }

  /**
   * Starts analysing the saved text: in progress, with analysis.requested.v1 in the same commit.
   * While a job for this content version runs, answers the project as it is (no second job).
   */
  async analyze(caller: Caller, id: string): Promise<ProjectRecord> {
    const { current, limits } = await this.writable(caller, id);
    if (analysingCurrentText(current)) return current;
    const tier = limits.tier === 'pro' ? 'pro' : 'free';
    const next: ProjectRecord = {
      ...current,
      ...analysisRequested(current, randomUUID()),
      updatedAt: new Date(),
    };
    const meta = { requestId: caller.requestId };
    const events: EventEnvelope[] = [analysisRequestedEvent(next, tier, meta)];
    if (current.analysisJobId) events.unshift(cancelRequestedEvent(current, current.analysisJobId, meta));
    return this.save(caller, current, next, events, { idempotent: true });
  }

  /**
   * Stops the running job (analysis.cancel_requested.v1): the project goes back to the settled status
   * it had before the job (pending, completed or failed), keeping that analysis's characters and quotes.
   */
  async cancelAnalysis(caller: Caller, id: string): Promise<ProjectRecord> {
    const current = await this.get(caller.userId, id);
    if (!current.analysisJobId) return current;
    const next: ProjectRecord = {
      ...current,
      ...analysisCancelled(current),
      updatedAt: new Date(),
    };
    const stop = cancelRequestedEvent(current, current.analysisJobId, { requestId: caller.requestId });
    return this.save(caller, current, next, [stop], { idempotent: true });
  }

  /**
   * SPEC §5: leading slashes stripped from the id; saves the detected outline. `content`, when sent,
   * must be the saved text (empty is refused); left out, the saved text is used, so a book saved a
   * moment ago need not travel again.
   */
  async detectStructure(caller: Caller, rawId: string, content: string | undefined): Promise<OutlineItem[]> {
    const id = rawId.replace(/^\/+/, '');
    if (!id) throw new HttpError(400, PROJECT_MESSAGES.emptyId);
    const text = content === undefined ? undefined : checkContent(content);
    await this.writable(caller, id);
    const { project, content: saved } = await this.withContent(caller.userId, id);
    // The outline's offsets must point into the saved text; structure of unsaved text is refused.
    if (text !== undefined && text !== saved) {
      throw new HttpError(409, 'The content differs from the saved content; save it first');
    }
    // Offsets are taken from the saved text itself; items found again keep the titles the user gave.
    const outline = carryTitles(project.outline, detectStructure(saved));
    await this.save(caller, project, { ...project, outline, updatedAt: new Date() });
    return outline;
  }

  async thumbnail(userId: string, id: string): Promise<{ body: Buffer | string; type: string }> {
    const p = await this.get(userId, id);
    if (!p.thumbnailKey) {
      return { body: defaultCover(p.title, p.coverSeed), type: 'image/svg+xml' };
    }
    return { body: await this.blobs.getBuffer('images', p.thumbnailKey), type: p.thumbnailType ?? 'image/png' };
  }

  /**
   * Writes `next` if the project still exists, with its event; 404 when it was deleted meanwhile.
   * With `limits` (an edit that may change stored bytes: text, cover, voice samples), the user's
   * storage changes are serialised (the creations' lock), checked against the plan and announced.
   */
  private async save(
    caller: Caller,
    current: ProjectRecord,
    next: ProjectRecord,
    events: EventEnvelope[] = [],
    options: {
      idempotent?: boolean;
      limits?: PlanLimits;
      /** More rows the edit writes, in the same transaction (after the project's). */
      alsoWrite?: (tx: Queryable) => Promise<void>;
      /** The revisions the client's lists may be of (If-Match); another one is a 409. */
      ifMatch?: Precondition;
    } = {},
  ): Promise<ProjectRecord> {
    const released: string[] = [];
    const meta = { requestId: caller.requestId };
    const saved = await this.db.transaction(async (tx) => {
      if (options.limits) await lockUserProjects(tx, caller.userId);
      const locked = await findProject(tx, caller.userId, current.id, true);
      if (!locked) throw new HttpError(404, PROJECT_MESSAGES.notFound);
      if (locked.contentVersion !== current.contentVersion) throw new HttpError(409, CHANGED_MEANWHILE);
      if (options.ifMatch && !matches(options.ifMatch, locked.revision)) throw new HttpError(409, CHANGED_MEANWHILE);
      // Analyze and cancel twice at once: the second finds the first's job changed and answers as is.
      if (options.idempotent && locked.analysisJobId !== current.analysisJobId) return locked;
      const merged = mergeEdit(locked, current, next, options.idempotent === true);
      let stored: ProjectRecord;
      const storage: EventEnvelope[] = [];
      if (options.limits) {
        const added = bytesOf(merged) - bytesOf(locked);
        // A character may point only at the user's own recordings (not another user's URL).
        const held = new Set(samplesOf(locked));
        const attached = samplesOf(merged).filter((n) => !held.has(n));
        const own = await ownSamples(tx, caller.userId, attached);
        if (attached.some((n) => !own.has(n))) throw new HttpError(400, VOICE_MESSAGES.notOwnSample);
        const used = await userStorage(tx, caller.userId);
        checkStorage(used.ownBytes + used.otherBytes, added, options.limits);
        stored = await updateProject(tx, merged);
        const kept = new Set(samplesOf(merged));
        const gone = samplesOf(locked).filter((n) => !kept.has(n));
        released.push(...(await deleteUnreferencedSamples(tx, caller.userId, gone)));
        if (added !== 0 || released.length > 0) {
          storage.push(storageChangedEvent(caller.userId, await userStorage(tx, caller.userId), meta));
        }
      } else {
        stored = await updateProject(tx, merged);
      }
      await options.alsoWrite?.(tx);
      await enqueueEvents(tx, [...events, projectEvent('project.updated.v1', stored, meta), ...storage]);
      return stored;
    });
    // Released samples: nothing points at them now.
    for (const name of released) await this.removeObject('audio', `${caller.userId}/${name}`);
    return saved;
  }

  /** Cards show covers at about 300×400; 600×800 keeps them sharp on dense screens. */
  private prepareThumbnail(bytes: Buffer) {
    return resizeImage(bytes, { width: 600, height: 800 }, PROJECT_MESSAGES.notImage);
  }

  /** The author must be the caller's: the read model first, else the authors service itself. */
  private async checkAuthor(caller: Caller, authorId: string): Promise<void> {
    const known = (await findAuthorNames(this.db.pool, [authorId])).get(authorId);
    if (known) {
      if (known.userId !== caller.userId || known.deleted) throw new HttpError(404, PROJECT_MESSAGES.authorNotFound);
      return;
    }
    if (!UUID.test(authorId) || !(await this.peers.author(authorId, caller.authorization))) {
      throw new HttpError(404, PROJECT_MESSAGES.authorNotFound);
    }
  }

  /** The caller's plan: the read model of subscription.changed.v1, else billing itself (Free if it cannot answer). */
  async limits(caller: Caller): Promise<PlanLimits> {
    return (await findPlanLimits(this.db.pool, caller.userId)) ?? this.peers.limits(caller.authorization);
  }

  private async removeObject(bucket: Bucket, key: string): Promise<void> {
    try {
      await this.blobs.delete(bucket, key);
    } catch (err) {
      this.logger.warn({ err, bucket, key }, 'could not delete an old object');
    }
  }
}

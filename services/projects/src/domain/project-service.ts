// Project use cases. Content is written to the documents bucket (a new object per version) before
// the row that points at it; each state change and its event commit together (outbox); the old
// objects are removed after the commit. Plan limits (issue 16) are read from the local read model of
// subscription.changed.v1: projects per plan, words per project, storage over every stored byte,
// read-only projects over the limit, and the features billing grants.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  FEATURES,
  LIMIT_MESSAGES,
  UNLIMITED_PROJECTS,
  type Character,
  type EventEnvelope,
  type OutlineItem,
  type Quote,
} from '@castbook/contracts';
import { detectStructure } from '@castbook/text-analysis';
import { HttpError, enqueueEvents, type BlobStore, type Bucket, type Database, type Logger } from '@castbook/platform';
import {
  countProjects,
  deleteProject,
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
  updateProject,
  userStorage,
} from '../db/projects.js';
import {
  analysisRequestedEvent,
  cancelRequestedEvent,
  projectEvent,
  storageChangedEvent,
} from '../events/project-events.js';
import { layUserQuotes, markUserEdits } from './reanalysis.js';
import { analysingCurrentText, analysisCancelled, analysisRequested, textChanged } from './analysis-status.js';
import { resizeImage } from '@castbook/platform';
import type { Peers } from './peers.js';
import { decodeAudio, type AudioType } from './uploads.js';
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
  countWords,
  decodeCursor,
  defaultCover,
  encodeCursor,
  listPosition,
  randomCoverSeed,
  readOnlyReason,
  thumbnailKey,
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
}

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

const SAMPLE_PATH = '/api/upload/audio/';
/** The names of the voice samples a project's characters point at. */
const samplesOf = (p: ProjectRecord) =>
  p.characters.flatMap((c) =>
    c.audioSample?.startsWith(SAMPLE_PATH) ? [c.audioSample.slice(SAMPLE_PATH.length)] : [],
  );

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
    const [rows, limits] = await Promise.all([
      listProjectPage(this.db.pool, userId, page.limit + 1, after),
      this.limits(caller),
    ]);
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
    if (input.content !== undefined) {
      content = checkContent(input.content);
      const wordCount = countWords(content);
      checkWords(wordCount, limits);
      // New text: a new version; the outline and the engine's quotes pointed into the old text, so
      // they go (the client detects the structure again), and the analysis is due again. Speakers the
      // user set move with their text.
      const speakers = new Set(current.characters.map((c) => c.id));
      Object.assign(next, {
        contentVersion: current.contentVersion + 1,
        contentKey: contentKey(current, current.contentVersion + 1, randomUUID()),
        contentLength: content.length,
        contentBytes: Buffer.byteLength(content, 'utf8'),
        wordCount,
        outline: [],
        quotes: layUserQuotes([], current.quotes, content, speakers),
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
      saved = await this.save(caller, current, next, stop, { limits });
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

  async setOutline(caller: Caller, id: string, outline: OutlineItem[]): Promise<ProjectRecord> {
    const { current } = await this.writable(caller, id);
    checkOutlineOffsets(outline, current.contentLength);
    return this.save(caller, current, { ...current, outline, updatedAt: new Date() });
  }

  async setCharacters(caller: Caller, id: string, characters: Character[]): Promise<ProjectRecord> {
    const { current, limits } = await this.writable(caller, id);
    const marked = markUserEdits(current.characters, characters);
    // With limits: voice samples no character points at any more are released (storage changes).
    return this.save(caller, current, { ...current, characters: marked, updatedAt: new Date() }, [], { limits });
  }

  async setQuotes(caller: Caller, id: string, quotes: Quote[]): Promise<ProjectRecord> {
    const { current } = await this.writable(caller, id);
    checkQuoteOffsets(quotes, current.contentLength);
    return this.save(caller, current, { ...current, quotes, updatedAt: new Date() });
  }

  /**
   * Stores a character's voice sample (POST /api/upload/audio): only on a plan with voice:recording,
   * within the storage limit, and, when the project is named, only for a writable one. The object,
   * its size row and project_storage.changed.v1 commit together; a refusal keeps nothing.
   */
  async storeAudio(caller: Caller, dataUrl: string, fileType: AudioType, projectId?: string): Promise<string> {
    const limits = await this.limits(caller);
    checkFeature(limits, FEATURES.voiceRecording);
    if (projectId !== undefined) await this.writable(caller, projectId);
    const audio = decodeAudio(dataUrl, fileType, this.maxAudioBytes);
    const name = `${randomUUID()}.${fileType}`;
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
    // Offsets are taken from the saved text itself.
    const outline = detectStructure(saved);
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
    options: { idempotent?: boolean; limits?: PlanLimits } = {},
  ): Promise<ProjectRecord> {
    const released: string[] = [];
    const meta = { requestId: caller.requestId };
    const saved = await this.db.transaction(async (tx) => {
      if (options.limits) await lockUserProjects(tx, caller.userId);
      const locked = await findProject(tx, caller.userId, current.id, true);
      if (!locked) throw new HttpError(404, PROJECT_MESSAGES.notFound);
      if (locked.contentVersion !== current.contentVersion) throw new HttpError(409, CHANGED_MEANWHILE);
      // Analyze and cancel twice at once: the second finds the first's job changed and answers as is.
      if (options.idempotent && locked.analysisJobId !== current.analysisJobId) return locked;
      const merged = mergeEdit(locked, current, next, options.idempotent === true);
      const storage: EventEnvelope[] = [];
      if (options.limits) {
        const added = bytesOf(merged) - bytesOf(locked);
        const used = await userStorage(tx, caller.userId);
        checkStorage(used.ownBytes + used.otherBytes, added, options.limits);
        await updateProject(tx, merged);
        const kept = new Set(samplesOf(merged));
        const gone = samplesOf(locked).filter((n) => !kept.has(n));
        released.push(...(await deleteUnreferencedSamples(tx, caller.userId, gone)));
        if (added !== 0 || released.length > 0) {
          storage.push(storageChangedEvent(caller.userId, await userStorage(tx, caller.userId), meta));
        }
      } else {
        await updateProject(tx, merged);
      }
      await enqueueEvents(tx, [...events, projectEvent('project.updated.v1', merged, meta), ...storage]);
      return merged;
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

// Project use cases. Content is written to the documents bucket (a new object per version) before
// the row that points at it; each state change and its event commit together (outbox); the old
// objects are removed after the commit.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Character, EventEnvelope, OutlineItem, Quote } from '@castbook/contracts';
import { detectStructure } from '@castbook/text-analysis';
import { HttpError, enqueueEvents, type BlobStore, type Bucket, type Database, type Logger } from '@castbook/platform';
import {
  countProjects,
  deleteProject,
  findAuthorNames,
  findPlanLimits,
  findProject,
  insertProject,
  listProjectPage,
  lockUserProjects,
  updateProject,
} from '../db/projects.js';
import { analysisRequestedEvent, cancelRequestedEvent, projectEvent } from '../events/project-events.js';
import { layUserQuotes, markUserEdits } from './reanalysis.js';
import { analysingCurrentText, analysisCancelled, analysisRequested, textChanged } from './analysis-status.js';
import { resizeImage } from '@castbook/platform';
import type { Peers } from './peers.js';
import {
  PROJECT_MESSAGES,
  checkAuthorId,
  checkContent,
  checkOutlineOffsets,
  checkProjectLimit,
  checkQuoteOffsets,
  checkTitle,
  checkWords,
  contentKey,
  countWords,
  decodeCursor,
  defaultCover,
  encodeCursor,
  listPosition,
  randomCoverSeed,
  thumbnailKey,
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

export class Projects {
  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
    private readonly peers: Peers,
    private readonly logger: Logger,
  ) {}

  /**
   * One page of the caller's projects, newest first, as the list shows them (no text, outline,
   * characters or quotes), and the cursor of the next page (null on the last one). One query: it reads
   * one row more than the page to know whether another page follows.
   */
  async list(
    userId: string,
    page: { limit: number; cursor?: string },
  ): Promise<{ projects: ProjectListRecord[]; nextCursor: string | null }> {
    const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
    const rows = await listProjectPage(this.db.pool, userId, page.limit + 1, after);
    const projects = rows.slice(0, page.limit);
    const last = projects.at(-1);
    return { projects, nextCursor: rows.length > page.limit && last ? encodeCursor(listPosition(last)) : null };
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
    const project: ProjectRecord = {
      ...base,
      authorId,
      title,
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
      // Objects first: a row never points at a missing object (an aborted create leaves orphans only).
      await this.blobs.put('documents', project.contentKey, content, 'text/plain; charset=utf-8');
      if (thumb && project.thumbnailKey) await this.blobs.put('images', project.thumbnailKey, thumb.bytes, thumb.type);
      await insertProject(tx, project);
      await enqueueEvents(tx, [projectEvent('project.created.v1', project, { requestId: caller.requestId })]);
    });
    return project;
  }

  async update(caller: Caller, id: string, input: ProjectInput): Promise<ProjectRecord> {
    const current = await this.get(caller.userId, id);
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
      checkWords(wordCount, await this.limits(caller));
      // New text: a new version; the outline and the engine's quotes pointed into the old text, so
      // they go (the client detects the structure again), and the analysis is due again. Speakers the
      // user set move with their text.
      const speakers = new Set(current.characters.map((c) => c.id));
      Object.assign(next, {
        contentVersion: current.contentVersion + 1,
        contentKey: contentKey(current, current.contentVersion + 1, randomUUID()),
        contentLength: content.length,
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
      });
    } else if (input.resetThumbnail) {
      Object.assign(next, { thumbnailKey: null, thumbnailType: null, coverSeed: randomCoverSeed() });
    }
    const written: [Bucket, string][] = [];
    if (content !== undefined) written.push(['documents', next.contentKey]);
    if (thumb && next.thumbnailKey) written.push(['images', next.thumbnailKey]);
    let saved: ProjectRecord;
    try {
      if (content !== undefined)
        await this.blobs.put('documents', next.contentKey, content, 'text/plain; charset=utf-8');
      if (thumb && next.thumbnailKey) await this.blobs.put('images', next.thumbnailKey, thumb.bytes, thumb.type);
      saved = await this.save(caller, current, next, stop);
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

  async remove(caller: Caller, id: string): Promise<void> {
    const project = await this.get(caller.userId, id);
    await this.db.transaction(async (tx) => {
      if (!(await findProject(tx, caller.userId, id, true))) throw new HttpError(404, PROJECT_MESSAGES.notFound);
      await deleteProject(tx, caller.userId, id);
      await enqueueEvents(tx, [projectEvent('project.deleted.v1', project, { requestId: caller.requestId })]);
    });
    await this.removeObject('documents', project.contentKey);
    if (project.thumbnailKey) await this.removeObject('images', project.thumbnailKey);
  }

  async setOutline(caller: Caller, id: string, outline: OutlineItem[]): Promise<ProjectRecord> {
    const current = await this.get(caller.userId, id);
    checkOutlineOffsets(outline, current.contentLength);
    return this.save(caller, current, { ...current, outline, updatedAt: new Date() });
  }

  async setCharacters(caller: Caller, id: string, characters: Character[]): Promise<ProjectRecord> {
    const current = await this.get(caller.userId, id);
    const marked = markUserEdits(current.characters, characters);
    return this.save(caller, current, { ...current, characters: marked, updatedAt: new Date() });
  }

  async setQuotes(caller: Caller, id: string, quotes: Quote[]): Promise<ProjectRecord> {
    const current = await this.get(caller.userId, id);
    checkQuoteOffsets(quotes, current.contentLength);
    return this.save(caller, current, { ...current, quotes, updatedAt: new Date() });
  }

  /**
   * Starts analysing the saved text: in progress, with analysis.requested.v1 in the same commit.
   * While a job for this content version runs, answers the project as it is (no second job).
   */
  async analyze(caller: Caller, id: string): Promise<ProjectRecord> {
    const current = await this.get(caller.userId, id);
    if (analysingCurrentText(current)) return current;
    const tier = (await this.limits(caller)).tier === 'pro' ? 'pro' : 'free';
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

  /** Writes `next` if the project still exists, with its event; 404 when it was deleted meanwhile. */
  private async save(
    caller: Caller,
    current: ProjectRecord,
    next: ProjectRecord,
    events: EventEnvelope[] = [],
    options: { idempotent?: boolean } = {},
  ): Promise<ProjectRecord> {
    return this.db.transaction(async (tx) => {
      const locked = await findProject(tx, caller.userId, current.id, true);
      if (!locked) throw new HttpError(404, PROJECT_MESSAGES.notFound);
      if (locked.contentVersion !== current.contentVersion) throw new HttpError(409, CHANGED_MEANWHILE);
      // Analyze and cancel twice at once: the second finds the first's job changed and answers as is.
      if (options.idempotent && locked.analysisJobId !== current.analysisJobId) return locked;
      const merged = mergeEdit(locked, current, next, options.idempotent === true);
      await updateProject(tx, merged);
      await enqueueEvents(tx, [...events, projectEvent('project.updated.v1', merged, { requestId: caller.requestId })]);
      return merged;
    });
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

  private async limits(caller: Caller): Promise<PlanLimits> {
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

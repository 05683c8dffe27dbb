// Project rules: required fields (SPEC §5), bounds, plan limits (PRODUCT.md), outline offsets
// inside the text, the list and detail views (SPEC §3) and the generated default covers.
import {
  FEATURES,
  LIMIT_MESSAGES,
  outlineClass,
  type FeatureId,
  type AnalysisStatus,
  type Character,
  type OutlineItem,
  type Project,
  type ProjectListItem,
  type ProjectSummary,
  type Quote,
} from '@castbook/contracts';
import { HttpError } from '@castbook/platform';
import { stripMarkup } from '@castbook/text-analysis/documents';

export interface ProjectRecord {
  id: string;
  userId: string;
  authorId: string | null;
  title: string;
  contentVersion: number;
  contentKey: string;
  contentLength: number;
  wordCount: number;
  analysisStatus: AnalysisStatus;
  /** The running analysis job, if any; events of other jobs are stale. */
  analysisJobId: string | null;
  /** The content version that job analyses. */
  analysisContentVersion: number | null;
  /** The settled status before the job started, restored if it is cancelled. */
  analysisPreviousStatus: AnalysisStatus | null;
  /** The last failure's message, for the user. */
  analysisError: string | null;
  outline: OutlineItem[];
  characters: Character[];
  quotes: Quote[];
  thumbnailKey: string | null;
  thumbnailType: string | null;
  coverSeed: number;
  createdAt: Date;
  updatedAt: Date;
  /** Stored bytes of the current text (UTF-8) and of the uploaded cover (0 for the drawn one). */
  contentBytes: number;
  thumbnailBytes: number;
  /**
   * Raised by every write of the row (db/projects.ts updateProject): the ETag of the project's
   * answers, and what an edit's If-Match names (the client's lists are of this revision).
   */
  revision: number;
}

export interface AuthorName {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  deleted: boolean;
}

/** The caller's plan as billing last said (subscription.changed.v1), or as it answers when asked. */
export interface PlanLimits {
  tier: string;
  maxProjects: number;
  maxWords: number | null;
  maxStorageBytes: number;
  /** Feature ids the plan grants ('voice:recording', 'characters:analysis', ...). */
  features: string[];
}

export const MAX_TITLE = 500;

export const PROJECT_MESSAGES = {
  title: 'Title is required',
  titleTooLong: `Title must be at most ${MAX_TITLE} characters`,
  content: 'Content is required',
  author: 'Author is required',
  authorNotFound: 'Author not found',
  notFound: 'Project not found',
  notImage: 'The thumbnail must be a PNG, JPEG, WebP or GIF image',
  emptyId: 'Invalid project ID: empty after removing slashes',
  ...LIMIT_MESSAGES,
} as const;

export function checkTitle(value: string | undefined): string {
  const title = (value ?? '').trim();
  if (!title) throw new HttpError(400, PROJECT_MESSAGES.title);
  if (title.length > MAX_TITLE) throw new HttpError(400, PROJECT_MESSAGES.titleTooLong);
  return title;
}

/**
 * Required text, with line ends as LF: browsers send form fields with every line end turned into
 * CRLF, so the saved text (and the offsets into it) must not depend on how it travelled.
 */
/**
 * A project's text as it is stored: required, LF line ends (browsers send form fields with CRLF),
 * and without light markup such as Gutenberg's `_italics_`: pasted text as well as uploads (which
 * parse-document has stripped already), since the stored text is what the user reads and what every
 * offset points into (text-analysis src/text/markup.ts).
 */
export function checkContent(value: string | undefined): string {
  if (!value || !value.trim()) throw new HttpError(400, PROJECT_MESSAGES.content);
  return stripMarkup(value.replace(/\r\n?/g, '\n'));
}

export function checkAuthorId(value: string | undefined): string {
  const id = (value ?? '').trim();
  if (!id) throw new HttpError(400, PROJECT_MESSAGES.author);
  return id;
}

/** Words per project (PRODUCT.md): 403, a plan's limit rather than a body too large. */
export function checkWords(words: number, limits: PlanLimits): void {
  if (limits.maxWords !== null && words > limits.maxWords) {
    throw new HttpError(403, LIMIT_MESSAGES.wordLimit(limits.tier, words, limits.maxWords));
  }
}

export function checkProjectLimit(count: number, limits: PlanLimits): void {
  if (count >= limits.maxProjects) {
    throw new HttpError(403, LIMIT_MESSAGES.projectLimit(limits.tier, limits.maxProjects));
  }
}

/**
 * The storage limit counts every byte the user stores, here and in the authors service. A change
 * that adds bytes may not take the total over the plan's limit; one that frees bytes always may (a
 * user over the limit after a downgrade can still shrink a text or drop a cover).
 */
export function checkStorage(usedBytes: number, addedBytes: number, limits: PlanLimits): void {
  if (addedBytes > 0 && usedBytes + addedBytes > limits.maxStorageBytes) {
    throw new HttpError(413, LIMIT_MESSAGES.storageLimit(limits.tier, limits.maxStorageBytes));
  }
}

/** Features are the plan's (subscription.changed.v1), never the client's say. */
export function checkFeature(limits: PlanLimits, feature: FeatureId): void {
  if (!limits.features.includes(feature)) throw new HttpError(403, LIMIT_MESSAGES.featureDenied);
}
export const VOICE_RECORDING = FEATURES.voiceRecording;

/** A project with `olderCount` older ones is read-only when those already fill the plan's limit. */
export function readOnlyReason(
  olderCount: number,
  limits: Pick<PlanLimits, 'tier' | 'maxProjects'>,
): string | undefined {
  return olderCount >= limits.maxProjects ? LIMIT_MESSAGES.readOnly(limits.tier, limits.maxProjects) : undefined;
}

/** Every outline item must lie inside the text it describes. */
export function checkOutlineOffsets(items: OutlineItem[], length: number): void {
  for (const item of items) {
    if (item.endOffset > length) {
      throw new HttpError(
        400,
        `Outline item '${item.id}' ends at ${item.endOffset}, past the end of the text (${length})`,
      );
    }
    checkOutlineOffsets(item.children, length);
  }
}

export function checkQuoteOffsets(quotes: Quote[], length: number): void {
  for (const q of quotes) {
    if (q.endOffset < q.startOffset || q.endOffset > length) {
      throw new HttpError(400, `Quote '${q.id}' has offsets outside the text (${q.startOffset}-${q.endOffset})`);
    }
  }
}

export function chapterCount(items: OutlineItem[]): number {
  return items.reduce((n, i) => n + (outlineClass(i.type) === 'chapter' ? 1 : 0) + chapterCount(i.children), 0);
}

/**
 * Where a version of the text lives. An edit passes a random `nonce`: two saves racing for the same
 * version then write different objects, so the one that loses the version check cannot overwrite the
 * winner's text (a new project's first version is unique by its fresh id).
 */
export const contentKey = (p: Pick<ProjectRecord, 'userId' | 'id'>, version: number, nonce?: string) =>
  `projects/${p.userId}/${p.id}/content/v${version}${nonce ? `-${nonce}` : ''}.txt`;
/** Unique per upload for the same reason as `contentKey`'s nonce. */
export const thumbnailKey = (p: Pick<ProjectRecord, 'userId' | 'id'>, stamp: number, nonce: string) =>
  `thumbnails/${p.userId}/${p.id}/${stamp}-${nonce}`;

export const randomCoverSeed = () => Math.floor(Math.random() * 1_000_000);

function authorOf(p: ProjectRecord, names: Map<string, AuthorName>): Project['author'] {
  const a = p.authorId ? names.get(p.authorId) : undefined;
  // A deleted author, or one of another user (cannot happen, but), shows as 'Unknown Author'.
  if (!a || a.deleted || a.userId !== p.userId) return null;
  return { id: a.id, firstName: a.firstName, lastName: a.lastName };
}

/**
 * The thumbnail's URL. The version (the last change, in ms, for an uploaded picture; the seed for a
 * generated cover) makes it change with the picture, so caches never show an old one.
 */
const thumbnailUrl = (id: string, thumbnailKey: string | null, updatedAtMs: number, coverSeed: number) =>
  `/api/projects/${id}/thumbnail?v=${thumbnailKey ? updatedAtMs : `cover-${coverSeed}`}`;

/**
 * A project without its text: the answer of the calls on one project (create, update, analyze...).
 * `readOnly`: the reason it is read-only (over the plan's project limit), or undefined.
 */
export function projectSummary(
  p: ProjectRecord,
  names: Map<string, AuthorName>,
  readOnly: string | undefined = undefined,
): ProjectSummary {
  return {
    id: p.id,
    title: p.title,
    thumbnail: thumbnailUrl(p.id, p.thumbnailKey, p.updatedAt.getTime(), p.coverSeed),
    authorId: p.authorId,
    author: authorOf(p, names),
    analysisStatus: p.analysisStatus,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    outline: p.outline,
    characters: p.characters,
    quotes: p.quotes,
    chapterCount: chapterCount(p.outline),
    wordCount: p.wordCount,
    readOnly: readOnly !== undefined,
    ...(readOnly !== undefined && { readOnlyReason: readOnly }),
  };
}

// ---- the list (GET /api/projects) -------------------------------------------------------------

/** Where a project stands in the list's order (created_at DESC, id): a page ends after it. */
export interface ListPosition {
  /** created_at exactly as stored (microseconds, UTC): `2026-01-02T03:04:05.678901Z`. */
  createdAt: string;
  id: string;
}

/**
 * One row of the list as the database reads it: no text, outline, characters or quotes. The times
 * come as ISO text, formatted by PostgreSQL (the list's hot path parses no dates): `createdAt` to
 * the microsecond (the cursor needs it exactly), `updatedAt` to the millisecond. The chapter count is
 * the row's generated `chapter_count` (migrations/003); the author is already resolved (null for
 * none, a deleted one or another user's: 'Unknown Author', as in `authorOf`).
 */
export interface ProjectListRecord extends Pick<
  ProjectRecord,
  'id' | 'authorId' | 'title' | 'analysisStatus' | 'thumbnailKey' | 'coverSeed' | 'wordCount'
> {
  createdAt: string;
  updatedAt: string;
  chapterCount: number;
  author: Project['author'];
}

export const listPosition = (p: ProjectListRecord): ListPosition => ({ createdAt: p.createdAt, id: p.id });

/** Whether a list row is at or after the first read-only project (positions as the list writes them). */
export function isAtOrAfter(p: ProjectListRecord, first: ListPosition | undefined): boolean {
  if (!first) return false;
  return p.createdAt > first.createdAt || (p.createdAt === first.createdAt && p.id >= first.id);
}

export function projectListItem(p: ProjectListRecord, readOnly: string | undefined = undefined): ProjectListItem {
  return {
    id: p.id,
    title: p.title,
    thumbnail: thumbnailUrl(p.id, p.thumbnailKey, p.thumbnailKey ? Date.parse(p.updatedAt) : 0, p.coverSeed),
    authorId: p.authorId,
    author: p.author,
    analysisStatus: p.analysisStatus,
    // As Date#toISOString writes it (milliseconds, the rest cut off), like the other answers.
    createdAt: `${p.createdAt.slice(0, 23)}Z`,
    updatedAt: p.updatedAt,
    chapterCount: p.chapterCount,
    wordCount: p.wordCount,
    readOnly: readOnly !== undefined,
    ...(readOnly !== undefined && { readOnlyReason: readOnly }),
  };
}

export const INVALID_CURSOR = 'Invalid cursor: pass the nextCursor of the previous page, or none for the first page';

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sameInstant = (t: string) => {
  const d = new Date(t);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 23) === t.slice(0, 23);
};

/** The opaque cursor of the page after `p`: base64url of `{"t": createdAt, "i": id}`. */
export const encodeCursor = (p: ListPosition): string =>
  Buffer.from(JSON.stringify({ t: p.createdAt, i: p.id })).toString('base64url');

/** The position a cursor names; 400 for anything `encodeCursor` did not make. */
export function decodeCursor(cursor: string): ListPosition {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new HttpError(400, INVALID_CURSOR);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, INVALID_CURSOR);
  }
  const { t, i } = (parsed ?? {}) as { t?: unknown; i?: unknown };
  // A real instant (no 30 February, no year 0: PostgreSQL would refuse it), as written.
  if (typeof t !== 'string' || !EXACT_TIME.test(t) || t < '1970' || !sameInstant(t)) {
    throw new HttpError(400, INVALID_CURSOR);
  }
  if (typeof i !== 'string' || !UUID_TEXT.test(i)) throw new HttpError(400, INVALID_CURSOR);
  return { createdAt: t, id: i };
}

const PALETTES = [
  ['#1f3b4d', '#f2c14e', '#f78154'],
  ['#2d1e2f', '#e07a5f', '#f2cc8f'],
  ['#0b3954', '#bfd7ea', '#ff5a5f'],
  ['#283618', '#dda15e', '#fefae0'],
  ['#3d405b', '#81b29a', '#f4f1de'],
  ['#5f0f40', '#fb8b24', '#e36414'],
  ['#22223b', '#9a8c98', '#f2e9e4'],
  ['#003049', '#fcbf49', '#d62828'],
];

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A default cover: the title on one of a set of palettes and layouts, chosen by the seed. */
export function defaultCover(title: string, seed: number): string {
  const [bg, accent, text] = PALETTES[seed % PALETTES.length]!;
  const layout = Math.floor(seed / PALETTES.length) % 3;
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.at(-1);
    if (last !== undefined && (last + ' ' + w).length <= 16) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w.length > 16 ? `${w.slice(0, 15)}…` : w);
    if (lines.length > 5) break;
  }
  const shown = lines.slice(0, 5);
  const shapes = [
    `<circle cx="300" cy="80" r="140" fill="${accent}" opacity="0.55"/>`,
    `<rect x="0" y="330" width="300" height="70" fill="${accent}" opacity="0.7"/>`,
    `<path d="M0 400 L300 220 L300 400 Z" fill="${accent}" opacity="0.5"/>`,
  ][layout];
  const tspans = shown.map((l, i) => `<tspan x="24" dy="${i === 0 ? 0 : 30}">${escapeXml(l)}</tspan>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">` +
    `<rect width="300" height="400" fill="${bg}"/>${shapes}` +
    `<text x="24" y="150" font-family="Georgia, serif" font-size="26" font-weight="bold" fill="${text}">${tspans}</text>` +
    `</svg>`
  );
}

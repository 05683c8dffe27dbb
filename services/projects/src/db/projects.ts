// projects, author_names, plan_limits, audio_samples and author_storage tables: the only place their
// SQL lives. Project queries are all scoped by user.
import { planOf } from '@castbook/contracts';
import type { Queryable } from '@castbook/platform';
import type { AuthorName, ListPosition, PlanLimits, ProjectListRecord, ProjectRecord } from '../domain/projects.js';

/**
 * Each field of a ProjectRecord and the column that stores it. Reads, inserts and updates are all
 * built from this one list, so a new field is added here (and to the migration) and nowhere else.
 */
const COLUMN_OF = {
  id: 'id',
  userId: 'user_id',
  authorId: 'author_id',
  title: 'title',
  contentVersion: 'content_version',
  contentKey: 'content_key',
  contentLength: 'content_length',
  wordCount: 'word_count',
  analysisStatus: 'analysis_status',
  analysisJobId: 'analysis_job_id',
  analysisContentVersion: 'analysis_content_version',
  analysisPreviousStatus: 'analysis_previous_status',
  analysisError: 'analysis_error',
  outline: 'outline',
  characters: 'characters',
  quotes: 'quotes',
  thumbnailKey: 'thumbnail_key',
  thumbnailType: 'thumbnail_type',
  coverSeed: 'cover_seed',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  contentBytes: 'content_bytes',
  thumbnailBytes: 'thumbnail_bytes',
  revision: 'revision',
} as const satisfies Record<keyof ProjectRecord, string>;
type Field = keyof ProjectRecord;
const FIELDS = Object.keys(COLUMN_OF) as Field[];
/** The select list that reads a row as a ProjectRecord's fields: `author_id AS "authorId"`, … */
const SELECTED = FIELDS.map((f) => `${COLUMN_OF[f]} AS "${f}"`).join(', ');
/** jsonb columns, written as JSON text. */
const JSON_FIELDS: ReadonlySet<Field> = new Set<Field>(['outline', 'characters', 'quotes']);
/** What an update rewrites: all but the row's identity, its creation time and its revision (raised by the update). */
const UPDATED = FIELDS.filter((f) => !['id', 'userId', 'createdAt', 'revision'].includes(f));

const columnValue = (p: ProjectRecord, f: Field) => (JSON_FIELDS.has(f) ? JSON.stringify(p[f]) : p[f]);

/** A row as pg reads it: bigint columns arrive as text. */
type BigintField = 'contentBytes' | 'thumbnailBytes' | 'revision';
type Row = Omit<ProjectRecord, BigintField> & Record<BigintField, string>;

// A user's bytes and a row's revisions stay far below 2^53.
const toRecord = (r: Row): ProjectRecord => ({
  ...r,
  contentBytes: Number(r.contentBytes),
  thumbnailBytes: Number(r.thumbnailBytes),
  revision: Number(r.revision),
});

interface ListRow {
  id: string;
  author_id: string | null;
  title: string;
  analysis_status: ProjectRecord['analysisStatus'];
  thumbnail_key: string | null;
  cover_seed: number;
  word_count: number;
  chapter_count: number;
  created_at: string;
  updated_at: string;
  author_first_name: string | null;
  author_last_name: string | null;
  plan_tier: string | null;
  plan_max_projects: number | null;
}

/** The part of the caller's plan the list needs (which projects are read-only), read with the page. */
export interface ListPlan {
  tier: string;
  maxProjects: number;
}

/**
 * One page of the caller's projects in the list's order (newest first, then id), starting after
 * `after`. Reads no jsonb column: the chapter count is the generated `chapter_count`, and the author's
 * name comes from the read model in the same query (none for a deleted author or another user's).
 * Times come as ISO text (see ProjectListRecord). `created_at <= $3` lets the
 * (user_id, created_at DESC, id) index start at the cursor. The caller's plan row comes along on
 * every row (one round trip instead of two on the busiest read); `plan` is undefined when the page is
 * empty or the plan is not known here yet.
 */
export async function listProjectPage(
  db: Queryable,
  userId: string,
  limit: number,
  after?: ListPosition,
): Promise<{ projects: ProjectListRecord[]; plan: ListPlan | undefined }> {
  // Named: each connection plans it once (the list is the busiest read).
  const { rows } = await db.query<ListRow>({
    name: after ? 'projects-list-page-after' : 'projects-list-page',
    text: `SELECT p.id, p.author_id, p.title, p.analysis_status, p.thumbnail_key, p.cover_seed, p.word_count,
       p.chapter_count,
       to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
       to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
       a.first_name AS author_first_name, a.last_name AS author_last_name,
       pl.tier AS plan_tier, pl.max_projects AS plan_max_projects
     FROM projects p
     LEFT JOIN author_names a ON a.author_id = p.author_id AND a.user_id = p.user_id AND NOT a.deleted
     LEFT JOIN plan_limits pl ON pl.user_id = p.user_id
     WHERE p.user_id = $1${
       after ? ' AND p.created_at <= $3::timestamptz AND (p.created_at < $3::timestamptz OR p.id > $4::uuid)' : ''
     }
     ORDER BY p.created_at DESC, p.id
     LIMIT $2`,
    values: after ? [userId, limit, after.createdAt, after.id] : [userId, limit],
  });
  const first = rows[0];
  const plan =
    first?.plan_tier != null && first.plan_max_projects !== null
      ? { tier: first.plan_tier, maxProjects: first.plan_max_projects }
      : undefined;
  const projects = rows.map((r) => ({
    id: r.id,
    authorId: r.author_id,
    title: r.title,
    analysisStatus: r.analysis_status,
    thumbnailKey: r.thumbnail_key,
    coverSeed: r.cover_seed,
    wordCount: r.word_count,
    chapterCount: r.chapter_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    author:
      r.author_id && r.author_first_name !== null
        ? { id: r.author_id, firstName: r.author_first_name, lastName: r.author_last_name ?? '' }
        : null,
  }));
  return { projects, plan };
}

export async function findProject(
  db: Queryable,
  userId: string,
  id: string,
  lock = false,
): Promise<ProjectRecord | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${SELECTED} FROM projects WHERE user_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [userId, id],
  );
  return rows[0] && toRecord(rows[0]);
}

/** A project by id alone, locked: for consumers of events that name it (the event carries no caller). */
export async function findProjectForUpdate(db: Queryable, id: string): Promise<ProjectRecord | undefined> {
  const { rows } = await db.query<Row>(`SELECT ${SELECTED} FROM projects WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] && toRecord(rows[0]);
}

export async function countProjects(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM projects WHERE user_id = $1', [userId]);
  return Number(rows[0]!.n);
}

/** Serialises one user's project creations, so two at once cannot both pass the plan limit. */
export async function lockUserProjects(db: Queryable, userId: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('projects:' || $1))", [userId]);
}

export async function insertProject(db: Queryable, p: ProjectRecord): Promise<void> {
  await db.query(
    `INSERT INTO projects (${FIELDS.map((f) => COLUMN_OF[f]).join(', ')})
     VALUES (${FIELDS.map((_, i) => `$${i + 1}`).join(', ')})`,
    FIELDS.map((f) => columnValue(p, f)),
  );
}

/** Writes the row, raising its revision: answers the project as stored, with its new revision. */
export async function updateProject(db: Queryable, p: ProjectRecord): Promise<ProjectRecord> {
  const { rows } = await db.query<{ revision: string }>(
    `UPDATE projects SET ${UPDATED.map((f, i) => `${COLUMN_OF[f]} = $${i + 3}`).join(', ')}, revision = revision + 1
     WHERE user_id = $1 AND id = $2
     RETURNING revision`,
    [p.userId, p.id, ...UPDATED.map((f) => columnValue(p, f))],
  );
  // Every caller holds the row's lock (FOR UPDATE), so it is there to update.
  return { ...p, revision: Number(rows[0]!.revision) };
}

export async function deleteProject(db: Queryable, userId: string, id: string): Promise<void> {
  await db.query('DELETE FROM projects WHERE user_id = $1 AND id = $2', [userId, id]);
}

export async function findAuthorNames(db: Queryable, ids: string[]): Promise<Map<string, AuthorName>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{
    author_id: string;
    user_id: string;
    first_name: string;
    last_name: string;
    deleted: boolean;
  }>('SELECT author_id, user_id, first_name, last_name, deleted FROM author_names WHERE author_id = ANY($1::text[])', [
    ids,
  ]);
  return new Map(
    rows.map((r) => [
      r.author_id,
      { id: r.author_id, userId: r.user_id, firstName: r.first_name, lastName: r.last_name, deleted: r.deleted },
    ]),
  );
}

export async function upsertAuthorName(db: Queryable, a: AuthorName): Promise<void> {
  await db.query(
    `INSERT INTO author_names (author_id, user_id, first_name, last_name, deleted) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (author_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       deleted = author_names.deleted OR EXCLUDED.deleted`,
    [a.id, a.userId, a.firstName, a.lastName, a.deleted],
  );
}

interface PlanRow {
  tier: string;
  max_projects: number;
  max_words: number | null;
  max_storage_bytes: string | null;
  features: string[] | null;
}

export async function findPlanLimits(db: Queryable, userId: string): Promise<PlanLimits | undefined> {
  const { rows } = await db.query<PlanRow>(
    'SELECT tier, max_projects, max_words, max_storage_bytes, features FROM plan_limits WHERE user_id = $1',
    [userId],
  );
  const r = rows[0];
  if (!r) return undefined;
  // Rows from before the storage limit and features were kept: the catalogue's values for the tier.
  const plan = planOf(r.tier);
  return {
    tier: r.tier,
    maxProjects: r.max_projects,
    maxWords: r.max_words,
    maxStorageBytes: r.max_storage_bytes === null ? plan.limits.maxStorageBytes : Number(r.max_storage_bytes),
    features: r.features ?? [...plan.featureIds],
  };
}

export async function upsertPlanLimits(db: Queryable, userId: string, l: PlanLimits): Promise<void> {
  await db.query(
    `INSERT INTO plan_limits (user_id, tier, max_projects, max_words, max_storage_bytes, features)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET tier = EXCLUDED.tier, max_projects = EXCLUDED.max_projects,
       max_words = EXCLUDED.max_words, max_storage_bytes = EXCLUDED.max_storage_bytes, features = EXCLUDED.features`,
    [userId, l.tier, l.maxProjects, l.maxWords, l.maxStorageBytes, l.features],
  );
}

// ---- storage (issue 16) -----------------------------------------------------------------------

/**
 * The user's bytes here (texts and covers of their projects, their voice samples), their project
 * count, and their bytes in the authors service as its last event said (0 before any).
 */
export async function userStorage(
  db: Queryable,
  userId: string,
): Promise<{ ownBytes: number; projectCount: number; otherBytes: number }> {
  const { rows } = await db.query<{ projects: string; n: string; audio: string; other: string | null }>(
    `SELECT (SELECT coalesce(sum(content_bytes + thumbnail_bytes), 0) FROM projects WHERE user_id = $1) AS projects,
       (SELECT count(*) FROM projects WHERE user_id = $1) AS n,
       (SELECT coalesce(sum(bytes), 0) FROM audio_samples WHERE user_id = $1) AS audio,
       (SELECT storage_bytes FROM author_storage WHERE user_id = $1) AS other`,
    [userId],
  );
  const r = rows[0]!;
  return {
    ownBytes: Number(r.projects) + Number(r.audio),
    projectCount: Number(r.n),
    otherBytes: Number(r.other ?? 0),
  };
}

/** author_storage.changed.v1: kept unless an event that happened later was applied already. */
export async function upsertAuthorStorage(
  db: Queryable,
  userId: string,
  storageBytes: number,
  occurredAt: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO author_storage (user_id, storage_bytes, occurred_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET storage_bytes = EXCLUDED.storage_bytes, occurred_at = EXCLUDED.occurred_at
       WHERE author_storage.occurred_at <= EXCLUDED.occurred_at`,
    [userId, storageBytes, occurredAt],
  );
}

export async function insertAudioSample(db: Queryable, userId: string, name: string, bytes: number): Promise<void> {
  await db.query('INSERT INTO audio_samples (user_id, name, bytes) VALUES ($1, $2, $3)', [userId, name, bytes]);
}

/**
 * A character of one of the user's projects refers to sample `s` (`/api/upload/audio/{name}`): as its
 * audioSample or as one of its voice takes. `$1` is the user.
 */
const SAMPLE_REFERENCED = `EXISTS (
  SELECT 1 FROM projects p, jsonb_array_elements(p.characters) c
  WHERE p.user_id = $1 AND (c->>'audioSample' = '/api/upload/audio/' || s.name
    OR c->'voiceTakes' @> jsonb_build_array(jsonb_build_object('url', '/api/upload/audio/' || s.name))))`;

/**
 * Of the named samples, those no project of the user refers to any more, deleted here; answers their
 * names, so the caller removes the objects.
 */
export async function deleteUnreferencedSamples(db: Queryable, userId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await db.query<{ name: string }>(
    `DELETE FROM audio_samples s WHERE s.user_id = $1 AND s.name = ANY($2::text[]) AND NOT ${SAMPLE_REFERENCED}
     RETURNING s.name`,
    [userId, names],
  );
  return rows.map((r) => r.name);
}

/** Which of the named samples the user stored (the others are not theirs, or do not exist). */
export async function ownSamples(db: Queryable, userId: string, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM audio_samples WHERE user_id = $1 AND name = ANY($2::text[])',
    [userId, names],
  );
  return new Set(rows.map((r) => r.name));
}

/** Users holding a sample stored before `before` that no character refers to (the sweep's work list). */
export async function usersWithStaleSamples(db: Queryable, before: Date, limit = 100): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT DISTINCT s.user_id FROM audio_samples s
     WHERE s.created_at < $2 AND NOT ${SAMPLE_REFERENCED.replaceAll('$1', 's.user_id')}
     LIMIT $1`,
    [limit, before],
  );
  return rows.map((r) => r.user_id);
}

/** The user's samples stored before `before` that no character refers to, deleted; answers their names. */
export async function deleteStaleSamples(db: Queryable, userId: string, before: Date): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `DELETE FROM audio_samples s WHERE s.user_id = $1 AND s.created_at < $2 AND NOT ${SAMPLE_REFERENCED}
     RETURNING s.name`,
    [userId, before],
  );
  return rows.map((r) => r.name);
}

// ---- read-only over the project limit (issue 16) ----------------------------------------------

/** How many of the user's projects are older than this one (the oldest maxProjects stay writable). */
export async function olderProjectCount(db: Queryable, userId: string, id: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM projects o, projects p
     WHERE p.user_id = $1 AND p.id = $2 AND o.user_id = $1 AND (o.created_at, o.id) < (p.created_at, p.id)`,
    [userId, id],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The first project past the user's oldest `maxProjects` (it and every later one are read-only), as
 * the list's positions are written, or undefined when the user is within the limit.
 */
export async function firstReadOnly(
  db: Queryable,
  userId: string,
  maxProjects: number,
): Promise<ListPosition | undefined> {
  const { rows } = await db.query<{ t: string; id: string }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t, id FROM projects
     WHERE user_id = $1 ORDER BY created_at, id OFFSET $2 LIMIT 1`,
    [userId, maxProjects],
  );
  return rows[0] && { createdAt: rows[0].t, id: rows[0].id };
}

// authors, author_projects, plan_limits and project_storage tables: the only place their SQL lives.
// Every query is scoped by user.
import type { Queryable } from '@castbook/platform';
import type { AuthorRecord } from '../domain/authors.js';

interface Row {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  avatar_key: string | null;
  avatar_type: string | null;
  project_count: number;
  created_at: Date;
  updated_at: Date;
  avatar_bytes: string;
}
const COLUMNS =
  'id, user_id, first_name, last_name, avatar_key, avatar_type, project_count, created_at, updated_at, avatar_bytes';

const toRecord = (r: Row): AuthorRecord => ({
  id: r.id,
  userId: r.user_id,
  firstName: r.first_name,
  lastName: r.last_name,
  avatarKey: r.avatar_key,
  avatarType: r.avatar_type,
  projectCount: r.project_count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  // bigint arrives as text; an avatar is a few hundred KB.
  avatarBytes: Number(r.avatar_bytes),
});

export async function listAuthors(db: Queryable, userId: string): Promise<AuthorRecord[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM authors WHERE user_id = $1 ORDER BY created_at, id`, [
    userId,
  ]);
  return rows.map(toRecord);
}

export async function findAuthor(
  db: Queryable,
  userId: string,
  id: string,
  lock = false,
): Promise<AuthorRecord | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM authors WHERE user_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [userId, id],
  );
  return rows[0] && toRecord(rows[0]);
}

export async function insertAuthor(db: Queryable, a: AuthorRecord): Promise<void> {
  await db.query(`INSERT INTO authors (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
    a.id,
    a.userId,
    a.firstName,
    a.lastName,
    a.avatarKey,
    a.avatarType,
    a.projectCount,
    a.createdAt,
    a.updatedAt,
    a.avatarBytes,
  ]);
}

export async function updateAuthor(db: Queryable, a: AuthorRecord): Promise<void> {
  await db.query(
    `UPDATE authors SET first_name = $3, last_name = $4, avatar_key = $5, avatar_type = $6, updated_at = $7,
       avatar_bytes = $8
     WHERE user_id = $1 AND id = $2`,
    [a.userId, a.id, a.firstName, a.lastName, a.avatarKey, a.avatarType, a.updatedAt, a.avatarBytes],
  );
}

export async function deleteAuthor(db: Queryable, userId: string, id: string): Promise<void> {
  await db.query('DELETE FROM authors WHERE user_id = $1 AND id = $2', [userId, id]);
}

/** Records which author a project belongs to (null: none, or the project is gone). */
export async function setProjectAuthor(
  db: Queryable,
  projectId: string,
  userId: string,
  authorId: string | null,
): Promise<string | null> {
  const { rows } = await db.query<{ author_id: string | null }>(
    'SELECT author_id FROM author_projects WHERE project_id = $1 FOR UPDATE',
    [projectId],
  );
  const previous = rows[0]?.author_id ?? null;
  if (authorId === null) {
    await db.query('DELETE FROM author_projects WHERE project_id = $1', [projectId]);
  } else {
    await db.query(
      `INSERT INTO author_projects (project_id, user_id, author_id) VALUES ($1, $2, $3)
       ON CONFLICT (project_id) DO UPDATE SET author_id = EXCLUDED.author_id`,
      [projectId, userId, authorId],
    );
  }
  return previous;
}

/** Recomputes an author's project count from the projects recorded for it (same user only). */
export async function refreshProjectCount(db: Queryable, authorId: string): Promise<void> {
  await db.query(
    `UPDATE authors a SET project_count =
       (SELECT count(*) FROM author_projects p WHERE p.author_id = a.id::text AND p.user_id = a.user_id)
     WHERE a.id = $1`,
    [authorId],
  );
}

// ---- storage (issue 16) -----------------------------------------------------------------------

/** Serialises one user's changes of stored bytes, so two uploads at once cannot both pass the limit. */
export async function lockUserStorage(db: Queryable, userId: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('authors-storage:' || $1))", [userId]);
}

/** The user's avatar bytes here, and their bytes in the projects service as its last event said. */
export async function userStorage(db: Queryable, userId: string): Promise<{ ownBytes: number; otherBytes: number }> {
  const { rows } = await db.query<{ own: string; other: string | null }>(
    `SELECT (SELECT coalesce(sum(avatar_bytes), 0) FROM authors WHERE user_id = $1) AS own,
       (SELECT storage_bytes FROM project_storage WHERE user_id = $1) AS other`,
    [userId],
  );
  return { ownBytes: Number(rows[0]!.own), otherBytes: Number(rows[0]!.other ?? 0) };
}

export async function upsertProjectStorage(
  db: Queryable,
  userId: string,
  storageBytes: number,
  occurredAt: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO project_storage (user_id, storage_bytes, occurred_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET storage_bytes = EXCLUDED.storage_bytes, occurred_at = EXCLUDED.occurred_at
       WHERE project_storage.occurred_at <= EXCLUDED.occurred_at`,
    [userId, storageBytes, occurredAt],
  );
}

export async function findStorageLimit(
  db: Queryable,
  userId: string,
): Promise<{ tier: string; maxStorageBytes: number } | undefined> {
  const { rows } = await db.query<{ tier: string; max_storage_bytes: string }>(
    'SELECT tier, max_storage_bytes FROM plan_limits WHERE user_id = $1',
    [userId],
  );
  return rows[0] && { tier: rows[0].tier, maxStorageBytes: Number(rows[0].max_storage_bytes) };
}

export async function upsertStorageLimit(
  db: Queryable,
  userId: string,
  limit: { tier: string; maxStorageBytes: number },
): Promise<void> {
  await db.query(
    `INSERT INTO plan_limits (user_id, tier, max_storage_bytes) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET tier = EXCLUDED.tier, max_storage_bytes = EXCLUDED.max_storage_bytes`,
    [userId, limit.tier, limit.maxStorageBytes],
  );
}

// Users table: the only place its SQL lives. Emails match case-insensitively (lower() index).
import type { Queryable } from '@castbook/platform';
import type { User } from '@castbook/contracts';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  password_hash: string;
}

const COLUMNS = 'id, name, email, avatar, password_hash';

export function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, avatar: row.avatar };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

/** Inserts the user; answers false (inserting nothing) when the email is taken meanwhile. */
export async function insertUser(
  db: Queryable,
  user: { id: string; name: string; email: string; passwordHash: string; now: Date },
): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO users (id, name, email, password_hash, terms_accepted_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5, $5)
     ON CONFLICT ((lower(email))) DO NOTHING`,
    [user.id, user.name, user.email, user.passwordHash, user.now],
  );
  return res.rowCount === 1;
}

export async function updatePasswordHash(db: Queryable, userId: string, hash: string, now: Date): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [userId, hash, now]);
}

export async function updateName(db: Queryable, userId: string, name: string, now: Date): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET name = $2, updated_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [userId, name, now],
  );
  return rows[0];
}

// deleted_character_names: the name keys of the characters the user deleted from a project (issue
// 19), which re-analysis does not bring back. The only place its SQL lives.
import type { Queryable } from '@castbook/platform';

export async function addDeletedNames(db: Queryable, projectId: string, nameKeys: string[]): Promise<void> {
  if (nameKeys.length === 0) return;
  await db.query(
    `INSERT INTO deleted_character_names (project_id, name_key)
     SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
    [projectId, nameKeys],
  );
}

export async function findDeletedNames(db: Queryable, projectId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ name_key: string }>(
    'SELECT name_key FROM deleted_character_names WHERE project_id = $1',
    [projectId],
  );
  return new Set(rows.map((r) => r.name_key));
}

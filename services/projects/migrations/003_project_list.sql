-- Up Migration
-- The project list (GET /api/projects) reads no jsonb column. A project's chapter count (outline
-- items of the chapter class of SPEC §3, at any depth) is kept beside the outline as a generated
-- column, so PostgreSQL computes it on every write of the row and it can never be stale. The types
-- are those whose level is below 50 in OUTLINE_LEVELS (packages/contracts); keep the two in step
-- (test/project-list.int.test.ts checks every type against chapterCount of src/domain/projects.ts).
CREATE FUNCTION outline_chapter_count(outline jsonb) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN jsonb_array_length(jsonb_path_query_array(outline,
    'strict $.** ? (@.type like_regex "^(chapter|episode|scene|subsection|prologue|epilogue|introduction|preface|foreword|afterword|appendix|glossary|index|conclusion)$")'));

ALTER TABLE projects
  ADD COLUMN chapter_count integer GENERATED ALWAYS AS (outline_chapter_count(outline)) STORED;

-- Keyset paging in the list's order (created_at DESC, id): a page starts where the previous one ended.
CREATE INDEX projects_list ON projects (user_id, created_at DESC, id);
DROP INDEX projects_by_user;

-- Down Migration
CREATE INDEX projects_by_user ON projects (user_id, created_at);
DROP INDEX projects_list;
ALTER TABLE projects DROP COLUMN chapter_count;
DROP FUNCTION outline_chapter_count(jsonb);

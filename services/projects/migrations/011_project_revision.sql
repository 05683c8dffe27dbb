-- Up Migration
-- Issue 14: a project's revision, raised by every write of its row. GET /api/projects/{id} and the
-- edits answer it as their ETag; an edit sent with If-Match is refused (409) when the project was
-- written since, so a client holding old lists cannot overwrite newer edits with them.
ALTER TABLE projects ADD COLUMN revision bigint NOT NULL DEFAULT 0;

-- Down Migration
ALTER TABLE projects DROP COLUMN revision;

-- Up Migration
-- Issue 18: the character analyses of a project, one per character (the latest), kept while the
-- character exists (rows of characters no longer in the project are removed when the project's
-- analyses are next read or written). `input_hash` is the hash of what it was computed from (text
-- version, outline, characters, quotes): a built-in analysis of unchanged data is not recomputed.
CREATE TABLE character_analyses (
  project_id   uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  character_id text NOT NULL,
  source       text NOT NULL CHECK (source IN ('built-in', 'ai')),
  input_hash   text NOT NULL,
  analysis     jsonb NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, character_id)
);

-- Down Migration
DROP TABLE character_analyses;

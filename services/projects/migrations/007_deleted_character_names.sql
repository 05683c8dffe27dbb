-- Up Migration
-- Issue 19: the names (as reanalysis.ts nameKey compares them) of the characters the user deleted
-- from a project, so that analysing it again does not bring them back.
CREATE TABLE deleted_character_names (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name_key   text NOT NULL,
  PRIMARY KEY (project_id, name_key)
);

-- Down Migration
DROP TABLE deleted_character_names;

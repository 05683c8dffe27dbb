-- Up Migration
-- Issue 19: the quotations the user marked "not dialog" (removed from the quotes by PATCH …/quotes),
-- with their text and where it stood, so that analysing the book again does not bring them back.
-- A re-analysis finds each text again near where it stood (the text may have moved) and drops the
-- engine's quotes over it. Putting the quote back (undo) deletes its row.
CREATE TABLE dismissed_quotes (
  project_id   uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  start_offset integer NOT NULL,
  end_offset   integer NOT NULL,
  text         text NOT NULL,
  PRIMARY KEY (project_id, start_offset, end_offset)
);

-- Down Migration
DROP TABLE dismissed_quotes;

-- Up Migration
-- The caller's authors. Every query carries user_id, so another user's author is never found.
CREATE TABLE authors (
  id            uuid PRIMARY KEY,
  user_id       text NOT NULL,
  first_name    text NOT NULL,
  last_name     text NOT NULL,
  avatar_key    text,
  avatar_type   text,
  project_count integer NOT NULL DEFAULT 0 CHECK (project_count >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX authors_by_user ON authors (user_id, created_at);

-- Which author each project belongs to, from project.*.v1: counts are recomputed from it, so a
-- project moved between authors, or an event for a project already deleted, keeps them exact.
CREATE TABLE author_projects (
  project_id text PRIMARY KEY,
  user_id    text NOT NULL,
  author_id  text
);
CREATE INDEX author_projects_by_author ON author_projects (author_id);

-- Down Migration
DROP TABLE author_projects;
DROP TABLE authors;

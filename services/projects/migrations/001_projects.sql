-- Up Migration
-- The caller's projects. The text itself is in the documents bucket, one object per content version.
CREATE TABLE projects (
  id               uuid PRIMARY KEY,
  user_id          text NOT NULL,
  author_id        text,
  title            text NOT NULL,
  content_version  integer NOT NULL,
  content_key      text NOT NULL,
  content_length   integer NOT NULL,
  word_count       integer NOT NULL,
  analysis_status  text NOT NULL DEFAULT 'pending',
  outline          jsonb NOT NULL DEFAULT '[]',
  characters       jsonb NOT NULL DEFAULT '[]',
  quotes           jsonb NOT NULL DEFAULT '[]',
  thumbnail_key    text,
  thumbnail_type   text,
  cover_seed       integer NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_by_user ON projects (user_id, created_at);

-- Read model of author.*.v1: names for the project list, and which user owns each author.
CREATE TABLE author_names (
  author_id  text PRIMARY KEY,
  user_id    text NOT NULL,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  deleted    boolean NOT NULL DEFAULT false
);

-- Read model of subscription.changed.v1: each user's plan limits.
CREATE TABLE plan_limits (
  user_id      text PRIMARY KEY,
  tier         text NOT NULL,
  max_projects integer NOT NULL,
  max_words    integer
);

-- Down Migration
DROP TABLE plan_limits;
DROP TABLE author_names;
DROP TABLE projects;

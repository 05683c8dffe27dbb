-- Up Migration
-- Issue 16: the plan's storage limit counts every byte a user stores (PRODUCT.md), and the features
-- billing grants decide voice samples. Each stored object's size is recorded where the object is
-- (the project row for its text and cover, audio_samples for recordings), in the transaction that
-- stores it, so a user's bytes are a sum PostgreSQL computes, never a counter that can drift.
ALTER TABLE projects
  ADD COLUMN content_bytes   bigint NOT NULL DEFAULT 0,
  ADD COLUMN thumbnail_bytes bigint NOT NULL DEFAULT 0;
-- Rows from before: the text's UTF-8 size is not known without reading every object; its length in
-- characters is the size of most texts (ASCII) and a lower bound of the rest. Covers then count 0.
UPDATE projects SET content_bytes = content_length;

-- Voice samples (POST /api/upload/audio): who stored which recording, and its size.
CREATE TABLE audio_samples (
  user_id    text NOT NULL,
  name       text NOT NULL,
  bytes      bigint NOT NULL CHECK (bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, name)
);

-- subscription.changed.v1 also carries the storage limit and the features (NULL on rows from before:
-- the catalogue's values for the tier apply).
ALTER TABLE plan_limits
  ADD COLUMN max_storage_bytes bigint,
  ADD COLUMN features          text[];

-- Read model of author_storage.changed.v1: each user's bytes in the authors service (avatars),
-- added to this service's own for the storage limit. occurred_at keeps an older event from
-- overwriting a newer one.
CREATE TABLE author_storage (
  user_id       text PRIMARY KEY,
  storage_bytes bigint NOT NULL,
  occurred_at   timestamptz NOT NULL
);

-- The oldest projects stay writable over the limit (ORDER BY created_at, id).
CREATE INDEX projects_by_age ON projects (user_id, created_at, id);

-- Down Migration
DROP INDEX projects_by_age;
DROP TABLE author_storage;
ALTER TABLE plan_limits DROP COLUMN features, DROP COLUMN max_storage_bytes;
DROP TABLE audio_samples;
ALTER TABLE projects DROP COLUMN thumbnail_bytes, DROP COLUMN content_bytes;

-- Up Migration
-- Issue 16: the plan's storage limit counts every byte a user stores (PRODUCT.md), avatars included.
-- Each avatar's stored size is kept on its row, written with it, so the user's bytes here are a sum.
-- Rows from before count 0 (their size is not known without reading every object).
ALTER TABLE authors ADD COLUMN avatar_bytes bigint NOT NULL DEFAULT 0;

-- Read model of subscription.changed.v1: each user's tier and storage limit.
CREATE TABLE plan_limits (
  user_id           text PRIMARY KEY,
  tier              text NOT NULL,
  max_storage_bytes bigint NOT NULL
);

-- Read model of project_storage.changed.v1: each user's bytes in the projects service, added to the
-- avatars for the limit. occurred_at keeps an older event from overwriting a newer one.
CREATE TABLE project_storage (
  user_id       text PRIMARY KEY,
  storage_bytes bigint NOT NULL,
  occurred_at   timestamptz NOT NULL
);

-- Down Migration
DROP TABLE project_storage;
DROP TABLE plan_limits;
ALTER TABLE authors DROP COLUMN avatar_bytes;

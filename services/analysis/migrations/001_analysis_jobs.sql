-- Up Migration
-- One row per analysis job (analysis.requested.v1). The row is the job's durable state: whichever
-- instance holds the lease runs it; a lease that runs out (the owner died) lets another instance
-- take the job over. Progress only grows (GREATEST) so a restarted job never answers less.
CREATE TABLE analysis_jobs (
  job_id            text PRIMARY KEY,
  project_id        text NOT NULL,
  user_id           text NOT NULL,
  content_key       text NOT NULL,
  content_version   integer NOT NULL,
  tier              text NOT NULL,
  status            text NOT NULL DEFAULT 'queued', -- queued | running | completed | failed | cancelled
  owner             text,
  lease_expires_at  timestamptz,
  attempts          integer NOT NULL DEFAULT 0,
  cancel_requested  boolean NOT NULL DEFAULT false,
  processed_chunks  integer NOT NULL DEFAULT 0,
  total_chunks      integer NOT NULL DEFAULT 0,
  status_message    text NOT NULL DEFAULT 'Waiting to start',
  error             text,
  result_key        text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz
);
CREATE INDEX analysis_jobs_by_project ON analysis_jobs (project_id, created_at DESC);
CREATE INDEX analysis_jobs_open ON analysis_jobs (created_at) WHERE status IN ('queued', 'running');

-- Read model of project.*.v1: who owns each project, so progress of another user's project is a 404
-- even before its first job.
CREATE TABLE project_owners (
  project_id text PRIMARY KEY,
  user_id    text NOT NULL,
  deleted    boolean NOT NULL DEFAULT false
);

-- Down Migration
DROP TABLE project_owners;
DROP TABLE analysis_jobs;

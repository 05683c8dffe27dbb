-- Up Migration
-- The project's current analysis job (analysis.requested.v1 .. completed/failed/cancelled.v1):
-- its id (events of any other job are stale), the content version it analyses, the status to go
-- back to when it is cancelled, and the last failure's message.
ALTER TABLE projects
  ADD COLUMN analysis_job_id          text,
  ADD COLUMN analysis_content_version integer,
  ADD COLUMN analysis_previous_status text,
  ADD COLUMN analysis_error           text;

-- Down Migration
ALTER TABLE projects
  DROP COLUMN analysis_error,
  DROP COLUMN analysis_previous_status,
  DROP COLUMN analysis_content_version,
  DROP COLUMN analysis_job_id;

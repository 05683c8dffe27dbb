-- Up Migration
-- Issue 18: second-opinion runs on a project's doubtful speakers. A run is a row: the batches planned
-- (quote ids with the offsets they had), how many are done, what they changed, and a lease: the process
-- running it renews lease_until; a run whose lease ran out (its process died) is taken up by any
-- process of the service and goes on from batches_done. One running run per project.
CREATE TABLE second_opinion_jobs (
  id              uuid PRIMARY KEY,
  project_id      uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  user_id         text NOT NULL,
  status          text NOT NULL CHECK (status IN ('running', 'completed', 'cancelled', 'failed')),
  model           text NOT NULL,
  threshold       double precision NOT NULL,
  content_version integer NOT NULL,
  batches         jsonb NOT NULL,
  batches_done    integer NOT NULL DEFAULT 0,
  quotes_total    integer NOT NULL,
  changed         integer NOT NULL DEFAULT 0,
  agreed          integer NOT NULL DEFAULT 0,
  kept            integer NOT NULL DEFAULT 0,
  tokens_used     bigint NOT NULL DEFAULT 0,
  message         text,
  lease_until     timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX second_opinion_one_running ON second_opinion_jobs (project_id) WHERE status = 'running';
CREATE INDEX second_opinion_latest ON second_opinion_jobs (project_id, created_at DESC);
CREATE INDEX second_opinion_leases ON second_opinion_jobs (lease_until) WHERE status = 'running';

-- A run answers for the text and the analysis it was planned on. Whatever path changes them (a new
-- text, an analysis started again), the run stops in the same transaction, so an answer arriving
-- afterwards finds it cancelled and is discarded (the runner applies under the project's row lock).
CREATE FUNCTION second_opinion_stop_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.content_version <> OLD.content_version THEN
    UPDATE second_opinion_jobs
       SET status = 'cancelled', message = 'Stopped: the text changed', updated_at = now()
     WHERE project_id = NEW.id AND status = 'running';
  ELSIF NEW.analysis_job_id IS NOT NULL AND NEW.analysis_job_id IS DISTINCT FROM OLD.analysis_job_id THEN
    UPDATE second_opinion_jobs
       SET status = 'cancelled', message = 'Stopped: the project is being analysed again', updated_at = now()
     WHERE project_id = NEW.id AND status = 'running';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER second_opinion_stop_on_change
  AFTER UPDATE OF content_version, analysis_job_id ON projects
  FOR EACH ROW EXECUTE FUNCTION second_opinion_stop_on_change();

-- Down Migration
DROP TRIGGER second_opinion_stop_on_change ON projects;
DROP FUNCTION second_opinion_stop_on_change();
DROP TABLE second_opinion_jobs;

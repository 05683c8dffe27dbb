-- Up Migration
-- Which PostgreSQL session stands for each running analysis instance: the backend pid of the
-- connection it keeps open for job notifications (src/domain/job-runner.ts). While that backend is
-- in pg_stat_activity the instance counts as alive and its jobs wait for their lease to run out; once
-- it is gone (the process died, its connection closed; or the database server restarted) its running
-- jobs can be taken over at once. Writes stay fenced by (owner, attempts) on analysis_jobs, so a
-- wrong guess costs a repeated run, never a wrong or second result.
CREATE TABLE analysis_instances (
  instance_id   text PRIMARY KEY,
  backend_pid   integer NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE analysis_instances;

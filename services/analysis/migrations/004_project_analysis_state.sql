-- Up Migration
-- The projects service's word on each project's analysis (its status and current job), kept from
-- project.*.v1 events: the progress route answers from this table and the jobs table alone, with no
-- call to the projects service. NULL until the first event that carries them.
ALTER TABLE project_owners ADD COLUMN analysis_status text, ADD COLUMN current_job_id text;

-- Down Migration
ALTER TABLE project_owners DROP COLUMN analysis_status, DROP COLUMN current_job_id;

-- Up Migration
-- The outline the project keeps, carried by analysis.requested.v1: the job names its chunks from it
-- instead of detecting the structure again. NULL for jobs requested before it was carried (the
-- engine detects the outline itself then).
ALTER TABLE analysis_jobs ADD COLUMN outline jsonb;

-- Down Migration
ALTER TABLE analysis_jobs DROP COLUMN outline;

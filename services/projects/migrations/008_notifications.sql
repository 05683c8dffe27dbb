-- Up Migration
-- Issue 19: the user's notifications (analysis completed or failed, trial ending, payment failed).
-- source_event_id is the event each one comes from: unique, so a redelivered event adds nothing even
-- if it reached a second consumer group. A project's notifications go with the project.
CREATE TABLE notifications (
  id              uuid PRIMARY KEY,
  user_id         text NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('analysis_completed', 'analysis_failed', 'trial_ending', 'payment_failed')),
  project_id      uuid REFERENCES projects (id) ON DELETE CASCADE,
  title           text NOT NULL,
  message         text NOT NULL,
  link            text NOT NULL,
  source_event_id uuid NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  read_at         timestamptz
);
-- The list (newest first) and the unread count, both per user.
CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC, id);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- Down Migration
DROP TABLE notifications;

-- Up Migration
-- Transactional outbox (ARCHITECTURE.md, Events): a state change and its event commit together;
-- the relay publishes pending rows in id order and marks them sent.
CREATE TABLE outbox (
  position    bigserial PRIMARY KEY,
  event_id    uuid NOT NULL UNIQUE,
  topic       text NOT NULL,
  key         text NOT NULL,
  envelope    jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz
);
CREATE INDEX outbox_pending ON outbox (position) WHERE sent_at IS NULL;

-- Idempotent consumers: an event id recorded here (per consumer group) in the same transaction as
-- its effect is never applied twice.
CREATE TABLE handled_events (
  consumer_group text NOT NULL,
  event_id       uuid NOT NULL,
  handled_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer_group, event_id)
);

-- Down Migration
DROP TABLE handled_events;
DROP TABLE outbox;

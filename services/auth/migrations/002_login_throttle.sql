-- Up Migration
-- Failed sign-ins are throttled per (account, client address) with growing delays and capped per
-- address, instead of per email from anywhere (which let anyone lock anyone out). In the database so
-- every replica agrees; rows are pruned once quiet (src/app.ts).
--
-- login_attempts (the old per-email counter) is no longer read or written. It is kept so replicas
-- of the previous version keep working during a rolling update; a later migration drops it.

-- One row per (lower-cased email, client address or IPv6 /64) with a failure in the last day.
CREATE TABLE login_throttle (
  account_key     text NOT NULL,
  address         text NOT NULL,
  failures        integer NOT NULL,
  last_attempt_at timestamptz NOT NULL,
  -- No attempt of the pair is looked at before this (429 + Retry-After); null = no delay.
  locked_until    timestamptz,
  PRIMARY KEY (account_key, address)
);
CREATE INDEX login_throttle_last_attempt ON login_throttle (last_attempt_at);

-- Failed sign-ins per client address over all accounts, in a fixed window.
CREATE TABLE login_address_failures (
  address           text PRIMARY KEY,
  failures          integer NOT NULL,
  window_started_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE login_address_failures;
DROP TABLE login_throttle;

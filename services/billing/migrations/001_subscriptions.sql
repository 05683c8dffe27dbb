-- Up Migration
-- One subscription per user. `origin` says whether it came from the registration event or was
-- created as the Free default because the caller asked before that event arrived.
CREATE TABLE subscriptions (
  user_id              text PRIMARY KEY,
  tier                 text NOT NULL CHECK (tier IN ('free', 'pro')),
  status               text NOT NULL CHECK (status IN ('active', 'expired', 'pending', 'canceled')),
  start_date           timestamptz NOT NULL,
  end_date             timestamptz,
  is_trial             boolean NOT NULL DEFAULT false,
  payment_reference_id text,
  origin               text NOT NULL CHECK (origin IN ('registration', 'default')),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE subscriptions;

-- Up Migration
-- Payments (issue 16). The subscriptions row stays the one entitlement the app reads; the provider's
-- customer and subscription are linked to it, and what happened on the provider's side comes in as
-- webhook events (recorded by id, so a replay changes nothing).
ALTER TABLE subscriptions
  ADD COLUMN provider_customer_id     text,
  ADD COLUMN provider_subscription_id text,
  ADD COLUMN provider_status          text,
  ADD COLUMN cancel_at_period_end     boolean NOT NULL DEFAULT false,
  ADD COLUMN payment_failed_at        timestamptz,
  -- One free trial per user: the registration's or the first checkout's.
  ADD COLUMN trial_used               boolean NOT NULL DEFAULT false,
  ADD COLUMN trial_notice_sent_at     timestamptz;
UPDATE subscriptions SET trial_used = true WHERE is_trial;
CREATE UNIQUE INDEX subscriptions_provider_customer ON subscriptions (provider_customer_id);
CREATE INDEX subscriptions_provider_subscription ON subscriptions (provider_subscription_id);

-- Who the user is, from user.registered.v1: the trial notice is mailed to this address.
CREATE TABLE billing_users (
  user_id    text PRIMARY KEY,
  email      text NOT NULL,
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_events (
  id          text PRIMARY KEY,
  type        text NOT NULL,
  created     timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Stored bytes per user and source service, from project_storage.changed.v1 and
-- author_storage.changed.v1; the newest event wins (as_of), so a late, older one changes nothing.
CREATE TABLE usage (
  user_id       text NOT NULL,
  source        text NOT NULL CHECK (source IN ('projects', 'authors')),
  storage_bytes bigint NOT NULL,
  project_count integer NOT NULL DEFAULT 0,
  as_of         timestamptz NOT NULL,
  PRIMARY KEY (user_id, source)
);

CREATE TABLE sales_leads (
  id         uuid PRIMARY KEY,
  user_id    text,
  name       text NOT NULL,
  email      text NOT NULL,
  company    text NOT NULL,
  seats      integer NOT NULL,
  message    text NOT NULL,
  address    text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sales_leads_email ON sales_leads (lower(email), created_at);
CREATE INDEX sales_leads_address ON sales_leads (address, created_at);

-- The local payment provider (embedded mode and tests, no Stripe keys): its own customers,
-- subscriptions, invoices and sessions, shaped like Stripe's. Only card brand and last four digits
-- are kept, as Stripe shows them.
CREATE TABLE local_customers (
  id          text PRIMARY KEY,
  user_id     text NOT NULL UNIQUE,
  email       text,
  card_brand  text,
  card_last4  text,
  card_exp    text,
  card_name   text,
  -- Whether charging the card fails (Stripe's test card 4000 0000 0000 0341 attaches, then fails).
  card_fails  boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL
);

CREATE TABLE local_subscriptions (
  id                   text PRIMARY KEY,
  customer_id          text NOT NULL REFERENCES local_customers (id),
  user_id              text NOT NULL,
  status               text NOT NULL,
  trial_end            timestamptz,
  current_period_start timestamptz NOT NULL,
  current_period_end   timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  canceled_at          timestamptz,
  created_at           timestamptz NOT NULL
);
CREATE INDEX local_subscriptions_due ON local_subscriptions (current_period_end)
  WHERE status IN ('trialing', 'active', 'past_due');

CREATE SEQUENCE local_invoice_numbers;
CREATE TABLE local_invoices (
  id              text PRIMARY KEY,
  number          text NOT NULL,
  customer_id     text NOT NULL REFERENCES local_customers (id),
  subscription_id text NOT NULL REFERENCES local_subscriptions (id),
  amount_cents    integer NOT NULL,
  currency        text NOT NULL,
  status          text NOT NULL,
  period_start    timestamptz NOT NULL,
  period_end      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL
);
CREATE INDEX local_invoices_customer ON local_invoices (customer_id, created_at DESC);

CREATE TABLE local_checkout_sessions (
  id              text PRIMARY KEY,
  user_id         text NOT NULL,
  email           text,
  success_url     text NOT NULL,
  cancel_url      text NOT NULL,
  trial_days      integer NOT NULL,
  status          text NOT NULL CHECK (status IN ('open', 'complete')),
  subscription_id text,
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL
);

CREATE TABLE local_portal_sessions (
  id          text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES local_customers (id),
  return_url  text NOT NULL,
  expires_at  timestamptz NOT NULL
);

-- Down Migration
DROP TABLE local_portal_sessions;
DROP TABLE local_checkout_sessions;
DROP TABLE local_invoices;
DROP SEQUENCE local_invoice_numbers;
DROP TABLE local_subscriptions;
DROP TABLE local_customers;
DROP TABLE sales_leads;
DROP TABLE usage;
DROP TABLE webhook_events;
DROP TABLE billing_users;
DROP INDEX subscriptions_provider_subscription;
DROP INDEX subscriptions_provider_customer;
ALTER TABLE subscriptions
  DROP COLUMN provider_customer_id,
  DROP COLUMN provider_subscription_id,
  DROP COLUMN provider_status,
  DROP COLUMN cancel_at_period_end,
  DROP COLUMN payment_failed_at,
  DROP COLUMN trial_used,
  DROP COLUMN trial_notice_sent_at;

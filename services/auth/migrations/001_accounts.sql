-- Up Migration
-- Accounts: users, their sessions, password-reset tokens, failed-login counters and the token
-- signing key. Emails are unique case-insensitively (lower() index; no citext extension needed).
CREATE TABLE users (
  id                uuid PRIMARY KEY,
  name              text NOT NULL,
  email             text NOT NULL,
  avatar            text,
  password_hash     text NOT NULL,
  terms_accepted_at timestamptz NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

-- One row per sign-in. The access token carries the id (claim `sid`) and expires with the session.
CREATE TABLE sessions (
  id             uuid PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_info    jsonb,
  ip             text,
  remember_me    boolean NOT NULL,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  revoked_at     timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_user_active ON sessions (user_id) WHERE revoked_at IS NULL;

-- Only the SHA-256 of a reset token is stored: a leaked table does not let anyone reset passwords.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at);

-- Sign-in attempts per email (lower-cased) in a fixed window; in the database so replicas agree.
CREATE TABLE login_attempts (
  email_key         text PRIMARY KEY,
  attempts          integer NOT NULL,
  window_started_at timestamptz NOT NULL
);

-- The Ed25519 key pair tokens are signed with, generated once and shared by every replica.
-- The public halves are served at /.well-known/jwks.json.
CREATE TABLE signing_keys (
  kid         text PRIMARY KEY,
  public_jwk  jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  retired_at  timestamptz
);

-- Down Migration
DROP TABLE signing_keys;
DROP TABLE login_attempts;
DROP TABLE password_resets;
DROP TABLE sessions;
DROP TABLE users;

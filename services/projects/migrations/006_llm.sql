-- Up Migration
-- Issue 18: the language model's answers, cached by the hash of prompt, model and prompt version so
-- the same request is never paid twice; and the tokens each user spent per month (Pro's budget).
CREATE TABLE llm_cache (
  key          text PRIMARY KEY,
  model        text NOT NULL,
  answer       jsonb NOT NULL,
  total_tokens integer NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE llm_usage (
  user_id text NOT NULL,
  month   text NOT NULL,
  tokens  bigint NOT NULL DEFAULT 0 CHECK (tokens >= 0),
  PRIMARY KEY (user_id, month)
);

-- Down Migration
DROP TABLE llm_usage;
DROP TABLE llm_cache;

-- API tokens: organisation tokens made by administrators and members' personal tokens, stored as the SHA-256 of
-- the secret (never the secret), with their scopes, expiry, revocation and last use; and a per-token, per-minute
-- request count for the rate limit, shared by every instance.
CREATE TABLE IF NOT EXISTS api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  name text NOT NULL,
  token_hash char(64) NOT NULL UNIQUE,
  hint text NOT NULL,
  scopes text[] NOT NULL,
  created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamp with time zone,
  revoked_at timestamp with time zone,
  revoked_by uuid REFERENCES users(id) ON DELETE SET NULL,
  last_used_at timestamp with time zone,
  last_used_ip text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT api_tokens_kind_check CHECK (kind IN ('organisation', 'personal'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS api_tokens_kind_created_idx ON api_tokens (kind, created_at DESC, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS api_tokens_created_by_idx ON api_tokens (created_by);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS api_token_windows (
  token_id uuid NOT NULL REFERENCES api_tokens(id) ON DELETE CASCADE,
  window_start timestamp with time zone NOT NULL,
  count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (token_id, window_start)
);

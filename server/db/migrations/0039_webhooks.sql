-- Webhooks: the endpoints administrators register (address, chosen events, the signing secret kept sealed, the
-- previous secret for a day after a rotation), every delivery of an event to an endpoint (its id is the
-- `webhook-id` receivers de-duplicate on) and every attempt at it, with the receiver's answer in brief.
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  url text NOT NULL,
  events text[] NOT NULL,
  description text NOT NULL DEFAULT '',
  secret_sealed text NOT NULL,
  previous_secret_sealed text,
  previous_secret_until timestamp with time zone,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,
  failing_since timestamp with time zone,
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_endpoints_created_idx ON webhook_endpoints (created_at DESC, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_endpoints_created_by_idx ON webhook_endpoints (created_by);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  domain_event_id uuid REFERENCES domain_events(id) ON DELETE SET NULL,
  type text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamp with time zone,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  finished_at timestamp with time zone,
  CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS webhook_deliveries_seq_idx ON webhook_deliveries (seq);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint_seq_idx ON webhook_deliveries (endpoint_id, seq DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_deliveries_pending_idx ON webhook_deliveries (endpoint_id, entity_type, entity_id, seq) WHERE status = 'pending';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS webhook_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamp with time zone NOT NULL,
  status_code integer,
  duration_ms integer NOT NULL,
  error text,
  response_excerpt varchar(1024)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempt);

-- Payout runs: partners' payout details (sealed), runs drafted by one administrator and approved by another, a line
-- per partner (payable, carried over below the minimum, or held), and the commissions each payable line claims.
-- A commission is in at most one open claim: the partial unique index holds it even when two runs are drafted at once.
CREATE TABLE IF NOT EXISTS payout_details (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  method text NOT NULL,
  sealed text NOT NULL,
  masked text NOT NULL,
  vat_registered boolean NOT NULL DEFAULT false,
  vat_number text,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  changed_at timestamp with time zone,
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT payout_details_method_check CHECK (method in ('bank', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS payout_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number integer GENERATED ALWAYS AS IDENTITY NOT NULL,
  period_end date NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  minimum_pence integer NOT NULL,
  created_by uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  approved_by uuid REFERENCES users(id) ON DELETE RESTRICT,
  approved_at timestamp with time zone,
  paid_by uuid REFERENCES users(id) ON DELETE RESTRICT,
  paid_at timestamp with time zone,
  value_date date,
  cancelled_by uuid REFERENCES users(id) ON DELETE RESTRICT,
  cancelled_at timestamp with time zone,
  CONSTRAINT payout_runs_status_check CHECK (status in ('draft', 'approved', 'paid', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS payout_runs_number_idx ON payout_runs (number);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS payout_runs_created_id_idx ON payout_runs (created_at, id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS payout_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  run_id uuid NOT NULL REFERENCES payout_runs(id) ON DELETE RESTRICT,
  partner_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  state text NOT NULL,
  hold_reason text,
  amount_pence integer NOT NULL,
  commission_count integer NOT NULL,
  reference text NOT NULL,
  method text,
  sealed_details text,
  masked_details text,
  failed_at timestamp with time zone,
  CONSTRAINT payout_lines_state_check CHECK (state in ('payable', 'carried_over', 'held', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS payout_lines_run_partner_idx ON payout_lines (run_id, partner_id);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS payout_lines_reference_idx ON payout_lines (reference);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS payout_lines_partner_idx ON payout_lines (partner_id, run_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS payout_line_commissions (
  line_id uuid NOT NULL REFERENCES payout_lines(id) ON DELETE RESTRICT,
  commission_id uuid NOT NULL REFERENCES commissions(id) ON DELETE RESTRICT,
  amount_pence integer NOT NULL,
  released_at timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS payout_line_commissions_line_commission_idx ON payout_line_commissions (line_id, commission_id);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS payout_line_commissions_open_idx ON payout_line_commissions (commission_id) WHERE released_at IS NULL;

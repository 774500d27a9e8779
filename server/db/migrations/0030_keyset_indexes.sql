-- Keyset pagination of the admin lists: each index holds a list's filter and its whole order (ending in the
-- primary key), so a page after or before a cursor is one index walk wherever it is in the list.
-- User Management, newest first (created_at desc, id desc). Every filter but "removed" and "anonymised" (a few
-- accounts) lists present accounts only, so the index holds those, and a page asked for by number is found from it alone.
CREATE INDEX IF NOT EXISTS users_created_id_idx ON users (created_at, id) WHERE removed_at IS NULL AND anonymised_at IS NULL;
--> statement-breakpoint
-- Pending applications, newest application first; an account without an application time sorts first, as nulls do.
CREATE INDEX IF NOT EXISTS users_pending_applied_id_idx ON users ((coalesce(applied_at, 'infinity'::timestamptz)), id) WHERE account_status = 'pending';
--> statement-breakpoint
-- The audit log and the outbox, newest first.
CREATE INDEX IF NOT EXISTS audit_log_created_id_idx ON audit_log (created_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outbox_created_id_idx ON outbox (created_at, id);
--> statement-breakpoint
-- Commissions, newest or oldest first: every partner's (payouts), one partner's (their history), by status, by month.
CREATE INDEX IF NOT EXISTS commissions_created_id_idx ON commissions (created_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS commissions_partner_created_id_idx ON commissions (partner_id, created_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS commissions_status_created_id_idx ON commissions (status, created_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS commissions_month_created_id_idx ON commissions (month, created_at, id);
--> statement-breakpoint
-- Pending account deletion requests, oldest first.
CREATE INDEX IF NOT EXISTS account_deletion_requests_pending_order_idx ON account_deletion_requests (requested_at, id) WHERE status = 'pending';
--> statement-breakpoint
-- Member recommendations: the candidates sharing some of the viewer's industries or expertise are found through
-- these (overlap && and containment @> of the arrays), so a recommendation reads those members, not the directory.
CREATE INDEX IF NOT EXISTS users_industries_gin_idx ON users USING gin (industries);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_expertise_gin_idx ON users USING gin (expertise);

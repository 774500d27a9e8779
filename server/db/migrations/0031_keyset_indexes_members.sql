-- Keyset pagination of the member-facing lists and the work lists: each index holds a list's filter and its whole
-- order (ending in the primary key), so a page after or before a cursor is one index walk wherever it is. An
-- existing index that held the same list without the id is rebuilt under its name with the id added (it still
-- serves everything it served), rather than kept beside a near copy.
-- Notifications, newest first: all of a member's, the unread ones (also the unread count), one kind.
DROP INDEX IF EXISTS notifications_user_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS notifications_user_idx ON notifications (user_id, created_at, id);
--> statement-breakpoint
DROP INDEX IF EXISTS notifications_unread_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS notifications_unread_idx ON notifications (user_id, created_at, id) WHERE is_read = false;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS notifications_user_type_created_id_idx ON notifications (user_id, type, created_at, id);
--> statement-breakpoint
-- The member directory, by name (last, first, then id), over the members it can list.
DROP INDEX IF EXISTS users_directory_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_directory_idx ON users (last_name, first_name, id) WHERE account_status = 'approved' AND is_active AND removed_at IS NULL;
--> statement-breakpoint
-- The community feed, newest first: whole, by category, by author (the first two were ordered "nulls last", which
-- the keyset order, plain descending, cannot read from).
DROP INDEX IF EXISTS community_posts_feed_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS community_posts_feed_idx ON community_posts (created_at, id);
--> statement-breakpoint
DROP INDEX IF EXISTS community_posts_category_feed_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS community_posts_category_feed_idx ON community_posts (category, created_at, id);
--> statement-breakpoint
DROP INDEX IF EXISTS community_posts_author_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS community_posts_author_idx ON community_posts (author_id, created_at, id);
--> statement-breakpoint
-- Timesheets, newest week first: a contractor's, a client's (by status), of one status, all, the pending queue; and
-- placements, latest start first: a contractor's, a client's, all. Each was ordered "nulls last", which the keyset
-- order, plain descending, cannot read from.
DROP INDEX IF EXISTS timesheets_contractor_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS timesheets_contractor_idx ON timesheets (contractor_id, week_starting, id);
--> statement-breakpoint
DROP INDEX IF EXISTS timesheets_client_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS timesheets_client_idx ON timesheets (client_id, status, week_starting, id);
--> statement-breakpoint
DROP INDEX IF EXISTS timesheets_status_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS timesheets_status_idx ON timesheets (status, week_starting, id);
--> statement-breakpoint
DROP INDEX IF EXISTS timesheets_order_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS timesheets_order_idx ON timesheets (week_starting, id);
--> statement-breakpoint
DROP INDEX IF EXISTS timesheets_pending_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS timesheets_pending_idx ON timesheets (week_starting, id) WHERE status = 'pending';
--> statement-breakpoint
DROP INDEX IF EXISTS placements_contractor_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS placements_contractor_idx ON placements (contractor_id, start_date, id);
--> statement-breakpoint
DROP INDEX IF EXISTS placements_client_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS placements_client_idx ON placements (client_id, start_date, id);
--> statement-breakpoint
DROP INDEX IF EXISTS placements_order_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS placements_order_idx ON placements (start_date, id);
--> statement-breakpoint
-- Connections and requests, newest first: those a member sent, those they received.
DROP INDEX IF EXISTS member_connections_requester_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS member_connections_requester_idx ON member_connections (requester_user_id, created_at, id);
--> statement-breakpoint
DROP INDEX IF EXISTS member_connections_target_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS member_connections_target_idx ON member_connections (target_user_id, created_at, id);
--> statement-breakpoint
-- Events by start, then id: upcoming soonest first, past latest first (the same index read either way).
DROP INDEX IF EXISTS events_start_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS events_start_idx ON events (start_date, id);
--> statement-breakpoint
-- The public chat groups a member may discover, newest first.
DROP INDEX IF EXISTS chat_channels_public_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chat_channels_public_idx ON chat_channels (created_at, id) WHERE type = 'group' AND NOT is_private;
--> statement-breakpoint
-- A member's own messages, oldest first: their data export reads them in pages and erasure finds them.
CREATE INDEX IF NOT EXISTS chat_messages_sender_created_id_idx ON chat_messages (sender_id, created_at, id);

-- Community moderation and pinned announcements: a post pinned to the top of the feed by an administrator; a
-- post or comment hidden by a moderator (only its author and the administrators still see it); members' reports
-- of posts and comments, one report per post or comment gathering every member's reason.
ALTER TABLE community_posts ADD COLUMN IF NOT EXISTS pinned_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE community_posts ADD COLUMN IF NOT EXISTS pinned_by uuid REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE community_posts ADD COLUMN IF NOT EXISTS hidden_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE community_posts ADD COLUMN IF NOT EXISTS hidden_by uuid REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
-- the few pinned posts, newest-pinned first: a small separate read next to the feed's page
CREATE INDEX IF NOT EXISTS community_posts_pinned_idx ON community_posts (pinned_at, id) WHERE pinned_at IS NOT NULL;
--> statement-breakpoint
ALTER TABLE post_comments ADD COLUMN IF NOT EXISTS hidden_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE post_comments ADD COLUMN IF NOT EXISTS hidden_by uuid REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS content_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target_type text NOT NULL,
  post_id uuid NOT NULL REFERENCES community_posts(id) ON DELETE CASCADE,
  comment_id uuid REFERENCES post_comments(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'open',
  first_reported_at timestamp with time zone NOT NULL DEFAULT now(),
  last_reported_at timestamp with time zone NOT NULL DEFAULT now(),
  resolved_at timestamp with time zone,
  resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
  CONSTRAINT content_reports_target_check CHECK ((target_type = 'post' AND comment_id IS NULL) OR (target_type = 'comment' AND comment_id IS NOT NULL)),
  CONSTRAINT content_reports_status_check CHECK (status IN ('open', 'hidden', 'restored', 'dismissed'))
);
--> statement-breakpoint
-- one report per post, one per comment
CREATE UNIQUE INDEX IF NOT EXISTS content_reports_post_key ON content_reports (post_id) WHERE comment_id IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS content_reports_comment_key ON content_reports (comment_id) WHERE comment_id IS NOT NULL;
--> statement-breakpoint
-- the review list's keyset order: open reports first, then latest reported first
CREATE INDEX IF NOT EXISTS content_reports_review_idx ON content_reports ((status = 'open'), last_reported_at, id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS content_report_reasons (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL REFERENCES content_reports(id) ON DELETE CASCADE,
  reporter_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  closed_at timestamp with time zone,
  CONSTRAINT content_report_reasons_reason_check CHECK (char_length(reason) BETWEEN 1 AND 500)
);
--> statement-breakpoint
-- one open report of a post or comment per member
CREATE UNIQUE INDEX IF NOT EXISTS content_report_reasons_open_key ON content_report_reasons (report_id, reporter_id) WHERE closed_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS content_report_reasons_report_idx ON content_report_reasons (report_id, created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS content_report_reasons_reporter_idx ON content_report_reasons (reporter_id);
--> statement-breakpoint
-- the mention suggestions: members whose first or last name starts with what the writer typed, any case
CREATE INDEX IF NOT EXISTS users_first_name_prefix_idx ON users (lower(first_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_last_name_prefix_idx ON users (lower(last_name) text_pattern_ops);

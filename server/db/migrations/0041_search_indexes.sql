-- The command palette's search (GET /api/search) finds each group through trigram indexes, as the lists' searches
-- do (migration 0029: leads, members and events already have theirs). The feed's posts are found by title and by
-- their words; a chat channel is found among the viewer's own memberships, read from chat_channel_members_user_idx.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS community_posts_title_trgm_idx ON community_posts USING gin (title gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS community_posts_content_trgm_idx ON community_posts USING gin (content gin_trgm_ops);

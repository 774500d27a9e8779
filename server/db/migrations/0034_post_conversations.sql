-- The community's conversations: comments on posts (top level, or one level of replies), reactions on posts and
-- comments (one of each emoji per member), a post's comment count and latest activity kept with its comments, and
-- when its author last edited it.
ALTER TABLE community_posts ADD COLUMN IF NOT EXISTS comment_count integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE community_posts ADD COLUMN IF NOT EXISTS last_activity_at timestamp with time zone;
--> statement-breakpoint
UPDATE community_posts SET last_activity_at = created_at WHERE last_activity_at IS NULL;
--> statement-breakpoint
ALTER TABLE community_posts ALTER COLUMN last_activity_at SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE community_posts ALTER COLUMN last_activity_at SET NOT NULL;
--> statement-breakpoint
-- a new post has no comments yet: its latest activity is its creation, whoever writes it (the app, a seed, an import)
CREATE OR REPLACE FUNCTION community_posts_activity_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_activity_at := NEW.created_at;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS community_posts_activity_ins ON community_posts;
--> statement-breakpoint
CREATE TRIGGER community_posts_activity_ins BEFORE INSERT ON community_posts FOR EACH ROW EXECUTE FUNCTION community_posts_activity_on_insert();
--> statement-breakpoint
ALTER TABLE community_posts ADD COLUMN IF NOT EXISTS edited_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE community_posts ADD CONSTRAINT community_posts_comment_count_check CHECK (comment_count >= 0);
--> statement-breakpoint
-- the feed's "Latest activity" keyset order, latest first, then id
CREATE INDEX IF NOT EXISTS community_posts_activity_idx ON community_posts (last_activity_at, id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS post_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id uuid NOT NULL REFERENCES community_posts(id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  parent_id uuid REFERENCES post_comments(id) ON DELETE CASCADE,
  content text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  edited_at timestamp with time zone,
  deleted_at timestamp with time zone,
  CONSTRAINT post_comments_content_check CHECK (CASE WHEN deleted_at IS NOT NULL THEN content = '' ELSE char_length(content) BETWEEN 1 AND 2000 END),
  CONSTRAINT post_comments_not_own_parent_check CHECK (parent_id IS NULL OR parent_id <> id)
);
--> statement-breakpoint
-- a post's top-level comments oldest first, paged by (created_at, id)
CREATE INDEX IF NOT EXISTS post_comments_post_top_idx ON post_comments (post_id, created_at, id) WHERE parent_id IS NULL;
--> statement-breakpoint
-- a top-level comment's replies oldest first
CREATE INDEX IF NOT EXISTS post_comments_parent_idx ON post_comments (parent_id, created_at, id) WHERE parent_id IS NOT NULL;
--> statement-breakpoint
-- a member's own comments, for their data export and erasure
CREATE INDEX IF NOT EXISTS post_comments_author_idx ON post_comments (author_id, created_at, id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS post_reactions (
  post_id uuid NOT NULL REFERENCES community_posts(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  emoji text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, user_id, emoji),
  CONSTRAINT post_reactions_emoji_check CHECK (emoji in ('👍', '🎉', '💡', '❤️'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS post_reactions_user_idx ON post_reactions (user_id);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS comment_reactions (
  comment_id uuid NOT NULL REFERENCES post_comments(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  emoji text NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id, emoji),
  CONSTRAINT comment_reactions_emoji_check CHECK (emoji in ('👍', '🎉', '💡', '❤️'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS comment_reactions_user_idx ON comment_reactions (user_id);

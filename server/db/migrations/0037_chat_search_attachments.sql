-- Member chat: a message may carry one attached file (an image re-encoded on upload, or a PDF), kept under a
-- generated storage key with the name the member gave it, its type, size and, for an image, its pixel size. A
-- message with an attachment may have no words; any other message still needs some.
ALTER TABLE chat_messages ADD COLUMN IF NOT EXISTS attachment_key text;
--> statement-breakpoint
ALTER TABLE chat_messages ADD COLUMN IF NOT EXISTS attachment_name text;
--> statement-breakpoint
ALTER TABLE chat_messages ADD COLUMN IF NOT EXISTS attachment_type text;
--> statement-breakpoint
ALTER TABLE chat_messages ADD COLUMN IF NOT EXISTS attachment_size integer;
--> statement-breakpoint
ALTER TABLE chat_messages ADD COLUMN IF NOT EXISTS attachment_width integer;
--> statement-breakpoint
ALTER TABLE chat_messages ADD COLUMN IF NOT EXISTS attachment_height integer;
--> statement-breakpoint
ALTER TABLE chat_messages DROP CONSTRAINT IF EXISTS chat_messages_attachment_check;
--> statement-breakpoint
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_attachment_check CHECK (
  (attachment_key IS NULL) = (attachment_name IS NULL)
  AND (attachment_key IS NULL) = (attachment_type IS NULL)
  AND (attachment_key IS NULL) = (attachment_size IS NULL)
  AND (attachment_type IS NULL OR attachment_type IN ('image/jpeg', 'image/webp', 'application/pdf'))
  AND (attachment_size IS NULL OR attachment_size > 0)
);
--> statement-breakpoint
ALTER TABLE chat_messages DROP CONSTRAINT IF EXISTS chat_messages_content_check;
--> statement-breakpoint
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_content_check CHECK (
  CASE
    WHEN is_deleted THEN content = ''
    WHEN attachment_key IS NOT NULL THEN char_length(content) <= 4000
    ELSE char_length(content) BETWEEN 1 AND 4000
  END
);
--> statement-breakpoint
-- Chat search: a member's search matches a message when its words contain the text in any case (ILIKE
-- '%text%'), answered by a trigram index over the messages that are not deleted (deleted ones never match).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS chat_messages_content_trgm_idx ON chat_messages USING gin (content gin_trgm_ops) WHERE NOT is_deleted;

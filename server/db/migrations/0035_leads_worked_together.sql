-- Leads worked together: a discussion on each lead (messages to and from its partner, and internal notes only
-- administrators see), the administrator who owns a lead, and a partner's withdrawal of their lead.
CREATE TABLE IF NOT EXISTS lead_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  -- null once the author's account is erased: the lead's history keeps the message
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  -- the form takes at most 2,000 characters; notes carried over from before took up to 5,000
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 5000),
  internal boolean NOT NULL DEFAULT false,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  edited_at timestamp with time zone,
  deleted_at timestamp with time zone
);
--> statement-breakpoint
-- a lead's discussion in keyset order, oldest first
CREATE INDEX IF NOT EXISTS lead_comments_lead_created_id_idx ON lead_comments (lead_id, created_at, id);
--> statement-breakpoint
-- what a member wrote, for their data export and erasure
CREATE INDEX IF NOT EXISTS lead_comments_author_idx ON lead_comments (author_id) WHERE author_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE leads ADD COLUMN IF NOT EXISTS assigned_to uuid REFERENCES users(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE leads ADD COLUMN IF NOT EXISTS withdrawn_at timestamp with time zone;
--> statement-breakpoint
ALTER TABLE leads ADD COLUMN IF NOT EXISTS withdrawn_reason text;
--> statement-breakpoint
-- the "Mine" list of an administrator, newest first, in keyset order
CREATE INDEX IF NOT EXISTS leads_assigned_created_id_idx ON leads (assigned_to, created_at DESC, id DESC) WHERE assigned_to IS NOT NULL;
--> statement-breakpoint
-- A lead's notes (written by administrators, shown to its partner) become the first partner-visible message of its
-- discussion: written by the administrator of the latest timeline entry that carried those notes, else by a
-- master-admin, at the lead's last update. The lead then keeps no notes, so running this again adds nothing.
INSERT INTO lead_comments (lead_id, author_id, content, internal, created_at)
SELECT
  l.id,
  COALESCE(
    (
      SELECT a.user_id FROM lead_activities a
      JOIN users au ON au.id = a.user_id
      WHERE a.lead_id = l.id AND a.notes = l.notes AND au.role IN ('admin', 'master-admin')
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT 1
    ),
    (SELECT m.id FROM users m WHERE m.role = 'master-admin' ORDER BY m.created_at, m.id LIMIT 1)
  ),
  left(btrim(l.notes), 5000),
  false,
  l.updated_at
FROM leads l
WHERE l.notes IS NOT NULL AND btrim(l.notes) <> '';
--> statement-breakpoint
UPDATE leads SET notes = NULL WHERE notes IS NOT NULL;

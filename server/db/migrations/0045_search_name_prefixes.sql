-- The command palette's "starts with" reads of members: a member's whole name and company, any case, as btree ranges
-- (text_pattern_ops answers LIKE 'text%' on the lowered value), so a text that no name starts with costs one index
-- descent however many names share its words; the trigram indexes are left to the "contains" reads.
CREATE INDEX IF NOT EXISTS users_full_name_prefix_idx ON users (lower(first_name || ' ' || last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_company_prefix_idx ON users (lower(company) text_pattern_ops);

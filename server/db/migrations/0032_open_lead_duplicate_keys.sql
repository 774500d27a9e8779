-- The possible-duplicate flag and the duplicate check at submission look only at open leads (not closed-won or
-- closed-lost) sharing a company key or a contact domain. Indexes over just those leads let each check stop at the
-- first other match, so the flag on a page of leads costs the same however many closed leads share a domain.
CREATE INDEX IF NOT EXISTS leads_open_company_key_idx ON leads (company_key) WHERE status NOT IN ('closed-won', 'closed-lost');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS leads_open_contact_domain_idx ON leads (contact_domain) WHERE status NOT IN ('closed-won', 'closed-lost') AND contact_domain <> '';
--> statement-breakpoint
DROP INDEX IF EXISTS leads_company_key_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS leads_contact_domain_idx;

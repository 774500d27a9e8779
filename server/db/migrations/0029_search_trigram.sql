-- Every list's search finds rows through a trigram index: a search matches a row when any searched field
-- contains the text in any case (ILIKE '%text%'), and a GIN gin_trgm_ops index on a field answers that predicate
-- as it is written. A search over several fields is one bitmap scan per field, OR-ed together.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Leads (the lead lists): company, industry, contact name.
CREATE INDEX IF NOT EXISTS leads_company_name_trgm_idx ON leads USING gin (company_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS leads_industry_trgm_idx ON leads USING gin (industry gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS leads_contact_name_trgm_idx ON leads USING gin (contact_name gin_trgm_ops);
--> statement-breakpoint
-- Members (User Management: name, e-mail, company, username; the directory: name, company, job title and the
-- location filter; Discover Mentors: first or last name, company). The full name is searched as it is shown;
-- Discover Mentors narrows by it too (a text within either name is within the full name) and checks each name.
CREATE INDEX IF NOT EXISTS users_full_name_trgm_idx ON users USING gin ((first_name || ' ' || last_name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_company_trgm_idx ON users USING gin (company gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (username gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_job_title_trgm_idx ON users USING gin (job_title gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_location_trgm_idx ON users USING gin (location gin_trgm_ops);
--> statement-breakpoint
-- Events: title, description, location.
CREATE INDEX IF NOT EXISTS events_title_trgm_idx ON events USING gin (title gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS events_description_trgm_idx ON events USING gin (description gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS events_location_trgm_idx ON events USING gin (location gin_trgm_ops);
--> statement-breakpoint
-- A mentor's specializations as one searchable text. array_to_string is only STABLE (it formats any element
-- type); over text[] its answer depends on nothing else, so this wrapper may be IMMUTABLE, as an index needs.
CREATE OR REPLACE FUNCTION specializations_text(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT pg_catalog.array_to_string($1, ' ') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mentor_profiles_specializations_trgm_idx ON mentor_profiles USING gin ((specializations_text(specializations)) gin_trgm_ops);

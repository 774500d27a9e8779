-- Programme analytics read per-day figures kept beside the rows in the transaction of each change, keyed by the
-- London day, so a year's figures are a few thousand rows whatever the number of leads.
--
-- Each lead remembers the furthest stage of the funnel it reached (1 submitted .. 5 closed-won; closed-lost leaves
-- the funnel and keeps the stage it left from), when it entered its present status and when it closed (null while
-- open). A lead's figures are a function of its row: the statement triggers subtract what the old rows counted
-- and add what the new rows count. A stay in a stage is an event: it is added when a status change ends it.
ALTER TABLE "leads" ADD COLUMN "furthest_stage" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage_entered_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "analytics_lead_days" (
  "day" date NOT NULL,
  "lead_type" text NOT NULL,
  "industry" text NOT NULL,
  "submitted" integer DEFAULT 0 NOT NULL,
  "won" integer DEFAULT 0 NOT NULL,
  "won_pence" bigint DEFAULT 0 NOT NULL,
  "lost" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "analytics_lead_days_pk" PRIMARY KEY ("day", "lead_type", "industry")
);
--> statement-breakpoint
CREATE TABLE "analytics_funnel_days" (
  "day" date NOT NULL,
  "furthest_stage" smallint NOT NULL,
  "lost" boolean NOT NULL,
  "leads" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "analytics_funnel_days_pk" PRIMARY KEY ("day", "furthest_stage", "lost")
);
--> statement-breakpoint
CREATE TABLE "analytics_close_days" (
  "day" date NOT NULL,
  "won" boolean NOT NULL,
  "bucket" smallint NOT NULL,
  "leads" integer DEFAULT 0 NOT NULL,
  "seconds" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "analytics_close_days_pk" PRIMARY KEY ("day", "won", "bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_stage_stays" (
  "day" date NOT NULL,
  "stage" text NOT NULL,
  "shard" smallint NOT NULL,
  "stays" integer DEFAULT 0 NOT NULL,
  "seconds" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "analytics_stage_stays_pk" PRIMARY KEY ("day", "stage", "shard")
);
--> statement-breakpoint
CREATE TABLE "analytics_partner_days" (
  "day" date NOT NULL,
  "partner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "won" integer DEFAULT 0 NOT NULL,
  "won_pence" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "analytics_partner_days_pk" PRIMARY KEY ("day", "partner_id")
);
--> statement-breakpoint
CREATE TABLE "member_active_days" (
  "day" date NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  CONSTRAINT "member_active_days_pk" PRIMARY KEY ("day", "user_id")
);
--> statement-breakpoint
CREATE INDEX "member_active_days_user_idx" ON "member_active_days" ("user_id");
--> statement-breakpoint
CREATE INDEX "analytics_partner_days_partner_idx" ON "analytics_partner_days" ("partner_id");
--> statement-breakpoint
-- what the live reads of other figures need: applications by the day received and decided, commissions by month
CREATE INDEX "commissions_month_kind_idx" ON "commissions" ("month", "kind", "status", "amount");
--> statement-breakpoint
CREATE INDEX "commissions_status_month_idx" ON "commissions" ("status", "month", "amount");
--> statement-breakpoint
CREATE INDEX "member_applications_created_idx" ON "member_applications" ("created_at");
--> statement-breakpoint
CREATE INDEX "users_approved_at_idx" ON "users" ("approved_at") WHERE "approved_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_rejected_at_idx" ON "users" ("rejected_at") WHERE "rejected_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "skill_endorsements_created_idx" ON "skill_endorsements" ("created_at");
--> statement-breakpoint
CREATE INDEX "member_connections_accepted_created_idx" ON "member_connections" ("created_at") WHERE "status" = 'accepted';
--> statement-breakpoint
CREATE FUNCTION lead_stage_rank(status text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE status WHEN 'submitted' THEN 1 WHEN 'reviewing' THEN 2 WHEN 'qualified' THEN 3 WHEN 'in-progress' THEN 4 WHEN 'closed-won' THEN 5 ELSE 1 END)::smallint
$$;
--> statement-breakpoint
-- the time-to-close buckets (whole days from submission to closing): 0-7, 8-14, 15-30, 31-60, 61-90, 91-180, 181+
CREATE FUNCTION analytics_close_bucket(closed timestamptz, submitted timestamptz) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN d <= 7 THEN 0 WHEN d <= 14 THEN 1 WHEN d <= 30 THEN 2 WHEN d <= 60 THEN 3 WHEN d <= 90 THEN 4 WHEN d <= 180 THEN 5 ELSE 6 END)::smallint
  FROM (SELECT floor(greatest(0, extract(epoch FROM closed - submitted)) / 86400) AS d) x
$$;
--> statement-breakpoint
-- A status change moves the lead's stage marks: the time it entered the new status (the update's updated_at when
-- the write sets it, so the product's clock decides), the furthest stage (closed-lost keeps the stage it left) and
-- the closing time.
CREATE FUNCTION leads_stage_marks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.stage_entered_at := coalesce(NEW.stage_entered_at, NEW.updated_at, NEW.created_at);
    IF NEW.status <> 'closed-lost' THEN NEW.furthest_stage := greatest(NEW.furthest_stage, lead_stage_rank(NEW.status)); END IF;
    NEW.closed_at := CASE WHEN NEW.status IN ('closed-won', 'closed-lost') THEN coalesce(NEW.closed_at, NEW.stage_entered_at) END;
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    at := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END;
    NEW.stage_entered_at := at;
    IF NEW.status <> 'closed-lost' THEN NEW.furthest_stage := greatest(OLD.furthest_stage, lead_stage_rank(NEW.status)); END IF;
    NEW.closed_at := CASE WHEN NEW.status IN ('closed-won', 'closed-lost') THEN at END;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_stage_marks BEFORE INSERT OR UPDATE ON leads FOR EACH ROW EXECUTE FUNCTION leads_stage_marks();
--> statement-breakpoint
CREATE TYPE analytics_lead_fact AS (
  sign integer, id uuid, submitter_id uuid, lead_type text, industry text, status text, value numeric,
  created_at timestamptz, closed_at timestamptz, furthest_stage smallint
);
--> statement-breakpoint
-- Adds (sign 1) or removes (sign -1) what each lead counts in the per-day figures; rows netting to nothing are not written.
CREATE FUNCTION analytics_leads_apply(facts analytics_lead_fact[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_lead_days AS t (day, lead_type, industry, submitted, won, won_pence, lost)
  SELECT day, lead_type, industry, sum(s), sum(w), sum(wp), sum(l) FROM (
    SELECT (f.created_at AT TIME ZONE 'Europe/London')::date AS day, f.lead_type, f.industry, f.sign AS s, 0 AS w, 0::bigint AS wp, 0 AS l FROM unnest(facts) f
    UNION ALL
    SELECT (f.closed_at AT TIME ZONE 'Europe/London')::date, f.lead_type, f.industry, 0,
      (f.status = 'closed-won')::int * f.sign, CASE WHEN f.status = 'closed-won' THEN round(f.value * 100)::bigint * f.sign ELSE 0 END, (f.status = 'closed-lost')::int * f.sign
    FROM unnest(facts) f WHERE f.closed_at IS NOT NULL AND f.status IN ('closed-won', 'closed-lost')
  ) d GROUP BY 1, 2, 3 HAVING sum(s) <> 0 OR sum(w) <> 0 OR sum(wp) <> 0 OR sum(l) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, lead_type, industry) DO UPDATE SET submitted = t.submitted + EXCLUDED.submitted, won = t.won + EXCLUDED.won,
    won_pence = t.won_pence + EXCLUDED.won_pence, lost = t.lost + EXCLUDED.lost;

  INSERT INTO analytics_funnel_days AS t (day, furthest_stage, lost, leads)
  SELECT (f.created_at AT TIME ZONE 'Europe/London')::date, f.furthest_stage, f.status = 'closed-lost', sum(f.sign)
  FROM unnest(facts) f GROUP BY 1, 2, 3 HAVING sum(f.sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, furthest_stage, lost) DO UPDATE SET leads = t.leads + EXCLUDED.leads;

  INSERT INTO analytics_close_days AS t (day, won, bucket, leads, seconds)
  SELECT (f.closed_at AT TIME ZONE 'Europe/London')::date, f.status = 'closed-won', analytics_close_bucket(f.closed_at, f.created_at), sum(f.sign),
    sum(f.sign * greatest(0, round(extract(epoch FROM f.closed_at - f.created_at)))::bigint)
  FROM unnest(facts) f WHERE f.closed_at IS NOT NULL AND f.status IN ('closed-won', 'closed-lost')
  GROUP BY 1, 2, 3 HAVING sum(f.sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (day, won, bucket) DO UPDATE SET leads = t.leads + EXCLUDED.leads, seconds = t.seconds + EXCLUDED.seconds;

  INSERT INTO analytics_partner_days AS t (day, partner_id, won, won_pence)
  SELECT (f.closed_at AT TIME ZONE 'Europe/London')::date, f.submitter_id, sum(f.sign), sum(f.sign * round(f.value * 100)::bigint)
  FROM unnest(facts) f WHERE f.closed_at IS NOT NULL AND f.status = 'closed-won'
  GROUP BY 1, 2 HAVING sum(f.sign) <> 0 OR sum(f.sign * round(f.value * 100)::bigint) <> 0 ORDER BY 1, 2
  ON CONFLICT (day, partner_id) DO UPDATE SET won = t.won + EXCLUDED.won, won_pence = t.won_pence + EXCLUDED.won_pence;
END;
$$;
--> statement-breakpoint
-- The statement triggers hand their transition rows to analytics_leads_apply; an update also records the stays its
-- status changes ended, spread over eight rows per day and stage by the writing backend (as lead_status_totals).
CREATE FUNCTION analytics_leads_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_leads_apply(array(SELECT (1, n.id, n.submitter_id, n.lead_type, n.industry, n.status, n.estimated_value, n.created_at, n.closed_at, n.furthest_stage)::analytics_lead_fact FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_leads_apply(array(SELECT (-1, o.id, o.submitter_id, o.lead_type, o.industry, o.status, o.estimated_value, o.created_at, o.closed_at, o.furthest_stage)::analytics_lead_fact FROM old_rows o));
  ELSE
    -- only the rows whose counted fields changed: a note or an assignment counts nothing
    PERFORM analytics_leads_apply(array(
      SELECT x FROM (
        SELECT (-1, o.id, o.submitter_id, o.lead_type, o.industry, o.status, o.estimated_value, o.created_at, o.closed_at, o.furthest_stage)::analytics_lead_fact AS x
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.submitter_id, o.lead_type, o.industry, o.status, o.estimated_value, o.created_at, o.closed_at, o.furthest_stage)
          IS DISTINCT FROM (n.submitter_id, n.lead_type, n.industry, n.status, n.estimated_value, n.created_at, n.closed_at, n.furthest_stage)
        UNION ALL
        SELECT (1, n.id, n.submitter_id, n.lead_type, n.industry, n.status, n.estimated_value, n.created_at, n.closed_at, n.furthest_stage)::analytics_lead_fact
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.submitter_id, o.lead_type, o.industry, o.status, o.estimated_value, o.created_at, o.closed_at, o.furthest_stage)
          IS DISTINCT FROM (n.submitter_id, n.lead_type, n.industry, n.status, n.estimated_value, n.created_at, n.closed_at, n.furthest_stage)
      ) c));
    INSERT INTO analytics_stage_stays AS t (day, stage, shard, stays, seconds)
    SELECT (n.stage_entered_at AT TIME ZONE 'Europe/London')::date, o.status, pg_backend_pid() % 8, count(*),
      sum(greatest(0, round(extract(epoch FROM n.stage_entered_at - o.stage_entered_at)))::bigint)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.status IS DISTINCT FROM o.status AND o.stage_entered_at IS NOT NULL AND n.stage_entered_at IS NOT NULL
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, stage, shard) DO UPDATE SET stays = t.stays + EXCLUDED.stays, seconds = t.seconds + EXCLUDED.seconds;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The stage marks of every lead from its timeline, then every per-day figure from the rows, in set-based statements:
-- what the migration runs once and the scale seed after loading with the triggers off.
CREATE FUNCTION analytics_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads l SET furthest_stage = m.furthest, stage_entered_at = m.entered, closed_at = m.closed
  FROM (
    SELECT l2.id,
      greatest(coalesce(max(CASE WHEN a.to_status <> 'closed-lost' THEN lead_stage_rank(a.to_status) END), 1),
        CASE WHEN l2.status <> 'closed-lost' THEN lead_stage_rank(l2.status) ELSE 1 END)::smallint AS furthest,
      coalesce(max(a.created_at) FILTER (WHERE a.to_status = l2.status), l2.updated_at, l2.created_at) AS entered,
      CASE WHEN l2.status IN ('closed-won', 'closed-lost') THEN coalesce(max(a.created_at) FILTER (WHERE a.to_status = l2.status), l2.updated_at) END AS closed
    FROM leads l2 LEFT JOIN lead_activities a ON a.lead_id = l2.id AND a.to_status IS NOT NULL
    GROUP BY l2.id
  ) m
  WHERE m.id = l.id AND (l.furthest_stage, l.stage_entered_at, l.closed_at) IS DISTINCT FROM (m.furthest, m.entered, m.closed);

  DELETE FROM analytics_lead_days;
  INSERT INTO analytics_lead_days (day, lead_type, industry, submitted, won, won_pence, lost)
  SELECT day, lead_type, industry, sum(s), sum(w), sum(wp), sum(lo) FROM (
    SELECT (created_at AT TIME ZONE 'Europe/London')::date AS day, lead_type, industry, 1 AS s, 0 AS w, 0::bigint AS wp, 0 AS lo FROM leads
    UNION ALL
    SELECT (closed_at AT TIME ZONE 'Europe/London')::date, lead_type, industry, 0, (status = 'closed-won')::int,
      CASE WHEN status = 'closed-won' THEN round(estimated_value * 100)::bigint ELSE 0 END, (status = 'closed-lost')::int
    FROM leads WHERE closed_at IS NOT NULL AND status IN ('closed-won', 'closed-lost')
  ) d GROUP BY 1, 2, 3;

  DELETE FROM analytics_funnel_days;
  INSERT INTO analytics_funnel_days (day, furthest_stage, lost, leads)
  SELECT (created_at AT TIME ZONE 'Europe/London')::date, furthest_stage, status = 'closed-lost', count(*) FROM leads GROUP BY 1, 2, 3;

  DELETE FROM analytics_close_days;
  INSERT INTO analytics_close_days (day, won, bucket, leads, seconds)
  SELECT (closed_at AT TIME ZONE 'Europe/London')::date, status = 'closed-won', analytics_close_bucket(closed_at, created_at), count(*),
    sum(greatest(0, round(extract(epoch FROM closed_at - created_at)))::bigint)
  FROM leads WHERE closed_at IS NOT NULL AND status IN ('closed-won', 'closed-lost') GROUP BY 1, 2, 3;

  DELETE FROM analytics_partner_days;
  INSERT INTO analytics_partner_days (day, partner_id, won, won_pence)
  SELECT (closed_at AT TIME ZONE 'Europe/London')::date, submitter_id, count(*), sum(round(estimated_value * 100))::bigint
  FROM leads WHERE closed_at IS NOT NULL AND status = 'closed-won' GROUP BY 1, 2;

  -- each stay ends at the next status entry of the lead's timeline; it began at the previous one (or the submission)
  DELETE FROM analytics_stage_stays;
  INSERT INTO analytics_stage_stays (day, stage, shard, stays, seconds)
  SELECT (s.ended AT TIME ZONE 'Europe/London')::date, s.stage, 0, count(*), sum(greatest(0, round(extract(epoch FROM s.ended - s.began)))::bigint)
  FROM (
    SELECT a.from_status AS stage, a.created_at AS ended,
      coalesce(lag(a.created_at) OVER (PARTITION BY a.lead_id ORDER BY a.created_at, a.id), l.created_at) AS began,
      a.kind
    FROM lead_activities a JOIN leads l ON l.id = a.lead_id
    WHERE a.to_status IS NOT NULL
  ) s
  WHERE s.kind = 'status_changed' AND s.stage IS NOT NULL AND s.stage <> ''
  GROUP BY 1, 2;

  -- members active: the days their sessions were last seen or started (the history before this kept nothing more)
  INSERT INTO member_active_days (day, user_id)
  SELECT DISTINCT (d AT TIME ZONE 'Europe/London')::date, user_id FROM sessions CROSS JOIN LATERAL (VALUES (created_at), (last_seen_at)) v(d)
  ON CONFLICT DO NOTHING;
END;
$$;
--> statement-breakpoint
SELECT analytics_rollups_rebuild();
--> statement-breakpoint
CREATE TRIGGER analytics_leads_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_leads_track();
--> statement-breakpoint
CREATE TRIGGER analytics_leads_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_leads_track();
--> statement-breakpoint
CREATE TRIGGER analytics_leads_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_leads_track();
--> statement-breakpoint
-- A member is active on a London day when one of their sessions is used that day: a session's start, and its
-- last-seen time, which the server writes at most once a minute per session; only the first of a day adds a row.
CREATE FUNCTION member_active_days_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_active_days (day, user_id) VALUES ((NEW.last_seen_at AT TIME ZONE 'Europe/London')::date, NEW.user_id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_active_days_insert AFTER INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION member_active_days_touch();
--> statement-breakpoint
CREATE TRIGGER member_active_days_update AFTER UPDATE OF last_seen_at ON sessions FOR EACH ROW
  WHEN ((OLD.last_seen_at AT TIME ZONE 'Europe/London')::date IS DISTINCT FROM (NEW.last_seen_at AT TIME ZONE 'Europe/London')::date)
  EXECUTE FUNCTION member_active_days_touch();
--> statement-breakpoint
-- the planner's statistics for the tables just filled, so the first reads after an upgrade are planned on them
ANALYZE analytics_lead_days, analytics_funnel_days, analytics_close_days, analytics_stage_stays, analytics_partner_days, member_active_days;

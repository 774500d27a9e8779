CREATE TABLE "ceo_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hall_of_fame_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"value_pence" bigint NOT NULL,
	"holder" text,
	"achieved_in" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "hall_of_fame_records_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "partner_period_stats" (
	"partner_id" uuid NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"leads_submitted" integer DEFAULT 0 NOT NULL,
	"leads_won" integer DEFAULT 0 NOT NULL,
	"commission_pence" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "partner_period_stats_partner_id_period_period_start_pk" PRIMARY KEY("partner_id","period","period_start")
);
--> statement-breakpoint
ALTER TABLE "user_onboarding" ADD COLUMN "seen_intros" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ceo_messages" ADD CONSTRAINT "ceo_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hall_of_fame_records" ADD CONSTRAINT "hall_of_fame_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_period_stats" ADD CONSTRAINT "partner_period_stats_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ceo_messages_sender_idx" ON "ceo_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_period_stats_rank_idx" ON "partner_period_stats" USING btree ("period","period_start","commission_pence" DESC NULLS LAST,"leads_won" DESC NULLS LAST,"leads_submitted" DESC NULLS LAST,"partner_id");--> statement-breakpoint
CREATE INDEX "community_posts_feed_idx" ON "community_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_posts_category_feed_idx" ON "community_posts" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_posts_author_idx" ON "community_posts" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "skill_endorsements_endorsee_skill_idx" ON "skill_endorsements" USING btree ("endorsee_id","skill_name","created_at");--> statement-breakpoint
CREATE INDEX "skill_endorsements_endorser_idx" ON "skill_endorsements" USING btree ("endorser_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_transactions_once_key" ON "point_transactions" USING btree ("user_id","activity_type","reference_id") WHERE "point_transactions"."reference_id" is not null;--> statement-breakpoint
CREATE INDEX "user_achievements_recent_idx" ON "user_achievements" USING btree ("unlocked_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "user_achievements_achievement_idx" ON "user_achievements" USING btree ("achievement_id");--> statement-breakpoint
-- The leaderboard's per-partner figures (partner_period_stats) follow leads and commissions in the same
-- transaction as the change. Statement-level triggers with transition tables: a bulk insert makes one upsert per
-- partner and period, and rows are upserted in key order so concurrent statements cannot deadlock.
-- Periods are London's calendar month, quarter and year, plus 'all' (start 1970-01-01). A referral counts in the
-- period it was submitted; a deal won and its commission count in the period it was won (the commission's date:
-- every won deal has one commission that is not cancelled), so a deal referred in May and won in June is June's.
CREATE FUNCTION partner_periods(at timestamptz) RETURNS TABLE(period text, start date) LANGUAGE sql STABLE AS $$
  SELECT 'month', date_trunc('month', at AT TIME ZONE 'Europe/London')::date
  UNION ALL SELECT 'quarter', date_trunc('quarter', at AT TIME ZONE 'Europe/London')::date
  UNION ALL SELECT 'year', date_trunc('year', at AT TIME ZONE 'Europe/London')::date
  UNION ALL SELECT 'all', date '1970-01-01'
$$;
--> statement-breakpoint
CREATE FUNCTION partner_period_stats_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT submitter_id AS partner_id, created_at AS at, 1 AS ds, 0 AS dw, 0::bigint AS dp FROM new_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT submitter_id AS partner_id, created_at AS at, -1 AS ds, 0 AS dw, 0::bigint AS dp FROM old_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  ELSE
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT submitter_id AS partner_id, created_at AS at, -1 AS ds, 0 AS dw, 0::bigint AS dp FROM old_rows UNION ALL SELECT submitter_id AS partner_id, created_at AS at, 1 AS ds, 0 AS dw, 0::bigint AS dp FROM new_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION partner_period_stats_commissions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT partner_id, created_at AS at, 0 AS ds, (status <> 'cancelled')::int AS dw, (CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM new_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT partner_id, created_at AS at, 0 AS ds, -((status <> 'cancelled')::int) AS dw, -(CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM old_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  ELSE
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT partner_id, created_at AS at, 0 AS ds, -((status <> 'cancelled')::int) AS dw, -(CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM old_rows UNION ALL SELECT partner_id, created_at AS at, 0 AS ds, (status <> 'cancelled')::int AS dw, (CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM new_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Recomputes every partner's figures from leads and commissions (after a bulk load made with the triggers off).
CREATE FUNCTION partner_period_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM partner_period_stats;
  INSERT INTO partner_period_stats (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
  SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
  FROM (
    SELECT submitter_id AS partner_id, created_at AS at, 1 AS ds, 0 AS dw, 0::bigint AS dp FROM leads
    UNION ALL
    SELECT partner_id, created_at, 0, 1, round(amount * 100)::bigint FROM commissions WHERE status <> 'cancelled'
  ) d CROSS JOIN LATERAL partner_periods(d.at) p
  GROUP BY 1, 2, 3;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_partner_stats_ins AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_period_stats_leads();
--> statement-breakpoint
CREATE TRIGGER leads_partner_stats_del AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_period_stats_leads();
--> statement-breakpoint
CREATE TRIGGER leads_partner_stats_upd AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_period_stats_leads();
--> statement-breakpoint
CREATE TRIGGER commissions_partner_stats_ins AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_period_stats_commissions();
--> statement-breakpoint
CREATE TRIGGER commissions_partner_stats_del AFTER DELETE ON commissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_period_stats_commissions();
--> statement-breakpoint
CREATE TRIGGER commissions_partner_stats_upd AFTER UPDATE ON commissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION partner_period_stats_commissions();
--> statement-breakpoint
SELECT partner_period_stats_rebuild();

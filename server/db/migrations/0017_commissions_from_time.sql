-- Commission from approved time: each commission row says what it was earned on (the closed-won estimate, an
-- approved sheet's gross profit, or an administrator's correction of one), the value the tiers were applied to,
-- and the London month whose tiers it belongs to (a sheet's is the month its week ends in, not the month it was
-- approved). A closed-won commission that gave way to time keeps the moment it did. Existing rows were all earned
-- on their lead's estimate in the month they were created.
ALTER TABLE "commissions" ADD COLUMN "kind" text DEFAULT 'closed_won' NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "timesheet_id" uuid;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "basis" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "month" date;--> statement-breakpoint
UPDATE "commissions" c SET "basis" = l."estimated_value", "month" = date_trunc('month', c."created_at" AT TIME ZONE 'Europe/London')::date FROM "leads" l WHERE l."id" = c."lead_id";--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "basis" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ALTER COLUMN "month" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "commissions" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_timesheet_id_timesheets_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."timesheets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissions_partner_month_idx" ON "commissions" USING btree ("partner_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "commissions_timesheet_time_key" ON "commissions" USING btree ("timesheet_id") WHERE "commissions"."kind" = 'time';--> statement-breakpoint
CREATE INDEX "commissions_timesheet_idx" ON "commissions" USING btree ("timesheet_id") WHERE "commissions"."timesheet_id" is not null;--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_kind_check" CHECK ("commissions"."kind" in ('closed_won', 'time', 'adjustment'));--> statement-breakpoint
ALTER TABLE "commissions" ADD CONSTRAINT "commissions_kind_sheet_check" CHECK (("commissions"."kind" = 'closed_won') = ("commissions"."timesheet_id" is null));--> statement-breakpoint
-- The leaderboard counts a deal won once: by its closed-won commission, also when that gave way to approved time;
-- commission from time and corrections adds to the money, not to the deals.
CREATE OR REPLACE FUNCTION partner_period_stats_commissions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT partner_id, created_at AS at, 0 AS ds, (kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int AS dw, (CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM new_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT partner_id, created_at AS at, 0 AS ds, -((kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int) AS dw, -(CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM old_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  ELSE
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT partner_id, created_at AS at, 0 AS ds, -((kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int) AS dw, -(CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM old_rows UNION ALL SELECT partner_id, created_at AS at, 0 AS ds, (kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int AS dw, (CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM new_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION partner_period_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM partner_period_stats;
  INSERT INTO partner_period_stats (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
  SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
  FROM (
    SELECT submitter_id AS partner_id, created_at AS at, 1 AS ds, 0 AS dw, 0::bigint AS dp FROM leads
    UNION ALL
    SELECT partner_id, created_at, 0, (kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int, (CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint
    FROM commissions WHERE status <> 'cancelled' OR (kind = 'closed_won' AND superseded_at IS NOT NULL)
  ) d CROSS JOIN LATERAL partner_periods(d.at) p
  GROUP BY 1, 2, 3;
END;
$$;
--> statement-breakpoint
-- A lead placed before this migration earns from its approved time from now on: its pending estimate gives way.
UPDATE "commissions" SET "status" = 'cancelled', "superseded_at" = now()
WHERE "kind" = 'closed_won' AND "status" = 'pending' AND "lead_id" IN (SELECT "lead_id" FROM "placements");

-- The leaderboard's figures of a period all describe the same deals: the leads referred in it, how many of them
-- were won and the commission they earned (so a row never shows more wins than referrals). A commission counts in
-- the periods of its lead's submission, copied onto the row when it is written, so the commissions of a deleted
-- lead (removed with it) still find their periods.
ALTER TABLE "commissions" ADD COLUMN "lead_submitted_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "commissions" c SET "lead_submitted_at" = l."created_at" FROM "leads" l WHERE l."id" = c."lead_id";
--> statement-breakpoint
CREATE FUNCTION commissions_lead_submitted_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT l.created_at INTO NEW.lead_submitted_at FROM leads l WHERE l.id = NEW.lead_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER commissions_lead_submitted_at BEFORE INSERT ON commissions FOR EACH ROW EXECUTE FUNCTION commissions_lead_submitted_at();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION partner_period_stats_commissions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT partner_id, lead_submitted_at AS at, 0 AS ds, (kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int AS dw, (CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM new_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT partner_id, lead_submitted_at AS at, 0 AS ds, -((kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int) AS dw, -(CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM old_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
    GROUP BY 1, 2, 3 HAVING sum(d.ds) <> 0 OR sum(d.dw) <> 0 OR sum(d.dp) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (partner_id, period, period_start) DO UPDATE SET leads_submitted = s.leads_submitted + EXCLUDED.leads_submitted,
      leads_won = s.leads_won + EXCLUDED.leads_won, commission_pence = s.commission_pence + EXCLUDED.commission_pence;
  ELSE
    INSERT INTO partner_period_stats AS s (partner_id, period, period_start, leads_submitted, leads_won, commission_pence)
    SELECT d.partner_id, p.period, p.start, sum(d.ds), sum(d.dw), sum(d.dp)
    FROM (SELECT partner_id, lead_submitted_at AS at, 0 AS ds, -((kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int) AS dw, -(CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM old_rows UNION ALL SELECT partner_id, lead_submitted_at AS at, 0 AS ds, (kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int AS dw, (CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint AS dp FROM new_rows) d CROSS JOIN LATERAL partner_periods(d.at) p
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
    SELECT partner_id, lead_submitted_at, 0, (kind = 'closed_won' AND (status <> 'cancelled' OR superseded_at IS NOT NULL))::int, (CASE WHEN status <> 'cancelled' THEN round(amount * 100) ELSE 0 END)::bigint
    FROM commissions WHERE status <> 'cancelled' OR (kind = 'closed_won' AND superseded_at IS NOT NULL)
  ) d CROSS JOIN LATERAL partner_periods(d.at) p
  GROUP BY 1, 2, 3;
END;
$$;
--> statement-breakpoint
SELECT partner_period_stats_rebuild();

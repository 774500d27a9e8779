-- Each partner's deals won and their value per London calendar year, kept from the per-day figures
-- (analytics_partner_days) by a row trigger, and ranked by an index: a partner's value in any period is at most the
-- sum of their values in the years it touches, which lets the top partners of a long period be found among the few
-- whose yearly value could reach the tenth best, instead of summing every partner's days.
CREATE TABLE "analytics_partner_years" (
  "year" smallint NOT NULL,
  "partner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "won" integer DEFAULT 0 NOT NULL,
  "won_pence" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "analytics_partner_years_pk" PRIMARY KEY ("year", "partner_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_partner_years_rank_idx" ON "analytics_partner_years" ("year", "won_pence" DESC) WHERE "won" > 0;
--> statement-breakpoint
CREATE INDEX "analytics_partner_years_partner_idx" ON "analytics_partner_years" ("partner_id");
--> statement-breakpoint
CREATE INDEX "analytics_partner_days_partner_day_idx" ON "analytics_partner_days" ("partner_id", "day") INCLUDE ("won", "won_pence");
--> statement-breakpoint
DROP INDEX "analytics_partner_days_partner_idx";
--> statement-breakpoint
CREATE FUNCTION analytics_partner_years_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE analytics_partner_years SET won = won - OLD.won, won_pence = won_pence - OLD.won_pence
    WHERE year = extract(year FROM OLD.day)::smallint AND partner_id = OLD.partner_id;
  ELSE
    INSERT INTO analytics_partner_years AS t (year, partner_id, won, won_pence)
    VALUES (extract(year FROM NEW.day)::smallint, NEW.partner_id,
      NEW.won - CASE WHEN TG_OP = 'UPDATE' THEN OLD.won ELSE 0 END, NEW.won_pence - CASE WHEN TG_OP = 'UPDATE' THEN OLD.won_pence ELSE 0 END)
    ON CONFLICT (year, partner_id) DO UPDATE SET won = t.won + EXCLUDED.won, won_pence = t.won_pence + EXCLUDED.won_pence;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The yearly figures from the per-day ones: what this migration runs once and the scale seed after loading.
CREATE FUNCTION analytics_partner_years_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_partner_years;
  INSERT INTO analytics_partner_years (year, partner_id, won, won_pence)
  SELECT extract(year FROM day)::smallint, partner_id, sum(won), sum(won_pence) FROM analytics_partner_days GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
SELECT analytics_partner_years_rebuild();
--> statement-breakpoint
CREATE TRIGGER analytics_partner_years_track AFTER INSERT OR UPDATE OR DELETE ON analytics_partner_days FOR EACH ROW EXECUTE FUNCTION analytics_partner_years_track();
--> statement-breakpoint
ANALYZE analytics_partner_years, analytics_partner_days;

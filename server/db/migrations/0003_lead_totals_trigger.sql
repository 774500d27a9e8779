-- Keeps lead_status_totals (count and value of leads per status) in step with the leads table.
-- Rows are always touched in status order, so two leads moving in opposite directions cannot deadlock.
CREATE OR REPLACE FUNCTION lead_status_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT s, dn, dv FROM (
      SELECT OLD.status AS s, -1 AS dn, -OLD.estimated_value AS dv WHERE TG_OP IN ('UPDATE', 'DELETE')
      UNION ALL
      SELECT NEW.status, 1, NEW.estimated_value WHERE TG_OP IN ('INSERT', 'UPDATE')
    ) c ORDER BY s
  LOOP
    INSERT INTO lead_status_totals (status, n, value) VALUES (change.s, change.dn, change.dv)
    ON CONFLICT (status) DO UPDATE SET n = lead_status_totals.n + EXCLUDED.n, value = lead_status_totals.value + EXCLUDED.value;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_status_totals_ins_del AFTER INSERT OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION lead_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER leads_status_totals_upd AFTER UPDATE OF status, estimated_value ON leads FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.estimated_value IS DISTINCT FROM NEW.estimated_value)
  EXECUTE FUNCTION lead_status_totals_apply();
--> statement-breakpoint
INSERT INTO lead_status_totals (status, n, value)
SELECT status, count(*), coalesce(sum(estimated_value), 0) FROM leads GROUP BY status
ON CONFLICT (status) DO UPDATE SET n = EXCLUDED.n, value = EXCLUDED.value;

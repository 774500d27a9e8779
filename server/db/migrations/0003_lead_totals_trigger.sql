-- Keeps lead_status_totals (count and value of leads per status) in step with the leads table.
-- Statement-level triggers with transition tables: one bulk insert of 200,000 leads makes one upsert per status,
-- not 200,000 updates of the same rows. Net changes are applied in status order, so two statements moving
-- leads in opposite directions cannot deadlock, and an update that changes no status touches no totals row.
CREATE OR REPLACE FUNCTION lead_status_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_status_totals (status, n, value)
    SELECT status, count(*), sum(estimated_value) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET n = lead_status_totals.n + EXCLUDED.n, value = lead_status_totals.value + EXCLUDED.value;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_status_totals (status, n, value)
    SELECT status, -count(*), -sum(estimated_value) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status) DO UPDATE SET n = lead_status_totals.n + EXCLUDED.n, value = lead_status_totals.value + EXCLUDED.value;
  ELSE
    INSERT INTO lead_status_totals (status, n, value)
    SELECT status, sum(dn), sum(dv) FROM (
      SELECT status, -1 AS dn, -estimated_value AS dv FROM old_rows
      UNION ALL
      SELECT status, 1, estimated_value FROM new_rows
    ) d GROUP BY status HAVING sum(dn) <> 0 OR sum(dv) <> 0 ORDER BY status
    ON CONFLICT (status) DO UPDATE SET n = lead_status_totals.n + EXCLUDED.n, value = lead_status_totals.value + EXCLUDED.value;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER leads_status_totals_ins AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER leads_status_totals_del AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER leads_status_totals_upd AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_status_totals_apply();
--> statement-breakpoint
INSERT INTO lead_status_totals (status, n, value)
SELECT status, count(*), coalesce(sum(estimated_value), 0) FROM leads GROUP BY status
ON CONFLICT (status) DO UPDATE SET n = EXCLUDED.n, value = EXCLUDED.value;

-- Keeps timesheet_status_totals (the number of sheets per status) in step with the timesheets table, so the
-- administrators' lists take their total from a few rows instead of counting every sheet. Statement-level
-- triggers with transition tables (a bulk insert makes one upsert per status); net changes applied in status
-- order within the writing backend's shard, so concurrent statements neither queue on one row nor deadlock; an
-- update that changes no status touches no totals row.
CREATE TABLE "timesheet_status_totals" (
	"status" varchar(20) NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "timesheet_status_totals_status_shard_pk" PRIMARY KEY("status","shard")
);
;--> statement-breakpoint
CREATE FUNCTION timesheet_status_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO timesheet_status_totals (status, shard, n)
    SELECT status, s, count(*) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = timesheet_status_totals.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO timesheet_status_totals (status, shard, n)
    SELECT status, s, -count(*) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = timesheet_status_totals.n + EXCLUDED.n;
  ELSE
    INSERT INTO timesheet_status_totals (status, shard, n)
    SELECT status, s, sum(dn) FROM (
      SELECT status, -1 AS dn FROM old_rows
      UNION ALL
      SELECT status, 1 FROM new_rows
    ) d GROUP BY status HAVING sum(dn) <> 0 ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = timesheet_status_totals.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timesheets_status_totals_ins AFTER INSERT ON timesheets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timesheet_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER timesheets_status_totals_del AFTER DELETE ON timesheets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION timesheet_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER timesheets_status_totals_upd AFTER UPDATE ON timesheets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION timesheet_status_totals_apply();
--> statement-breakpoint
INSERT INTO timesheet_status_totals (status, shard, n) SELECT status, 0, count(*) FROM timesheets GROUP BY status;

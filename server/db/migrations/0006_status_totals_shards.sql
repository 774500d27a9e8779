-- Concurrent status changes each updated the same per-status totals row and so waited for one another's
-- commit. Each status's totals are now spread over eight rows: the writing backend's process id picks the row,
-- so the transactions of different pooled connections update different rows; readers sum over the shards.
ALTER TABLE "lead_status_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_status_totals" DROP CONSTRAINT "lead_status_totals_pkey";--> statement-breakpoint
ALTER TABLE "lead_status_totals" ADD CONSTRAINT "lead_status_totals_status_shard_pk" PRIMARY KEY("status","shard");--> statement-breakpoint
-- Net changes are still applied in status order within one shard, so two statements moving leads in opposite
-- directions cannot deadlock.
CREATE OR REPLACE FUNCTION lead_status_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_status_totals (status, shard, n, value)
    SELECT status, s, count(*), sum(estimated_value) FROM new_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = lead_status_totals.n + EXCLUDED.n, value = lead_status_totals.value + EXCLUDED.value;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_status_totals (status, shard, n, value)
    SELECT status, s, -count(*), -sum(estimated_value) FROM old_rows GROUP BY status ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = lead_status_totals.n + EXCLUDED.n, value = lead_status_totals.value + EXCLUDED.value;
  ELSE
    INSERT INTO lead_status_totals (status, shard, n, value)
    SELECT status, s, sum(dn), sum(dv) FROM (
      SELECT status, -1 AS dn, -estimated_value AS dv FROM old_rows
      UNION ALL
      SELECT status, 1, estimated_value FROM new_rows
    ) d GROUP BY status HAVING sum(dn) <> 0 OR sum(dv) <> 0 ORDER BY status
    ON CONFLICT (status, shard) DO UPDATE SET n = lead_status_totals.n + EXCLUDED.n, value = lead_status_totals.value + EXCLUDED.value;
  END IF;
  RETURN NULL;
END;
$$;

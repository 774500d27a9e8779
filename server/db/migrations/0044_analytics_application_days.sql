-- Applications received, approved and rejected per London day, kept by a statement trigger on member_applications
-- (its own creation time, and the member's decision times it carries since migration 0042), so the applications'
-- chart and counts read a row per day; only the median time to a decision reads the decisions themselves.
CREATE TABLE "analytics_application_days" (
  "day" date PRIMARY KEY,
  "received" integer DEFAULT 0 NOT NULL,
  "approved" integer DEFAULT 0 NOT NULL,
  "rejected" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TYPE analytics_application_fact AS (created_at timestamptz, approved_at timestamptz, rejected_at timestamptz, sign integer);
--> statement-breakpoint
CREATE FUNCTION analytics_applications_apply(facts analytics_application_fact[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_application_days AS t (day, received, approved, rejected)
  SELECT d.day, sum(d.r), sum(d.a), sum(d.j) FROM (
    SELECT (f.created_at AT TIME ZONE 'Europe/London')::date AS day, f.sign AS r, 0 AS a, 0 AS j FROM unnest(facts) f
    UNION ALL
    SELECT (f.approved_at AT TIME ZONE 'Europe/London')::date, 0, f.sign, 0 FROM unnest(facts) f WHERE f.approved_at IS NOT NULL
    UNION ALL
    SELECT (f.rejected_at AT TIME ZONE 'Europe/London')::date, 0, 0, f.sign FROM unnest(facts) f WHERE f.rejected_at IS NOT NULL
  ) d GROUP BY d.day HAVING sum(d.r) <> 0 OR sum(d.a) <> 0 OR sum(d.j) <> 0 ORDER BY d.day
  ON CONFLICT (day) DO UPDATE SET received = t.received + EXCLUDED.received, approved = t.approved + EXCLUDED.approved,
    rejected = t.rejected + EXCLUDED.rejected;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_applications_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_applications_apply(array(SELECT (n.created_at, n.approved_at, n.rejected_at, 1)::analytics_application_fact FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_applications_apply(array(SELECT (o.created_at, o.approved_at, o.rejected_at, -1)::analytics_application_fact FROM old_rows o));
  ELSE
    PERFORM analytics_applications_apply(array(
      SELECT x FROM (
        SELECT (o.created_at, o.approved_at, o.rejected_at, -1)::analytics_application_fact AS x FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.created_at, o.approved_at, o.rejected_at) IS DISTINCT FROM (n.created_at, n.approved_at, n.rejected_at)
        UNION ALL
        SELECT (n.created_at, n.approved_at, n.rejected_at, 1)::analytics_application_fact FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.created_at, o.approved_at, o.rejected_at) IS DISTINCT FROM (n.created_at, n.approved_at, n.rejected_at)
      ) c));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_application_days_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_application_days;
  INSERT INTO analytics_application_days (day, received, approved, rejected)
  SELECT day, sum(r), sum(a), sum(j) FROM (
    SELECT (created_at AT TIME ZONE 'Europe/London')::date AS day, 1 AS r, 0 AS a, 0 AS j FROM member_applications
    UNION ALL
    SELECT (approved_at AT TIME ZONE 'Europe/London')::date, 0, 1, 0 FROM member_applications WHERE approved_at IS NOT NULL
    UNION ALL
    SELECT (rejected_at AT TIME ZONE 'Europe/London')::date, 0, 0, 1 FROM member_applications WHERE rejected_at IS NOT NULL
  ) d GROUP BY 1;
END;
$$;
--> statement-breakpoint
SELECT analytics_application_days_rebuild();
--> statement-breakpoint
CREATE TRIGGER analytics_applications_insert AFTER INSERT ON member_applications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applications_track();
--> statement-breakpoint
CREATE TRIGGER analytics_applications_update AFTER UPDATE ON member_applications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applications_track();
--> statement-breakpoint
CREATE TRIGGER analytics_applications_delete AFTER DELETE ON member_applications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_applications_track();
--> statement-breakpoint
ANALYZE analytics_application_days;

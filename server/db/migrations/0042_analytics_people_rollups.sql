-- The community, membership and commission figures of the programme analytics, kept beside the rows in the
-- transaction of each change (as migration 0040 keeps the leads' figures), so a year of them is a few hundred rows
-- whatever the number of members, posts or commissions:
--   posts written, connections accepted (by the day asked) and endorsements given per London day;
--   the weeks (Monday to Sunday, London days) each member was active in, and how many members each week;
--   commission per month, kind and status (count and pence);
--   each application's decision times beside it, so the applications' figures read one narrow table.
CREATE TABLE "analytics_community_days" (
  "day" date PRIMARY KEY,
  "posts" integer DEFAULT 0 NOT NULL,
  "connections" integer DEFAULT 0 NOT NULL,
  "endorsements" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_active_weeks" (
  "week" date NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  CONSTRAINT "member_active_weeks_pk" PRIMARY KEY ("week", "user_id")
);
--> statement-breakpoint
CREATE INDEX "member_active_weeks_user_idx" ON "member_active_weeks" ("user_id");
--> statement-breakpoint
CREATE TABLE "analytics_active_weeks" (
  "week" date PRIMARY KEY,
  "members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_commission_months" (
  "month" date NOT NULL,
  "kind" text NOT NULL,
  "status" text NOT NULL,
  "commissions" integer DEFAULT 0 NOT NULL,
  "pence" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "analytics_commission_months_pk" PRIMARY KEY ("month", "kind", "status")
);
--> statement-breakpoint
ALTER TABLE "member_applications" ADD COLUMN "approved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "member_applications" ADD COLUMN "rejected_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "member_applications_approved_idx" ON "member_applications" ("approved_at") INCLUDE ("created_at") WHERE "approved_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "member_applications_rejected_idx" ON "member_applications" ("rejected_at") INCLUDE ("created_at") WHERE "rejected_at" IS NOT NULL;
--> statement-breakpoint
CREATE TYPE analytics_day_delta AS (day date, n integer);
--> statement-breakpoint
-- Adds each day's change of one figure (posts, connections or endorsements); days netting to nothing are not written.
CREATE FUNCTION analytics_community_apply(what text, deltas analytics_day_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_community_days AS t (day, posts, connections, endorsements)
  SELECT d.day, CASE WHEN what = 'posts' THEN sum(d.n) ELSE 0 END, CASE WHEN what = 'connections' THEN sum(d.n) ELSE 0 END,
    CASE WHEN what = 'endorsements' THEN sum(d.n) ELSE 0 END
  FROM unnest(deltas) d GROUP BY d.day HAVING sum(d.n) <> 0 ORDER BY d.day
  ON CONFLICT (day) DO UPDATE SET posts = t.posts + EXCLUDED.posts, connections = t.connections + EXCLUDED.connections,
    endorsements = t.endorsements + EXCLUDED.endorsements;
END;
$$;
--> statement-breakpoint
-- Posts and endorsements: every row counts on the London day it was written (TG_ARGV[0] names the figure).
CREATE FUNCTION analytics_community_rows_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_community_apply(TG_ARGV[0], array(SELECT ((n.created_at AT TIME ZONE 'Europe/London')::date, 1)::analytics_day_delta FROM new_rows n));
  ELSE
    PERFORM analytics_community_apply(TG_ARGV[0], array(SELECT ((o.created_at AT TIME ZONE 'Europe/London')::date, -1)::analytics_day_delta FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Connections: an accepted one counts on the day it was asked (a connection keeps no acceptance time).
CREATE FUNCTION analytics_connections_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_community_apply('connections', array(
      SELECT ((n.created_at AT TIME ZONE 'Europe/London')::date, 1)::analytics_day_delta FROM new_rows n WHERE n.status = 'accepted'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_community_apply('connections', array(
      SELECT ((o.created_at AT TIME ZONE 'Europe/London')::date, -1)::analytics_day_delta FROM old_rows o WHERE o.status = 'accepted'));
  ELSE
    PERFORM analytics_community_apply('connections', array(
      SELECT ((o.created_at AT TIME ZONE 'Europe/London')::date, -1)::analytics_day_delta FROM old_rows o WHERE o.status = 'accepted'
      UNION ALL
      SELECT ((n.created_at AT TIME ZONE 'Europe/London')::date, 1)::analytics_day_delta FROM new_rows n WHERE n.status = 'accepted'));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A member's active days give their active weeks: a week is added with its first day, and removed with its last
-- (an erasure deletes the days); each week's count of members follows its rows.
CREATE FUNCTION member_active_weeks_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_active_weeks (week, user_id)
    SELECT DISTINCT date_trunc('week', n.day::timestamp)::date, n.user_id FROM new_rows n ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM member_active_weeks w
    USING (SELECT DISTINCT date_trunc('week', o.day::timestamp)::date AS week, o.user_id FROM old_rows o) g
    WHERE w.week = g.week AND w.user_id = g.user_id
      AND NOT EXISTS (SELECT 1 FROM member_active_days d WHERE d.user_id = g.user_id AND d.day BETWEEN g.week AND g.week + 6);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_active_weeks_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_active_weeks AS t (week, members) SELECT n.week, count(*) FROM new_rows n GROUP BY 1 ORDER BY 1
    ON CONFLICT (week) DO UPDATE SET members = t.members + EXCLUDED.members;
  ELSE
    UPDATE analytics_active_weeks t SET members = t.members - g.n FROM (SELECT o.week, count(*) AS n FROM old_rows o GROUP BY 1) g WHERE t.week = g.week;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TYPE analytics_commission_fact AS (month date, kind text, status text, amount numeric, sign integer);
--> statement-breakpoint
-- Commission per month, kind and status: the old rows' share out, the new rows' in (an update only for the rows
-- whose month, kind, status or amount changed); pence as the screens count them, each commission rounded.
CREATE FUNCTION analytics_commissions_apply(facts analytics_commission_fact[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_commission_months AS t (month, kind, status, commissions, pence)
  SELECT f.month, f.kind, f.status, sum(f.sign), sum(f.sign * round(f.amount * 100))::bigint FROM unnest(facts) f
  GROUP BY 1, 2, 3 HAVING sum(f.sign) <> 0 OR sum(f.sign * round(f.amount * 100)) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (month, kind, status) DO UPDATE SET commissions = t.commissions + EXCLUDED.commissions, pence = t.pence + EXCLUDED.pence;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_commissions_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_commissions_apply(array(SELECT (n.month, n.kind, n.status, n.amount, 1)::analytics_commission_fact FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM analytics_commissions_apply(array(SELECT (o.month, o.kind, o.status, o.amount, -1)::analytics_commission_fact FROM old_rows o));
  ELSE
    PERFORM analytics_commissions_apply(array(
      SELECT x FROM (
        SELECT (o.month, o.kind, o.status, o.amount, -1)::analytics_commission_fact AS x FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.month, o.kind, o.status, o.amount) IS DISTINCT FROM (n.month, n.kind, n.status, n.amount)
        UNION ALL
        SELECT (n.month, n.kind, n.status, n.amount, 1)::analytics_commission_fact FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.month, o.kind, o.status, o.amount) IS DISTINCT FROM (n.month, n.kind, n.status, n.amount)
      ) c));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An application carries its member's decision times: copied when it is written, and whenever they change.
CREATE FUNCTION member_applications_decisions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.approved_at, u.rejected_at INTO NEW.approved_at, NEW.rejected_at FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION users_decisions_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_applications SET approved_at = NEW.approved_at, rejected_at = NEW.rejected_at WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every figure above from the rows, in set-based statements: what this migration runs once and the scale seed runs
-- after loading with the triggers off.
CREATE FUNCTION analytics_people_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_community_days;
  INSERT INTO analytics_community_days (day, posts, connections, endorsements)
  SELECT day, sum(p), sum(c), sum(e) FROM (
    SELECT (created_at AT TIME ZONE 'Europe/London')::date AS day, 1 AS p, 0 AS c, 0 AS e FROM community_posts
    UNION ALL
    SELECT (created_at AT TIME ZONE 'Europe/London')::date, 0, 1, 0 FROM member_connections WHERE status = 'accepted'
    UNION ALL
    SELECT (created_at AT TIME ZONE 'Europe/London')::date, 0, 0, 1 FROM skill_endorsements
  ) d GROUP BY 1;

  DELETE FROM member_active_weeks;
  INSERT INTO member_active_weeks (week, user_id) SELECT DISTINCT date_trunc('week', day::timestamp)::date, user_id FROM member_active_days;
  DELETE FROM analytics_active_weeks;
  INSERT INTO analytics_active_weeks (week, members) SELECT week, count(*) FROM member_active_weeks GROUP BY 1;

  DELETE FROM analytics_commission_months;
  INSERT INTO analytics_commission_months (month, kind, status, commissions, pence)
  SELECT month, kind, status, count(*), sum(round(amount * 100))::bigint FROM commissions GROUP BY 1, 2, 3;

  UPDATE member_applications a SET approved_at = u.approved_at, rejected_at = u.rejected_at
  FROM users u WHERE u.id = a.user_id AND (a.approved_at, a.rejected_at) IS DISTINCT FROM (u.approved_at, u.rejected_at);
END;
$$;
--> statement-breakpoint
SELECT analytics_people_rebuild();
--> statement-breakpoint
CREATE TRIGGER analytics_posts_insert AFTER INSERT ON community_posts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_community_rows_track('posts');
--> statement-breakpoint
CREATE TRIGGER analytics_posts_delete AFTER DELETE ON community_posts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_community_rows_track('posts');
--> statement-breakpoint
CREATE TRIGGER analytics_endorsements_insert AFTER INSERT ON skill_endorsements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_community_rows_track('endorsements');
--> statement-breakpoint
CREATE TRIGGER analytics_endorsements_delete AFTER DELETE ON skill_endorsements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_community_rows_track('endorsements');
--> statement-breakpoint
CREATE TRIGGER analytics_connections_insert AFTER INSERT ON member_connections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_connections_track();
--> statement-breakpoint
CREATE TRIGGER analytics_connections_update AFTER UPDATE ON member_connections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_connections_track();
--> statement-breakpoint
CREATE TRIGGER analytics_connections_delete AFTER DELETE ON member_connections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_connections_track();
--> statement-breakpoint
CREATE TRIGGER member_active_weeks_insert AFTER INSERT ON member_active_days REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_active_weeks_track();
--> statement-breakpoint
CREATE TRIGGER member_active_weeks_delete AFTER DELETE ON member_active_days REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_active_weeks_track();
--> statement-breakpoint
CREATE TRIGGER analytics_active_weeks_insert AFTER INSERT ON member_active_weeks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_active_weeks_track();
--> statement-breakpoint
CREATE TRIGGER analytics_active_weeks_delete AFTER DELETE ON member_active_weeks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_active_weeks_track();
--> statement-breakpoint
CREATE TRIGGER analytics_commissions_insert AFTER INSERT ON commissions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_commissions_track();
--> statement-breakpoint
CREATE TRIGGER analytics_commissions_update AFTER UPDATE ON commissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_commissions_track();
--> statement-breakpoint
CREATE TRIGGER analytics_commissions_delete AFTER DELETE ON commissions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_commissions_track();
--> statement-breakpoint
CREATE TRIGGER member_applications_decisions BEFORE INSERT ON member_applications FOR EACH ROW EXECUTE FUNCTION member_applications_decisions();
--> statement-breakpoint
CREATE TRIGGER users_decisions_copy AFTER UPDATE OF approved_at, rejected_at ON users FOR EACH ROW
  WHEN ((OLD.approved_at, OLD.rejected_at) IS DISTINCT FROM (NEW.approved_at, NEW.rejected_at))
  EXECUTE FUNCTION users_decisions_copy();
--> statement-breakpoint
ANALYZE analytics_community_days, member_active_weeks, analytics_active_weeks, analytics_commission_months, member_applications;

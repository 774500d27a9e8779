import { sql, type SQL } from 'drizzle-orm';
import { LEAD_TYPES } from '../../../common/constants/leads.ts';
import { fromPence } from '../../../common/rules/money.ts';
import type { AnalyticsRange, ReferralAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsLeadDays, analyticsPartnerDays, analyticsPartnerYears, users } from '../../db/schema/index.ts';
import { bucketSql, bucketStarts, envelopeOf, int, periodOf, rows } from './range.ts';

/** At most this many partners and industries are ranked. */
const TOP = 10;

interface DayRow {
  period: string;
  lead_type: string;
  submitted: number;
  won: number;
  won_pence: number;
}

async function totals(db: Db, from: string, to: string) {
  const [t] = await rows<{ submitted: number; won: number; won_pence: number }>(
    db,
    sql`select coalesce(sum(submitted), 0)::int as submitted, coalesce(sum(won), 0)::int as won, coalesce(sum(won_pence), 0)::bigint as won_pence
      from ${analyticsLeadDays} where day between ${from}::date and ${to}::date`,
  );
  return { referrals: int(t?.submitted), won: int(t?.won), wonValue: fromPence(int(t?.won_pence)) };
}

type PartnerRow = { partner_id: string; name: string; won: number; won_pence: number };

/** Periods shorter than this sum their partners' days directly: a few weeks of days are few rows. */
const BOUND_FROM_DAYS = 93;

/**
 * The TOP partners among those summed in `sums` (partner_id, won, won_pence), in the screen's order. The sums are
 * made once, and only those tied with or above the TOP-th by value and deals are named and ordered, so a period's
 * many partners are never looked up by name.
 */
const ranked = (sums: SQL) => sql`with s as materialized (${sums}),
    cut as (select won_pence, won from s order by won_pence desc, won desc offset ${TOP - 1} limit 1)
  select s.partner_id, (select u.first_name || ' ' || u.last_name from ${users} u where u.id = s.partner_id) as name, s.won, s.won_pence
  from s where not exists (select 1 from cut) or (s.won_pence, s.won) >= (select won_pence, won from cut)
  order by s.won_pence desc, s.won desc, name, s.partner_id limit ${TOP}`;

/**
 * The partners with the most value won in London days `from`..`to` (then the most deals, then by name). A partner's
 * value in the period is at most the sum of their values in the calendar years it touches (`analytics_partner_years`),
 * so when the best few of each year hold ten who won in the period, the tenth of those (T) bounds the search: only a
 * partner with at least T / (years touched) in one of those years can reach it, and only those are summed from their
 * days. A short period, or one where fewer than ten of them won, sums every partner's days in it.
 */
async function topPartners(db: Db, from: string, to: string): Promise<PartnerRow[]> {
  const direct = () =>
    rows<PartnerRow>(
      db,
      ranked(sql`select partner_id, sum(won)::int as won, sum(won_pence)::bigint as won_pence from ${analyticsPartnerDays}
        where day between ${from}::date and ${to}::date group by partner_id having sum(won) > 0`),
    );
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  if (days < BOUND_FROM_DAYS) return direct();
  const [y0, y1] = [Number(from.slice(0, 4)), Number(to.slice(0, 4))];
  const inPeriod = (ids: SQL) => sql`select d.partner_id, sum(d.won)::int as won, sum(d.won_pence)::bigint as won_pence
    from ${analyticsPartnerDays} d where d.partner_id in (${ids}) and d.day between ${from}::date and ${to}::date
    group by d.partner_id having sum(d.won) > 0`;
  const [cut] = await rows<{ won_pence: number }>(
    db,
    sql`select s.won_pence from (${inPeriod(sql`select t.partner_id from generate_series(${y0}::int, ${y1}::int) y(n) cross join lateral (
          select py.partner_id from ${analyticsPartnerYears} py where py.year = y.n and py.won > 0 order by py.won_pence desc limit ${TOP}) t`)}) s
      order by s.won_pence desc offset ${TOP - 1} limit 1`,
  );
  if (!cut || int(cut.won_pence) <= 0) return direct();
  const threshold = int(cut.won_pence);
  return rows<PartnerRow>(
    db,
    ranked(
      sql`select * from (${inPeriod(sql`select py.partner_id from ${analyticsPartnerYears} py
        where py.year between ${y0} and ${y1} and py.won > 0 and py.won_pence * ${y1 - y0 + 1} >= ${threshold}`)}) c where c.won_pence >= ${threshold}`,
    ),
  );
}

/**
 * Referrals read from the per-day lead figures: submitted by the day submitted, won by the day closed, per
 * bucket and lead type; the previous period's totals; the partners and industries with the most value won.
 */
export async function referralAnalytics(db: Db, range: AnalyticsRange): Promise<ReferralAnalytics> {
  const p = periodOf(range);
  const [days, previous, partners, industries] = await Promise.all([
    rows<DayRow>(
      db,
      sql`select ${bucketSql(sql`day`, p.bucket)} as period, lead_type, sum(submitted)::int as submitted, sum(won)::int as won, sum(won_pence)::bigint as won_pence
        from ${analyticsLeadDays} where day between ${p.from}::date and ${p.to}::date group by 1, 2`,
    ),
    totals(db, p.previousFrom, p.previousTo),
    topPartners(db, p.from, p.to),
    rows<{ industry: string; won: number; won_pence: number }>(
      db,
      sql`select industry, sum(won)::int as won, sum(won_pence)::bigint as won_pence from ${analyticsLeadDays}
        where day between ${p.from}::date and ${p.to}::date group by industry having sum(won) > 0
        order by 3 desc, 2 desc, 1 limit ${TOP}`,
    ),
  ]);
  const points = new Map(
    bucketStarts(p.from, p.to, p.bucket).map((period) => [period, { period, byType: {} as Record<string, number>, referrals: 0, won: 0, wonPence: 0 }]),
  );
  const present = new Set<string>();
  for (const r of days) {
    const point = points.get(r.period);
    if (!point) continue;
    const submitted = int(r.submitted);
    if (submitted) {
      point.byType[r.lead_type] = (point.byType[r.lead_type] ?? 0) + submitted;
      present.add(r.lead_type);
    }
    point.referrals += submitted;
    point.won += int(r.won);
    point.wonPence += int(r.won_pence);
  }
  const leadTypes = [
    ...(LEAD_TYPES as readonly string[]).filter((t) => present.has(t)),
    ...[...present].filter((t) => !(LEAD_TYPES as readonly string[]).includes(t)).sort(),
  ];
  const list = [...points.values()];
  const sum = (f: (x: (typeof list)[number]) => number) => list.reduce((a, x) => a + f(x), 0);
  return {
    ...envelopeOf(p),
    bucket: p.bucket,
    leadTypes,
    points: list.map((x) => ({
      period: x.period,
      byType: Object.fromEntries(leadTypes.map((t) => [t, x.byType[t] ?? 0])),
      referrals: x.referrals,
      won: x.won,
      wonValue: fromPence(x.wonPence),
    })),
    totals: { referrals: sum((x) => x.referrals), won: sum((x) => x.won), wonValue: fromPence(sum((x) => x.wonPence)) },
    previous,
    topPartners: partners.map((r) => ({ partnerId: r.partner_id, name: r.name, won: int(r.won), wonValue: fromPence(int(r.won_pence)) })),
    topIndustries: industries.map((r) => ({ industry: r.industry, won: int(r.won), wonValue: fromPence(int(r.won_pence)) })),
  };
}

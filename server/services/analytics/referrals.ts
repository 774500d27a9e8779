import { sql } from 'drizzle-orm';
import { LEAD_TYPES } from '../../../common/constants/leads.ts';
import { fromPence } from '../../../common/rules/money.ts';
import type { AnalyticsRange, ReferralAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsLeadDays, analyticsPartnerDays, users } from '../../db/schema/index.ts';
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
    rows<{ partner_id: string; name: string; won: number; won_pence: number }>(
      db,
      // the partners' sums are made once; only those tied with or above the TOP-th by value and count are named
      // and ordered, so a period's many partners are never joined to their names (half the time at 98,000)
      sql`with d as materialized (
          select partner_id, sum(won)::int as won, sum(won_pence)::bigint as won_pence from ${analyticsPartnerDays}
          where day between ${p.from}::date and ${p.to}::date group by partner_id having sum(won) > 0),
        cut as (select won_pence, won from d order by won_pence desc, won desc offset ${TOP - 1} limit 1)
        select d.partner_id, (select u.first_name || ' ' || u.last_name from ${users} u where u.id = d.partner_id) as name, d.won, d.won_pence
        from d where not exists (select 1 from cut) or (d.won_pence, d.won) >= (select won_pence, won from cut)
        order by d.won_pence desc, d.won desc, name, d.partner_id limit ${TOP}`,
    ),
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

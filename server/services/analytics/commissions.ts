import { sql } from 'drizzle-orm';
import { fromPence } from '../../../common/rules/money.ts';
import type { AnalyticsRange, CommissionAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsCommissionMonths } from '../../db/schema/index.ts';
import { minimumPayoutPence } from '../payout-claims.ts';
import { lastMonthEnd, payoutLineDecisions } from '../payout-runs.ts';
import { bucketStarts, envelopeOf, int, periodOf, rows } from './range.ts';

/**
 * Commission earned, as the Commission Tracker and the payout list count it: by the London month it belongs to
 * (`commissions.month`), every commission not cancelled (a superseded estimate is cancelled, so it is out);
 * closed deals (`closed_won`) apart from approved time (`time` and its `adjustment`s). A period counts the months
 * it touches, whole. Read from the per-month figures the commissions' triggers keep (migration 0042).
 */
async function monthsEarned(db: Db, from: string, to: string) {
  return rows<{ month: string; closed_won: number; time: number }>(
    db,
    sql`select month::text as month,
        coalesce(sum(pence) filter (where kind = 'closed_won'), 0)::bigint as closed_won,
        coalesce(sum(pence) filter (where kind <> 'closed_won'), 0)::bigint as time
      from ${analyticsCommissionMonths}
      where month between date_trunc('month', ${from}::date::timestamp)::date and ${to}::date and status <> 'cancelled'
      group by month`,
  );
}

function totalsOf(months: Array<{ closed_won: number; time: number }>) {
  const closedWon = months.reduce((a, m) => a + int(m.closed_won), 0);
  const time = months.reduce((a, m) => a + int(m.time), 0);
  return { earned: fromPence(closedWon + time), closedWon: fromPence(closedWon), time: fromPence(time) };
}

/** What a payout run drafted now (to the end of last London month) would pay: its payable lines, by the draft's own rule. */
export async function nextPayoutRun(db: Db, now: Date) {
  const periodEnd = lastMonthEnd(now);
  const minimumPence = await minimumPayoutPence(db);
  const [r] = await rows<{ partners: number; commissions: number; pence: number }>(
    db,
    sql`select count(*) filter (where state = 'payable')::int as partners, coalesce(sum(n) filter (where state = 'payable'), 0)::int as commissions,
        coalesce(sum(pence) filter (where state = 'payable'), 0)::bigint as pence
      from (${payoutLineDecisions(periodEnd, minimumPence, now, { named: false })}) d`,
  );
  return { periodEnd, partners: int(r?.partners), commissions: int(r?.commissions), amount: fromPence(int(r?.pence)) };
}

export async function commissionAnalytics(db: Db, range: AnalyticsRange, now: Date): Promise<CommissionAnalytics> {
  const p = periodOf(range);
  const [current, previous, pending, nextRun] = await Promise.all([
    monthsEarned(db, p.from, p.to),
    monthsEarned(db, p.previousFrom, p.previousTo),
    rows<{ month: string; pence: number; n: number }>(
      db,
      sql`select month::text as month, sum(pence)::bigint as pence, sum(commissions)::int as n
        from ${analyticsCommissionMonths} where status = 'pending' group by month having sum(commissions) > 0 order by month`,
    ),
    nextPayoutRun(db, now),
  ]);
  const byMonth = new Map(current.map((m) => [m.month, m]));
  const months = bucketStarts(p.from, p.to, 'month').map((month) => {
    const m = byMonth.get(month);
    const closedWon = int(m?.closed_won);
    const time = int(m?.time);
    return { month, closedWon: fromPence(closedWon), time: fromPence(time), total: fromPence(closedWon + time) };
  });
  const pendingTotal = pending.reduce((a, m) => a + int(m.pence), 0);
  return {
    ...envelopeOf(p),
    months,
    totals: totalsOf(current),
    previous: totalsOf(previous),
    liability: {
      pending: pending.map((m) => ({ month: m.month, amount: fromPence(int(m.pence)), count: int(m.n) })),
      pendingTotal: fromPence(pendingTotal),
      nextRun,
    },
  };
}

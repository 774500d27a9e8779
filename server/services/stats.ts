import { eq, sql, type SQL } from 'drizzle-orm';
import { tierPosition } from '../../common/rules/commission-tiers.ts';
import { fromPence, toPence } from '../../common/rules/money.ts';
import { weightedPipelinePence } from '../../common/rules/pipeline.ts';
import type { LeadStatus } from '../../common/constants/options.ts';
import { money } from '../presenters/wire.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { commissions, leadActivities, leadStatusTotals, leads } from '../db/schema/index.ts';
import { COMMISSION_TZ } from './commissions.ts';

const n = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);

/** Lead counts by status over the leads a query selects, in one SQL pass. */
const leadCountColumns = {
  total: n(sql`count(*)`),
  submitted: n(sql`count(*) filter (where ${leads.status} = 'submitted')`),
  reviewing: n(sql`count(*) filter (where ${leads.status} = 'reviewing')`),
  qualified: n(sql`count(*) filter (where ${leads.status} = 'qualified')`),
  inProgress: n(sql`count(*) filter (where ${leads.status} = 'in-progress')`),
  won: n(sql`count(*) filter (where ${leads.status} = 'closed-won')`),
  lost: n(sql`count(*) filter (where ${leads.status} = 'closed-lost')`),
};

async function leadCounts(db: Db, where: SQL | undefined) {
  const [row] = await db.select(leadCountColumns).from(leads).where(where);
  return row;
}

/** GET /api/dashboard-stats: the signed-in member's own referrals and earnings (pounds, 2 decimals), in one prepared statement. */
export async function dashboardStats(db: Db, userId: string) {
  const statement = prepared(db, 'dashboard_stats', () =>
    db
      .select({
        ...leadCountColumns,
        earned: sql<string>`(select coalesce(sum(c.amount), 0)::text from ${commissions} c where c.partner_id = ${sql.placeholder('userId')} and c.status <> 'cancelled')`,
      })
      .from(leads)
      .where(eq(leads.submitterId, sql.placeholder('userId'))),
  );
  const [counts] = await statement.execute({ userId });
  const earnedPence = toPence(counts.earned);
  return {
    totalReferrals: counts.total,
    totalCommissions: fromPence(earnedPence),
    avgCommissionPerLead: fromPence(counts.total ? Math.round(earnedPence / counts.total) : 0),
    conversionRate: counts.total ? counts.won / counts.total : 0,
    pipeline: { submitted: counts.submitted, reviewing: counts.reviewing, qualified: counts.qualified, inProgress: counts.inProgress, closed: counts.won },
  };
}

/** GET /api/analytics/dashboard: a partner's own figures, the whole organisation's for admins. */
export async function dashboardAnalytics(db: Db, scope: SQL, everyLead: boolean) {
  if (everyLead) return organisationAnalytics(db);
  const c = await leadCounts(db, scope);
  const [value] = await db
    .select({
      pipelineValue: sql<string>`coalesce(sum(${leads.estimatedValue}) filter (where ${leads.status} not in ('closed-won', 'closed-lost')), 0)::text`,
      wonValue: sql<string>`coalesce(sum(${leads.estimatedValue}) filter (where ${leads.status} = 'closed-won'), 0)::text`,
    })
    .from(leads)
    .where(scope);
  return {
    totalLeads: c.total,
    conversionRate: c.total ? c.won / c.total : 0,
    byStatus: { submitted: c.submitted, reviewing: c.reviewing, qualified: c.qualified, 'in-progress': c.inProgress, 'closed-won': c.won, 'closed-lost': c.lost },
    openPipelineValue: money(value.pipelineValue),
    closedWonValue: money(value.wonValue),
    ...(await valueByStatus(db, scope)),
  };
}

/** Pounds of estimated value per status over the leads in scope (for the weighted pipeline value). */
async function valueByStatus(db: Db, scope: SQL | undefined) {
  const rows = await db
    .select({ status: leads.status, value: sql<string>`coalesce(sum(${leads.estimatedValue}), 0)::text` })
    .from(leads)
    .where(scope)
    .groupBy(leads.status);
  return { valueByStatus: Object.fromEntries(rows.map((r) => [r.status, money(r.value)])), weightedPipelineValue: weighted(rows) };
}

/** The weighted pipeline value of per-status sums, by the shared rule. */
function weighted(rows: Array<{ status: string; value: string }>) {
  return fromPence(weightedPipelinePence(rows.map((r) => ({ status: r.status as LeadStatus, valuePence: toPence(r.value) }))));
}

/**
 * The Commission Tracker's figures, all from real data: totals by status, this month's closed-won value and
 * tier, days from submission to closed-won, win rate over decided leads, average deal size, leads and closes
 * this month, and the change in commission against last month.
 */
export async function commissionSummary(db: Db, userId: string, now: Date) {
  const nowText = now.toISOString();
  const month = (col: SQL | typeof commissions.createdAt, offset: number) =>
    sql`date_trunc('month', ${col} at time zone ${COMMISSION_TZ}) = date_trunc('month', (${nowText}::timestamptz at time zone ${COMMISSION_TZ}) - make_interval(months => ${offset}))`;
  // a commission's month is the London month whose tiers it belongs to (a sheet's: the month its week ends in)
  const commissionMonth = (offset: number) =>
    sql`${commissions.month} = date_trunc('month', (${nowText}::timestamptz at time zone ${COMMISSION_TZ}) - make_interval(months => ${offset}))::date`;
  const [sums] = await db
    .select({
      total: sql<string>`coalesce(sum(${commissions.amount}) filter (where ${commissions.status} <> 'cancelled'), 0)::text`,
      pending: sql<string>`coalesce(sum(${commissions.amount}) filter (where ${commissions.status} = 'pending'), 0)::text`,
      paid: sql<string>`coalesce(sum(${commissions.amount}) filter (where ${commissions.status} = 'paid'), 0)::text`,
      thisMonth: sql<string>`coalesce(sum(${commissions.amount}) filter (where ${commissions.status} <> 'cancelled' and ${commissionMonth(0)}), 0)::text`,
      lastMonth: sql<string>`coalesce(sum(${commissions.amount}) filter (where ${commissions.status} <> 'cancelled' and ${commissionMonth(1)}), 0)::text`,
      // the tiers' basis: closed-won estimates and approved gross profit
      wonValueThisMonth: sql<string>`coalesce(sum(${commissions.basis}) filter (where ${commissions.status} <> 'cancelled' and ${commissionMonth(0)}), 0)::text`,
      closesThisMonth: n(
        sql`count(*) filter (where ${commissions.kind} = 'closed_won' and (${commissions.status} <> 'cancelled' or ${commissions.supersededAt} is not null) and ${commissionMonth(0)})`,
      ),
    })
    .from(commissions)
    .where(eq(commissions.partnerId, userId));
  const [leadFigures] = await db
    .select({
      won: n(sql`count(*) filter (where ${leads.status} = 'closed-won')`),
      lost: n(sql`count(*) filter (where ${leads.status} = 'closed-lost')`),
      avgDeal: sql<string>`coalesce(round(avg(${leads.estimatedValue}) filter (where ${leads.status} = 'closed-won'), 2), 0)::text`,
      leadsThisMonth: n(sql`count(*) filter (where ${month(sql`${leads.createdAt}`, 0)})`),
      // every column named with its alias: bare names inside a subquery of a single-table select bind to the nearest table
      avgDaysToClose: sql<number | null>`(
        select avg(extract(epoch from (a.created_at - l2.created_at)) / 86400)
        from ${leads} l2
        join lateral (
          select max(la.created_at) as created_at from ${leadActivities} la
          where la.lead_id = l2.id and la.to_status = 'closed-won'
        ) a on a.created_at is not null
        where l2.submitter_id = ${userId} and l2.status = 'closed-won'
      )`.mapWith((v) => (v == null ? null : Number(v))),
    })
    .from(leads)
    .where(eq(leads.submitterId, userId));
  const wonValuePence = toPence(sums.wonValueThisMonth);
  const decided = leadFigures.won + leadFigures.lost;
  return {
    totalEarned: money(sums.total),
    pendingAmount: money(sums.pending),
    paidAmount: money(sums.paid),
    thisMonthCommission: money(sums.thisMonth),
    commissionChange: fromPence(toPence(sums.thisMonth) - toPence(sums.lastMonth)),
    closedWonValueThisMonth: fromPence(wonValuePence),
    tier: presentTier(wonValuePence),
    avgDaysToClose: leadFigures.avgDaysToClose == null ? null : Math.round(leadFigures.avgDaysToClose),
    winRate: decided ? leadFigures.won / decided : null,
    avgDealSize: money(leadFigures.avgDeal),
    leadsThisMonth: leadFigures.leadsThisMonth,
    closesThisMonth: sums.closesThisMonth,
  };
}

/** The tier in pounds for the screen: current percent, next percent and how much more closed business reaches it. */
function presentTier(monthPence: number) {
  const t = tierPosition(monthPence);
  return { label: t.label, percent: t.percent, nextPercent: t.nextPercent, toNext: t.toNextPence == null ? null : fromPence(t.toNextPence) };
}

/** The organisation's figures from the trigger-kept per-status totals: six rows, however many leads. */
async function organisationAnalytics(db: Db) {
  // each status's totals are spread over a few shard rows: summed here
  const rows = await db
    .select({ status: leadStatusTotals.status, n: sql<number>`sum(${leadStatusTotals.n})`.mapWith(Number), value: sql<string>`sum(${leadStatusTotals.value})::text` })
    .from(leadStatusTotals)
    .groupBy(leadStatusTotals.status);
  const by = (status: string) => rows.find((r) => r.status === status);
  const count = (status: string) => by(status)?.n ?? 0;
  const total = rows.reduce((s, r) => s + r.n, 0);
  const openPence = rows.filter((r) => r.status !== 'closed-won' && r.status !== 'closed-lost').reduce((s, r) => s + toPence(r.value), 0);
  return {
    totalLeads: total,
    conversionRate: total ? count('closed-won') / total : 0,
    byStatus: {
      submitted: count('submitted'),
      reviewing: count('reviewing'),
      qualified: count('qualified'),
      'in-progress': count('in-progress'),
      'closed-won': count('closed-won'),
      'closed-lost': count('closed-lost'),
    },
    openPipelineValue: fromPence(openPence),
    closedWonValue: money(by('closed-won')?.value ?? '0'),
    valueByStatus: Object.fromEntries(rows.map((r) => [r.status, money(r.value)])),
    weightedPipelineValue: weighted(rows.map((r) => ({ status: r.status, value: r.value ?? '0' }))),
  };
}

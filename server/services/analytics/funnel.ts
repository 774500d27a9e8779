import { sql } from 'drizzle-orm';
import type { LeadStatus } from '../../../common/constants/options.ts';
import { FUNNEL_STAGES, type AnalyticsRange, type FunnelAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { analyticsCloseDays, analyticsFunnelDays, analyticsStageStays } from '../../db/schema/index.ts';
import { dayCount, envelopeOf, int, periodOf, ratio, rows } from './range.ts';

/** The time-to-close buckets in whole days, as `analytics_close_bucket()` (migration 0040) numbers them 0..6. */
export const TIME_TO_CLOSE_BUCKETS: ReadonlyArray<{ label: string; minDays: number; maxDays: number | null }> = [
  { label: '0–7 days', minDays: 0, maxDays: 7 },
  { label: '8–14 days', minDays: 8, maxDays: 14 },
  { label: '15–30 days', minDays: 15, maxDays: 30 },
  { label: '31–60 days', minDays: 31, maxDays: 60 },
  { label: '61–90 days', minDays: 61, maxDays: 90 },
  { label: '91–180 days', minDays: 91, maxDays: 180 },
  { label: 'Over 180 days', minDays: 181, maxDays: null },
];

/** The stages a stay can end in before closing: the time spent in each is averaged over the stays that ended in the period. */
const STAY_STAGES: LeadStatus[] = ['submitted', 'reviewing', 'qualified', 'in-progress'];

async function cohort(db: Db, from: string, to: string) {
  const r = await rows<{ furthest_stage: number; lost: boolean; leads: number }>(
    db,
    sql`select furthest_stage, lost, sum(leads)::int as leads from ${analyticsFunnelDays}
      where day between ${from}::date and ${to}::date group by 1, 2`,
  );
  return r.map((x) => ({ stage: int(x.furthest_stage), lost: x.lost === true || String(x.lost) === 't', leads: int(x.leads) }));
}

function cohortTotals(c: Awaited<ReturnType<typeof cohort>>) {
  const submitted = c.reduce((a, x) => a + x.leads, 0);
  const won = c.filter((x) => x.stage === FUNNEL_STAGES.length && !x.lost).reduce((a, x) => a + x.leads, 0);
  const lost = c.filter((x) => x.lost).reduce((a, x) => a + x.leads, 0);
  return { submitted, won, lost, winRate: ratio(won, won + lost) };
}

/**
 * The median of the closes counted in the buckets: found in the bucket holding the middle close and placed within
 * it in proportion (the rollup keeps counts per bucket, not each close); in the open last bucket, its first day.
 */
export function bucketMedian(counts: number[]): number | null {
  const n = counts.reduce((a, x) => a + x, 0);
  if (!n) return null;
  const middle = n / 2;
  let before = 0;
  for (let i = 0; i < counts.length; i++) {
    const b = TIME_TO_CLOSE_BUCKETS[i];
    if (counts[i] && before + counts[i] >= middle) {
      if (b.maxDays === null) return b.minDays;
      const width = b.maxDays - b.minDays + 1;
      return Math.round((b.minDays + ((middle - before) / counts[i]) * width) * 10) / 10;
    }
    before += counts[i];
  }
  return null;
}

/**
 * The funnel of the leads submitted in the period (from the furthest stage each reached), how long the leads
 * closed in the period took, and the average stay in each stage over the stays that ended in the period.
 */
export async function funnelAnalytics(db: Db, range: AnalyticsRange): Promise<FunnelAnalytics> {
  const p = periodOf(range);
  const [current, previous, closes, stays] = await Promise.all([
    cohort(db, p.from, p.to),
    cohort(db, p.previousFrom, p.previousTo),
    rows<{ won: boolean | string; bucket: number; leads: number; seconds: number }>(
      db,
      sql`select won, bucket, sum(leads)::int as leads, sum(seconds)::bigint as seconds from ${analyticsCloseDays}
        where day between ${p.from}::date and ${p.to}::date group by 1, 2`,
    ),
    rows<{ stage: string; stays: number; seconds: number }>(
      db,
      sql`select stage, sum(stays)::int as stays, sum(seconds)::bigint as seconds from ${analyticsStageStays}
        where day between ${p.from}::date and ${p.to}::date group by 1`,
    ),
  ]);
  const reached = FUNNEL_STAGES.map((_, i) => current.filter((x) => x.stage >= i + 1).reduce((a, x) => a + x.leads, 0));
  const stages = FUNNEL_STAGES.map((stage, i) => ({
    stage,
    reached: reached[i],
    conversion: i + 1 < FUNNEL_STAGES.length ? ratio(reached[i + 1], reached[i]) : null,
    lost: current.filter((x) => x.lost && x.stage === i + 1).reduce((a, x) => a + x.leads, 0),
  }));
  const isWon = (v: boolean | string) => v === true || v === 't';
  const buckets = TIME_TO_CLOSE_BUCKETS.map((b, i) => {
    const inBucket = closes.filter((c) => int(c.bucket) === i);
    return {
      ...b,
      won: inBucket.filter((c) => isWon(c.won)).reduce((a, c) => a + int(c.leads), 0),
      lost: inBucket.filter((c) => !isWon(c.won)).reduce((a, c) => a + int(c.leads), 0),
    };
  });
  const closed = closes.reduce((a, c) => a + int(c.leads), 0);
  const seconds = closes.reduce((a, c) => a + int(c.seconds), 0);
  return {
    ...envelopeOf(p),
    stages,
    totals: cohortTotals(current),
    previous: cohortTotals(previous),
    timeToClose: { buckets, averageDays: dayCount(seconds, closed), medianDays: bucketMedian(buckets.map((b) => b.won + b.lost)) },
    stageDays: STAY_STAGES.map((stage) => {
      const s = stays.find((x) => x.stage === stage);
      return { stage, averageDays: dayCount(int(s?.seconds), int(s?.stays)), stays: int(s?.stays) };
    }),
  };
}

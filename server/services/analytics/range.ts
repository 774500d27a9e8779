import { sql, type SQL } from 'drizzle-orm';
import { WEEKLY_UP_TO_DAYS, type AnalyticsBucket, type AnalyticsRange } from '../../../common/schemas/analytics.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../payout-claims.ts';

/**
 * The period of an analytics request: London days `from`..`to` (both included), the period of the same length
 * ending the day before `from`, and how its series are cut.
 */
export interface Period {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  days: number;
  bucket: AnalyticsBucket;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => dayOf(msOf(day) + n * DAY_MS);

export function periodOf(range: AnalyticsRange): Period {
  const days = Math.round((msOf(range.to) - msOf(range.from)) / DAY_MS) + 1;
  const previousTo = addDays(range.from, -1);
  return { from: range.from, to: range.to, previousFrom: addDays(previousTo, -(days - 1)), previousTo, days, bucket: days <= WEEKLY_UP_TO_DAYS ? 'week' : 'month' };
}

export const envelopeOf = (p: Period) => ({ from: p.from, to: p.to, previousFrom: p.previousFrom, previousTo: p.previousTo });

/** The first day of the bucket (Monday of the week, or the first of the month) a day falls in. */
export function bucketStart(day: string, bucket: AnalyticsBucket): string {
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(msOf(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every bucket's first day from the one holding `from` to the one holding `to`, in order. */
export function bucketStarts(from: string, to: string, bucket: AnalyticsBucket): string[] {
  const out: string[] = [];
  let at = bucketStart(from, bucket);
  while (at <= to) {
    out.push(at);
    if (bucket === 'week') at = addDays(at, 7);
    else {
      const [y, m] = at.split('-').map(Number);
      at = dayOf(Date.UTC(y, m, 1));
    }
  }
  return out;
}

/** The SQL of a bucket's first day for a date column or expression. */
export const bucketSql = (day: SQL, bucket: AnalyticsBucket) => sql`date_trunc(${bucket}, ${day}::timestamp)::date::text`;

/** The instant a London day starts, for comparing timestamps with days. */
export const londonStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/London'`;

/** A timestamp column within London days `from`..`to`. */
export const withinDays = (col: SQL, from: string, to: string) => sql`${col} >= ${londonStart(from)} and ${col} < ${londonStart(addDays(to, 1))}`;

/** The London day of a timestamp column. */
export const londonDay = (col: SQL) => sql`(${col} at time zone 'Europe/London')::date`;

export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

export const int = (v: unknown) => Number(v ?? 0);
export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);
export const dayCount = (seconds: number, n: number) => (n > 0 ? Math.round((seconds / 86_400 / n) * 10) / 10 : null);

import { count, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The most matches a search's total counts: past it the heading shows "10,000+". */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * Past this many matches in the planner's estimate, the total is "10,000+" without counting. Counting even the
 * first 10,001 matches of a search that matches hundreds of thousands of rows can mean reading most of the table
 * (the planner expects the matches spread out and scans in storage order; where they sit together it reads far
 * more). The estimate comes from the trigram index statistics; four times the cap leaves room for its error.
 */
export const SEARCH_ESTIMATE_SURE = 4 * SEARCH_COUNT_CAP;

/** A list's total; `totalCapped` only when counting stopped at the cap. */
export interface CappedTotal {
  total: number;
  totalCapped?: true;
}

const capped: CappedTotal = { total: SEARCH_COUNT_CAP, totalCapped: true };

/** The rows of a raw query, whichever driver answered it. */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

/** The planner's estimate of how many rows a query answers (one planning step, nothing read). */
export async function estimatedRows(db: Db, query: PgSelect): Promise<number> {
  const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (format json) ${query.getSQL()}`));
  const plan = typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'];
  return Number((plan as [{ Plan: { 'Plan Rows': number } }])[0].Plan['Plan Rows']);
}

/**
 * The total of a search: the matches of `matches` (a select of the list's rows, any columns) counted up to one past
 * the cap, so a search matching most of a large table costs no more than 10,001 rows; a search the planner expects
 * to match far more than the cap is answered as capped without counting. Past the cap it answers
 * `{ total: SEARCH_COUNT_CAP, totalCapped: true }`.
 */
export async function cappedCount(db: Db, matches: PgSelect): Promise<CappedTotal> {
  if ((await estimatedRows(db, matches)) >= SEARCH_ESTIMATE_SURE) return capped;
  const [{ n }] = await db.select({ n: count() }).from(matches.limit(SEARCH_COUNT_CAP + 1).as('matches'));
  return n > SEARCH_COUNT_CAP ? capped : { total: n };
}

import { count, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The most matches a search's total counts: past it the heading shows "10,000+". */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * The most matches a member directory search counts: past it the heading shows "1,000+ members found". A search
 * of members matches a share of the membership (a common company word, a town), so its exact count grows with the
 * membership; people narrow a directory search rather than page past forty pages, and counting at most 1,001
 * matches keeps its cost the same at any size.
 */
export const MEMBER_SEARCH_COUNT_CAP = 1_000;

/**
 * Past four times a search's cap in the planner's estimate, its total is capped ("10,000+") without counting. Counting
 * even the first 10,001 matches of a search that matches hundreds of thousands of rows can mean reading most of the table
 * (the planner expects the matches spread out and scans in storage order; where they sit together it reads far
 * more). The estimate comes from the trigram index statistics; the factor of four leaves room for its error.
 */
export const estimateSure = (cap: number) => 4 * cap;

/** The estimate past which a search with the usual cap is not counted. */
export const SEARCH_ESTIMATE_SURE = estimateSure(SEARCH_COUNT_CAP);

/** A list's total; `totalCapped` only when counting stopped at the cap. */
export interface CappedTotal {
  total: number;
  totalCapped?: true;
}

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
 * `{ total: cap, totalCapped: true }` (the cap is 10,000 unless the list has its own).
 */
export async function cappedCount(db: Db, matches: PgSelect, cap = SEARCH_COUNT_CAP): Promise<CappedTotal> {
  const capped: CappedTotal = { total: cap, totalCapped: true };
  if ((await estimatedRows(db, matches)) >= estimateSure(cap)) return capped;
  const [{ n }] = await db.select({ n: count() }).from(matches.limit(cap + 1).as('matches'));
  return n > cap ? capped : { total: n };
}

import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The most matches a search's total counts: past it the heading shows "10,000+". */
export const SEARCH_COUNT_CAP = 10_000;

/** A list's total; `totalCapped` only when counting stopped at the cap. */
export interface CappedTotal {
  total: number;
  totalCapped?: true;
}

/**
 * The total of a search: the matches of `matches` (a select of the list's rows, any columns) counted up to one past
 * the cap, so a search matching most of a large table costs no more than 10,001 rows. Past the cap it answers
 * `{ total: SEARCH_COUNT_CAP, totalCapped: true }`.
 */
export async function cappedCount(db: Db, matches: PgSelect): Promise<CappedTotal> {
  const [{ n }] = await db.select({ n: count() }).from(matches.limit(SEARCH_COUNT_CAP + 1).as('matches'));
  return n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, totalCapped: true } : { total: n };
}

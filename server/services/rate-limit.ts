import { and, count, eq, gte, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';

/** One counter: at most `max` admitted attempts under `key` within `windowMs`. */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** An admitted attempt keeps its rows (their ids, to forget them on success); a refused one says how long to wait. */
export type Admission = { admitted: true; ids: string[] } | { admitted: false; retryAfter: number };

/**
 * Counts attempts in the database (the keyed event log `login_failures`, shared by every server instance) and
 * decides, before any expensive work, whether this one may go ahead; an admitted attempt is recorded at once.
 *
 * Check and record happen in one transaction holding an advisory lock per key (taken in key order, so two
 * attempts never wait on each other crosswise): attempts arriving at the same moment are decided one after the
 * other, each seeing the ones admitted before it, so no more than `max` are ever admitted in a window. A refused
 * attempt records nothing, so knocking on a closed limit does not keep it closed.
 */
export async function admitAttempt(db: Db, limits: Limit[], now: Date): Promise<Admission> {
  return db.transaction(async (tx) => {
    for (const key of limits.map((l) => l.key).sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    let wait = 0;
    for (const limit of limits) {
      const since = new Date(now.getTime() - limit.windowMs);
      const [row] = await tx
        .select({ n: count(), oldest: min(loginFailures.at) })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, limit.key), gte(loginFailures.at, since)));
      if (row && row.n >= limit.max && row.oldest) {
        const until = new Date(row.oldest).getTime() + limit.windowMs;
        wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000), 1);
      }
    }
    if (wait > 0) return { admitted: false as const, retryAfter: wait };
    const inserted = await tx
      .insert(loginFailures)
      .values(limits.map((l) => ({ key: l.key, at: now })))
      .returning({ id: loginFailures.id });
    return { admitted: true as const, ids: inserted.map((r) => r.id) };
  });
}

/** Removes the rows of one admitted attempt (a success that must not count as a failure). */
export async function forgetAttempt(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
}

/** Removes every attempt under a key (a successful sign-in clears its account's count). */
export async function clearKey(db: Db, key: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
}

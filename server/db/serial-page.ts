import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Runs one page of an export in a short transaction that keeps PostgreSQL from planning it with parallel workers.
 * A page is a thousand rows after a key, but the planner sees everything after that key and, on a large table,
 * starts workers for it: measured at two million leads, a commissions page took 44 ms with workers and 20 ms
 * without. Harmless where there are no workers to start (the embedded database).
 */
export function serialPage<P, R>(db: Db, read: (tx: Tx, page: P) => Promise<R>): (page: P) => Promise<R> {
  return (page) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
      return read(tx, page);
    });
}

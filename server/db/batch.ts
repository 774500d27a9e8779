import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Runs inserts that need nothing back as one statement (data-modifying WITH clauses): a timeline entry, a
 * notification and an audit row cost one round trip inside the transaction instead of three. They all see the
 * transaction's state as it was before the statement, so use it only for rows that do not read one another.
 */
export async function insertTogether(tx: Tx, inserts: Array<SQLWrapper | null | undefined>): Promise<void> {
  const parts = inserts.filter((q): q is SQLWrapper => !!q);
  if (parts.length === 0) return;
  const last = parts[parts.length - 1];
  const before = parts.slice(0, -1).map((q, i) => sql`${sql.identifier(`w${i}`)} as (${q.getSQL()})`);
  await tx.execute(before.length ? sql`with ${sql.join(before, sql`, `)} ${last.getSQL()}` : last.getSQL());
}

import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { run } from './scale-sql.ts';

/**
 * The tables the scale seed fills by the million. Their secondary indexes are dropped before the load and built
 * again after it: building an index over rows already there (sorted, in bulk) is many times faster than adding
 * millions of random keys to it one by one, above all the trigram and array indexes. Primary keys stay, and unique
 * indexes stay (statements rely on them to skip duplicates) except on the tables listed in UNIQUE_BY_CONSTRUCTION,
 * whose seeded rows are distinct by construction: rebuilding their unique indexes checks that they are.
 */
const BULK_TABLES = [
  'users',
  'leads',
  'lead_activities',
  'commissions',
  'community_posts',
  'post_comments',
  'point_transactions',
  'notifications',
  'chat_messages',
  'partner_period_stats',
];
const UNIQUE_BY_CONSTRUCTION = ['point_transactions'];

/** Drops the secondary indexes of the bulk tables and answers the statements that build them again. */
export async function dropBulkIndexes(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    select quote_ident(n.nspname) || '.' || quote_ident(ic.relname) as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_class ic on ic.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = any(${sql.raw(`array[${BULK_TABLES.map((t) => `'${t}'`).join(',')}]`)})
      and not i.indisprimary
      and (not i.indisunique or c.relname = any(${sql.raw(`array[${UNIQUE_BY_CONSTRUCTION.map((t) => `'${t}'`).join(',')}]`)}))
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname, ic.relname`)) as unknown as { rows: Array<{ name: string; def: string }> };
  for (const { name } of result.rows) await run(db, sql.raw(`drop index ${name}`));
  return result.rows.map((r) => r.def);
}

/** Builds the dropped indexes again, with room to sort in memory. */
export async function createBulkIndexes(db: Db, definitions: string[]): Promise<number> {
  await run(db, sql`set local maintenance_work_mem = '512MB'`);
  for (const def of definitions) await run(db, sql.raw(def));
  return definitions.length;
}

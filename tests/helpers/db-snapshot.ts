import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';

/**
 * A fingerprint of every application table (row count and a hash of the rows), to prove that a request changed
 * nothing. Sessions are left out by default: reading with a session may refresh its lastSeenAt.
 */
export async function snapshotTables(db: Db, except: string[] = ['sessions']): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    if (except.includes(name)) continue;
    const ident = sql.identifier(name);
    const [row] = rowsOf<{ n: string; h: string | null }>(
      await db.execute<{ n: string; h: string | null }>(sql`select count(*)::text as n, md5(string_agg(t::text, ',' order by t::text)) as h from ${ident} t`),
    );
    result[name] = `${row.n}:${row.h ?? ''}`;
  }
  return result;
}

/** node-postgres answers a result with rows, PGlite too; drizzle's execute types differ per driver. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * The scale seed's SQL helpers. Every row it writes that others refer to has an id made of its kind and its
 * number, shaped as a version-4 uuid (`0000000k-0000-4000-8000-<number in hex>`), so a row that refers to
 * "member 17" or "lead 40,000" computes that id by arithmetic instead of looking it up: no array of ids, no join to
 * find them. Ids of one kind ascend with their numbers, so a bulk insert appends to the primary key's index.
 */
export interface ScaleSize {
  members: number;
  leads: number;
  posts: number;
  pointTransactions: number;
}

/** A whole number written into the statement (every size is checked to be an integer first). */
export const n = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return sql.raw(String(value));
};

/** The kinds of row with a computed id; the position is written into the id. */
const KINDS = [
  'member',
  'bench',
  'lead',
  'benchlead',
  'event',
  'commission',
  'placement',
  'sheet',
  'mreq',
  'group',
  'direct',
  'activity',
  'move',
  'points',
  'post',
  'message',
  'notification',
  'comment',
] as const;

/** The id of row number `num` of a kind. */
export const uid = (kind: (typeof KINDS)[number], num: SQL) =>
  sql`(${sql.raw(`'${(KINDS.indexOf(kind) + 1).toString(16).padStart(8, '0')}-0000-4000-8000-'`)} || lpad(to_hex((${num})::bigint), 12, '0'))::uuid`;

/**
 * The id of an approved scale member, from a number 1..members: every fiftieth member is a pending applicant, so a
 * multiple of 50 is taken as the member before it.
 */
export const member = (num: SQL) => uid('member', sql`(case when (${num}) % 50 = 0 then (${num}) - 1 else (${num}) end)`);

/** A member number 1..members from any non-negative integer expression. */
export const memberNo = (expr: SQL, size: ScaleSize) => sql`(1 + (${expr}) % ${n(size.members)})`;

export const BENCH_PARTNER = uid('bench', sql`1`);
export const BENCH_ADMIN = uid('bench', sql`2`);

const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;
/** A literal text[] of constant values (the product's option lists). */
export const arr = (values: readonly string[]) => sql.raw(`array[${values.map(quote).join(',')}]::text[]`);
/** The value of a list at position `expr` (any non-negative integer), cycling. */
export const at = (values: readonly string[], expr: SQL) => sql`(${arr(values)})[1 + (${expr}) % ${n(values.length)}]`;
/** 1–3 distinct values of a list chosen by a number (a slice of it), as a text[]. */
export const sample = (values: readonly string[], seed: SQL) =>
  sql`(${arr(values)})[1 + (${seed}) % ${n(values.length - 2)} : 1 + (${seed}) % ${n(values.length - 2)} + (${seed}) / 7 % 3]`;

/** Runs one statement and answers how many rows it wrote. */
export async function run(db: Db, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** The first row of a query's answer (node-postgres and PGlite both answer `{ rows }`). */
export async function first<T>(db: Db, query: SQL): Promise<T | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

import { Column, sql, type SQL } from 'drizzle-orm';
import { type PageQuery, pageOffset } from '../../common/schemas/page.ts';
import { AppError } from '../../common/errors.ts';

/**
 * Keyset pagination: a list ordered by a unique key (say newest first by `(created_at, id)`) reads the page after
 * a row as "the next N rows whose key comes after that row's key", which an index on the key answers in the same
 * time on page 1 and page 2,000, and which neither skips nor repeats a row when rows are added or removed between
 * two requests. The position is handed to the client as an opaque cursor: the page's `nextCursor` goes back as
 * `after`, its `prevCursor` as `before`. A request with only a page number (a link written by hand, an old client)
 * still works: it is read by offset, the one case whose cost grows with the page number.
 *
 * Every part of a key must be non-null, and the whole key unique (end it with the primary key).
 */
export interface KeyPart {
  /** A column, or an SQL expression with its `type`. */
  expr: Column | SQL;
  /** The SQL type the cursor's value is cast to; a column's own type when left out. */
  type?: string;
  desc?: boolean;
}
export type KeyOrder = readonly KeyPart[];

/** Which way a page is read: from the start (or by offset), after a cursor, or before one. */
export type KeysetMode = 'first' | 'after' | 'before';

const sqlType = (part: KeyPart) => {
  if (part.type) return part.type;
  if (part.expr instanceof Column) return part.expr.getSQLType();
  throw new Error('a key part that is an SQL expression needs its type');
};

const invalidCursor = () => new AppError('validation_failed', 'Cursor is not valid', { issues: [{ path: 'after', message: 'Cursor is not valid' }] });

export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The key values a cursor carries, checked to be as many strings as the order has parts. */
export function decodeCursor(order: KeyOrder, cursor: string): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(values) || values.length !== order.length || !values.every((v) => typeof v === 'string' && v.length <= 200)) throw invalidCursor();
  return values as string[];
}

/**
 * The condition "comes after (or before) this key" in the list's order, for values or placeholders. When every
 * part runs the same way it is one row comparison, which PostgreSQL answers from a matching index.
 */
export function keysetCondition(order: KeyOrder, mode: Exclude<KeysetMode, 'first'>, values: readonly unknown[]): SQL {
  const after = mode === 'after';
  const op = (part: KeyPart) => sql.raw(!!part.desc === after ? '<' : '>');
  const value = (i: number) => sql`cast(${values[i]} as ${sql.raw(sqlType(order[i]))})`;
  if (order.every((p) => !!p.desc === !!order[0].desc)) {
    return sql`(${sql.join(
      order.map((p) => p.expr),
      sql`, `,
    )}) ${op(order[0])} (${sql.join(
      order.map((_, i) => value(i)),
      sql`, `,
    )})`;
  }
  // mixed directions: a < v0 or (a = v0 and (b > v1 or (…)))
  const from = (i: number): SQL =>
    i === order.length - 1
      ? sql`${order[i].expr} ${op(order[i])} ${value(i)}`
      : sql`(${order[i].expr} ${op(order[i])} ${value(i)} or (${order[i].expr} = ${value(i)} and ${from(i + 1)}))`;
  return from(0);
}

/** The ORDER BY of a page: the list's order, or its reverse for a page read backwards from a cursor. */
export function keysetOrderBy(order: KeyOrder, mode: KeysetMode): SQL[] {
  const reversed = mode === 'before';
  return order.map((p) => (!!p.desc !== reversed ? sql`${p.expr} desc` : sql`${p.expr} asc`));
}

/** The key of each row as text, selected alongside it so the cursor keeps full precision (microseconds). */
export function keysetColumns(order: KeyOrder): Record<string, SQL<string>> {
  return Object.fromEntries(order.map((p, i) => [`_k${i}`, sql<string>`${p.expr}::text`]));
}

/** How one page is to be read: filter, order, how many rows (one more than shown, to know whether more follow), offset. */
export interface KeysetPlan {
  mode: KeysetMode;
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** The cursor's key values (empty from the start). */
  values: string[];
}

export function keysetPlan(order: KeyOrder, q: PageQuery): KeysetPlan {
  const cursor = q.after ?? q.before;
  if (!cursor) return { mode: 'first', where: undefined, orderBy: keysetOrderBy(order, 'first'), limit: q.pageSize + 1, offset: pageOffset(q), values: [] };
  const mode = q.after ? 'after' : 'before';
  const values = decodeCursor(order, cursor);
  return { mode, where: keysetCondition(order, mode, values), orderBy: keysetOrderBy(order, mode), limit: q.pageSize + 1, offset: 0, values };
}

export interface KeysetPage<R> {
  rows: R[];
  /** The page number to show: the caller's, or 1 when reading backwards reached the start. */
  page: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

type Keyed = Record<string, unknown>;
const cursorOf = (row: Keyed, parts: number) => encodeCursor(Array.from({ length: parts }, (_, i) => String(row[`_k${i}`])));
const withoutKeys = <R extends Keyed>(row: R, parts: number): R => {
  const copy: Keyed = { ...row };
  for (let i = 0; i < parts; i++) delete copy[`_k${i}`];
  return copy as R;
};

/**
 * The key values of the row at `offset` in a list, read from the key alone (an index-only scan where an index
 * matches), for a page asked for by number; undefined past the end.
 */
export function keyAt(rows: { k: string[] }[]): string[] | undefined {
  return rows[0]?.k;
}

/** `array[key::text, …]`: a row's key as one text array, for `seek`. */
export function keysetArray(order: KeyOrder): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    order.map((p) => sql`${p.expr}::text`),
    sql`, `,
  )}]`;
}

/**
 * Reads one page through `read` (which runs the plan's filter, order, limit and offset together with the list's own
 * filters, and selects `keysetColumns(order)`), and answers its rows in the list's order with the cursors either
 * side. A page read backwards that reaches the start with fewer rows than a page is read again as the first page,
 * so "Previous" back to the start always shows a full page 1. With `seek`, a page asked for by number alone is
 * found from the key of the row before it, so its cost is one index walk to that row rather than reading every
 * row before it in full.
 */
export async function readKeysetPage<R extends Keyed>(
  order: KeyOrder,
  q: PageQuery,
  read: (plan: KeysetPlan) => Promise<R[]>,
  seek?: (offset: number) => Promise<string[] | undefined>,
): Promise<KeysetPage<R>> {
  let plan = keysetPlan(order, q);
  if (plan.mode === 'first' && plan.offset > 0 && seek) {
    // a page asked for by number: find the key of the row just before it (from the index alone), then read on from there
    const values = await seek(plan.offset - 1);
    if (!values) return { rows: [], page: q.page, nextCursor: null, prevCursor: null };
    plan = { ...plan, mode: 'after', where: keysetCondition(order, 'after', values), offset: 0, values };
  }
  let rows = await read(plan);
  const more = rows.length > q.pageSize;
  if (more) rows = rows.slice(0, q.pageSize);
  if (plan.mode === 'before') {
    if (!more) return readKeysetPage(order, { ...q, page: 1, after: undefined, before: undefined }, read);
    rows = rows.reverse();
  }
  const n = order.length;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const nextCursor = last && (plan.mode === 'before' || more) ? cursorOf(last, n) : null;
  const prevCursor = first && (plan.mode === 'after' || plan.mode === 'before' || q.page > 1) ? cursorOf(first, n) : null;
  return { rows: rows.map((r) => withoutKeys(r, n)), page: q.page, nextCursor, prevCursor };
}

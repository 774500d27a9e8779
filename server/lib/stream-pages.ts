import { Readable } from 'node:stream';
import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * Exports that are written while they are read. A query is read in keyset pages: ordered by a unique key (say
 * `(created_at, id)`), each page is "the next N rows whose key comes after the last row's key", which costs the same
 * on the first page and the last, and neither repeats nor loses a row when rows are added or removed between two
 * pages (OFFSET would shift them). Each row carries its key as text (`col::text`), so a timestamp keeps the
 * database's microseconds, and the next page compares against it cast back to the column's type.
 *
 * An export holds one page at a time: the caller turns each page into text and yields it, and the reply streams it
 * with backpressure (a slow reader pauses the reading; a reader going away destroys the stream, which ends the
 * generator through its `return`, so no further page is read). A failure after the first bytes cannot become an
 * error answer any more: Fastify logs it and cuts the connection, so the reader sees an incomplete download.
 */

/** One part of a stream's key: a column or expression, and the SQL type its text value is cast back to. */
export interface StreamKeyPart {
  expr: Column | SQL;
  type: string;
}

/** A unique order (its last part the primary key), every part the same way: ascending, or descending with `desc`. */
export interface StreamOrder {
  parts: readonly StreamKeyPart[];
  desc?: boolean;
  /**
   * `nulls last` in the ORDER BY, to match an index built so (the key's columns are never null, so the rows and
   * their order are the same either way; only the plan differs).
   */
  nullsLast?: boolean;
}

/** Rows per page of an export, unless the export says otherwise. */
export const STREAM_PAGE_SIZE = 1000;

/** The select field carrying a row's key as text, `array[a::text, b::text]`, which `keysetPages` reads as `key`. */
export function streamKey(order: StreamOrder): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    order.parts.map((p) => sql`${p.expr}::text`),
    sql`, `,
  )}]`;
}

/** The ORDER BY of every page. */
export function streamOrderBy(order: StreamOrder): SQL[] {
  const direction = sql.raw(`${order.desc ? 'desc' : 'asc'}${order.nullsLast ? ' nulls last' : ''}`);
  return order.parts.map((p) => sql`${p.expr} ${direction}`);
}

/** "Comes after this key" in the order: one row comparison, which an index on the key answers. */
export function streamAfter(order: StreamOrder, key: readonly string[]): SQL {
  if (key.length !== order.parts.length) throw new Error('a key has one value per part of the order');
  return sql`(${sql.join(
    order.parts.map((p) => p.expr),
    sql`, `,
  )}) ${sql.raw(order.desc ? '<' : '>')} (${sql.join(
    order.parts.map((p, i) => sql`cast(${key[i]} as ${sql.raw(p.type)})`),
    sql`, `,
  )})`;
}

/** What one page's query needs besides its own filters: the condition after the previous page, the order, the size. */
export interface StreamPage {
  /** Undefined on the first page. */
  after: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/**
 * The rows of a query a page at a time, in the order's key order. `read` runs one page: its filters and `after`,
 * ordered by `orderBy`, at most `limit` rows, and selects `key: streamKey(order)`. Ends after a short page.
 *
 * The next page is asked for as soon as a full page has arrived, before that page is handed on, so the database
 * reads page N + 1 while page N is turned into text and written (at most two pages are held). A read ahead of a
 * reader that went away is left to finish and its answer dropped.
 */
export async function* keysetPages<R extends { key: string[] }>(
  order: StreamOrder,
  read: (page: StreamPage) => Promise<R[]>,
  pageSize = STREAM_PAGE_SIZE,
): AsyncGenerator<R[], void, undefined> {
  const orderBy = streamOrderBy(order);
  let next: Promise<R[]> | undefined = read({ after: undefined, orderBy, limit: pageSize });
  try {
    while (next) {
      const rows: R[] = await next;
      next = rows.length < pageSize ? undefined : read({ after: streamAfter(order, rows[rows.length - 1].key), orderBy, limit: pageSize });
      if (rows.length) yield rows;
    }
  } finally {
    // the reader stopped early: nobody will await the page read ahead, so its failure must not go unhandled
    next?.catch(() => undefined);
  }
}

/** Each page turned into what the export writes (a page's rows presented, or joined with their details). */
export async function* mapPages<R, T>(pages: AsyncIterable<R[]>, map: (rows: R[]) => T[] | Promise<T[]>): AsyncGenerator<T[], void, undefined> {
  for await (const rows of pages) yield await map(rows);
}

/**
 * A CSV's text a page at a time: the header with the first page's lines, then one chunk per page. `header` and
 * `line` are whole CRLF-terminated lines (from `csvLine` in `./csv.ts`, so every cell stays formula-safe).
 */
export async function* csvPages<R>(header: string, pages: AsyncIterable<R[]>, line: (row: R) => string): AsyncGenerator<string, void, undefined> {
  let first = true;
  for await (const rows of pages) {
    const text = rows.map(line).join('');
    yield first ? header + text : text;
    first = false;
  }
  if (first) yield header;
}

/**
 * The same text as `JSON.stringify(array, null, 2)` of every page's items together, written a page at a time: an
 * export file of any length without the array in memory.
 */
export async function* jsonArrayPages(pages: AsyncIterable<readonly unknown[]>): AsyncGenerator<string, void, undefined> {
  let first = true;
  for await (const items of pages) {
    if (!items.length) continue;
    const text = items.map((item) => `  ${(JSON.stringify(item, null, 2) ?? 'null').replace(/\n/g, '\n  ')}`).join(',\n');
    yield first ? `[\n${text}` : `,\n${text}`;
    first = false;
  }
  yield first ? '[]' : '\n]';
}

/**
 * Runs a generator to its first chunk before the answer is sent, so a refusal or a database failure on the first
 * page is still an error answer rather than a cut-off file; the generator returned yields that chunk, then the rest.
 */
export async function primed<T>(chunks: AsyncGenerator<T, void, undefined>): Promise<AsyncGenerator<T, void, undefined>> {
  const head = await chunks.next();
  return (async function* () {
    if (head.done) return;
    try {
      yield head.value;
      yield* chunks;
    } finally {
      // the reader went away before the rest was asked for: end the source too
      await chunks.return();
    }
  })();
}

/**
 * A reply body streaming text chunks, as bytes with a 64 KiB high-water mark: what waits ahead of a slow reader is
 * bounded in bytes (about one page), not in chunks.
 */
export function textStream(chunks: AsyncIterable<string>): Readable {
  return Readable.from(chunks, { objectMode: false, highWaterMark: 64 * 1024 });
}

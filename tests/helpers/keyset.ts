import { expect } from 'vitest';
import { z } from 'zod';
import type { Client, Query } from './client.ts';

/** The part of a page answer these checks read: the rows' ids and the cursors either side. */
const pageShape = z.object({
  items: z.array(z.object({ id: z.string() }).loose()),
  total: z.number(),
  page: z.number(),
  nextCursor: z.string().nullable().optional(),
  prevCursor: z.string().nullable().optional(),
});
type PageShape = z.infer<typeof pageShape>;

export interface KeysetList {
  /** Who reads the list. */
  api: Client;
  path: string;
  /** The list's own filters, sent with every page. */
  query?: Query;
  pageSize: number;
  /** The largest page the list answers, when below 100 (the whole list is read as one page of this size). */
  maxPageSize?: number;
}

export const readPage = (list: KeysetList, more: Query = {}): Promise<PageShape> =>
  list.api.getOk(pageShape, list.path, { query: { ...list.query, pageSize: list.pageSize, ...more } });

/** Every page from the first, each reached with the previous page's `nextCursor`, as the screens page through. */
export async function walkPages(list: KeysetList): Promise<PageShape[]> {
  const pages = [await readPage(list)];
  for (let guard = 0; pages.at(-1)!.nextCursor; guard++) {
    if (guard > 1000) throw new Error(`${list.path}: more than 1,000 pages`);
    const previous = pages.at(-1)!;
    pages.push(await readPage(list, { page: previous.page + 1, after: previous.nextCursor! }));
  }
  return pages;
}

const ids = (page: PageShape) => page.items.map((i) => i.id);

/**
 * The paging promises of a keyset list, checked over what the list holds now (it needs at least three pages):
 * walking by cursor visits every row once, in the order of one big page; a page asked for by number alone equals
 * the same page walked to; `prevCursor` leads back to the page before; a nonsense cursor is a 400.
 */
export async function expectConsistentPages(list: KeysetList) {
  const pages = await walkPages(list);
  expect(pages.length, `${list.path} should span at least three pages of ${list.pageSize}`).toBeGreaterThanOrEqual(3);
  const walked = pages.flatMap(ids);
  expect(new Set(walked).size, 'no row repeats across pages').toBe(walked.length);
  expect(walked.length, 'every row is on some page').toBe(pages[0].total);
  expect(pages.at(-1)!.nextCursor ?? null, 'the last page has no next').toBeNull();
  expect(pages[0].prevCursor ?? null, 'the first page has no previous').toBeNull();

  const max = list.maxPageSize ?? 100;
  const whole = await list.api.getOk(pageShape, list.path, { query: { ...list.query, pageSize: max } });
  if (whole.total <= max) expect(walked, 'the pages together are the list in order').toEqual(ids(whole));

  for (const n of [2, pages.length]) {
    const byNumber = await readPage(list, { page: n });
    expect(ids(byNumber), `page ${n} asked for by number`).toEqual(ids(pages[n - 1]));
  }
  const back = await readPage(list, { page: 2, before: pages[2].prevCursor! });
  expect(ids(back), 'prevCursor of page 3 leads to page 2').toEqual(ids(pages[1]));
  const start = await readPage(list, { page: 1, before: pages[1].prevCursor! });
  expect(ids(start), 'prevCursor of page 2 leads to page 1').toEqual(ids(pages[0]));

  const bad = await list.api.get(list.path, { query: { ...list.query, pageSize: list.pageSize, after: 'bm90LWEtY3Vyc29y' } });
  expect(bad.statusCode, 'a cursor the server did not make is refused').toBe(400);
  return pages;
}

/**
 * A row added at the front and a row removed from the next page between two requests: the next page, read from
 * the cursor, neither repeats a row already shown nor skips one still there.
 */
export async function expectStableAcrossChanges(list: KeysetList, change: { addAtFront: () => Promise<unknown>; remove: (id: string) => Promise<unknown> }) {
  const first = await readPage(list);
  const before = (await walkPages(list)).flatMap(ids);
  await change.addAtFront();
  const doomed = before[list.pageSize + 1];
  await change.remove(doomed);
  const second = await readPage(list, { page: 2, after: first.nextCursor! });
  const expected = before.slice(list.pageSize, 2 * list.pageSize + 1).filter((id) => id !== doomed);
  expect(ids(second), 'page 2 carries on from the last row shown, without the removed row').toEqual(expected);
}

import { z } from 'zod';

/** The largest page any list answers; a caller asking for more gets a validation error, never a silent cap. */
export const MAX_PAGE_SIZE = 100;

/**
 * The query parameters every list takes: `page` counts from 1, `pageSize` defaults to `defaultSize`.
 * Extend it with a list's own filters: `pageQuery().extend({ status: … })`.
 */
export function pageQuery(defaultSize = 25, maxSize = MAX_PAGE_SIZE) {
  return z.object({
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1, 'Page size must be 1 or more').max(maxSize, `Page size must be at most ${maxSize}`).default(defaultSize),
  });
}
export type PageQuery = z.output<ReturnType<typeof pageQuery>>;

/** The one envelope of every list answer: the page's items and the total over all pages. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0), page: z.number().int().min(1), pageSize: z.number().int().min(1) });
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Rows to skip for a page. */
export const pageOffset = (q: PageQuery) => (q.page - 1) * q.pageSize;

import { z } from 'zod';

/** The largest page any list answers; a caller asking for more gets a validation error, never a silent cap. */
export const MAX_PAGE_SIZE = 100;

/** An opaque position in a list, handed out with a page (`nextCursor`, `prevCursor`) and sent back as `after` or `before`. */
export const cursorSchema = z
  .string()
  .max(400, 'Cursor is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'Cursor is not valid');

/**
 * The query parameters every list takes: `page` counts from 1, `pageSize` defaults to `defaultSize`.
 * A list read in key order also takes `after` (the page after the one whose `nextCursor` it is) or `before`
 * (the page before, from `prevCursor`): such a page costs the same wherever it is, and a row added or removed
 * meanwhile is neither skipped nor repeated. `page` then only says which page number the caller shows; without a
 * cursor the page is found by its number.
 * Extend it with a list's own filters: `pageQuery().extend({ status: … })`.
 */
export function pageQuery(defaultSize = 25, maxSize = MAX_PAGE_SIZE) {
  return z
    .object({
      page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1, 'Page size must be 1 or more').max(maxSize, `Page size must be at most ${maxSize}`).default(defaultSize),
      after: cursorSchema.optional(),
      before: cursorSchema.optional(),
    })
    .refine((q) => !(q.after && q.before), { message: 'Give either after or before, not both', path: ['before'] });
}
export type PageQuery = z.output<ReturnType<typeof pageQuery>>;

/** The one envelope of every list answer: the page's items and the total over all pages. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    /** The total stopped counting at `total` (a search matching very many rows): show it as "10,000+". */
    totalCapped: z.boolean().optional(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    /** For a list read in key order: `after` for the next page (null on the last), `before` for the previous one. */
    nextCursor: z.string().nullable().optional(),
    prevCursor: z.string().nullable().optional(),
  });
}
export type Page<T> = {
  items: T[];
  total: number;
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  nextCursor?: string | null;
  prevCursor?: string | null;
};

/** Rows to skip for a page. */
export const pageOffset = (q: PageQuery) => (q.page - 1) * q.pageSize;

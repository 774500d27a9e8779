/** Where a page of a list sits: the first and last row shown (1-based; 0–0 when the page is empty). */
export function pageRange(page: number, pageSize: number, shown: number): { from: number; to: number } {
  const before = (page - 1) * pageSize;
  return { from: shown ? before + 1 : 0, to: before + shown };
}

/** Pages needed for `total` rows, at least one so "Page 1 of 1" reads right for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A list's total with en-GB thousands, "10,000+" when the server stopped counting there (`totalCapped`: a search matching very many rows). */
export function totalText(total: number, capped?: boolean): string {
  return `${total.toLocaleString('en-GB')}${capped ? '+' : ''}`;
}

/** The range as people write it, with en-GB thousands: "1–20 of 1,234" ("of 10,000+" when the total is capped). */
export function rangeText(page: number, pageSize: number, shown: number, total: number, capped?: boolean): string {
  const { from, to } = pageRange(page, pageSize, shown);
  return `${from.toLocaleString('en-GB')}–${to.toLocaleString('en-GB')} of ${totalText(total, capped)}`;
}

/** Where a list is: the page number shown and, for a page reached from its neighbour, the cursor that finds it. */
export interface PagePosition {
  page: number;
  after?: string;
  before?: string;
}

/** What a page answer says about its neighbours (lists read in key order send cursors; others only the page). */
export interface PageCursors {
  page: number;
  nextCursor?: string | null;
  prevCursor?: string | null;
}

/**
 * The position for turning to `target` from the page on screen: the next or previous page is found by the
 * cursor the server handed out (the same cost wherever it is, and nothing skipped or repeated when rows come and
 * go); any other page, and page 1, by its number.
 */
export function positionFor(target: number, current?: PageCursors): PagePosition {
  if (current && target === current.page + 1 && current.nextCursor) return { page: target, after: current.nextCursor };
  if (current && target > 1 && target === current.page - 1 && current.prevCursor) return { page: target, before: current.prevCursor };
  return { page: target };
}

/** Where a page of a list sits: the first and last row shown (1-based; 0–0 when the page is empty). */
export function pageRange(page: number, pageSize: number, shown: number): { from: number; to: number } {
  const before = (page - 1) * pageSize;
  return { from: shown ? before + 1 : 0, to: before + shown };
}

/** Pages needed for `total` rows, at least one so "Page 1 of 1" reads right for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The range as people write it, with en-GB thousands: "1–20 of 1,234". */
export function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  const { from, to } = pageRange(page, pageSize, shown);
  return `${from.toLocaleString('en-GB')}–${to.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}`;
}

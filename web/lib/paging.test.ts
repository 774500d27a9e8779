import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, positionFor, rangeText, totalText } from './paging.ts';

describe('paging', () => {
  it('numbers the rows of a page from 1', () => {
    expect(pageRange(1, 20, 20)).toEqual({ from: 1, to: 20 });
    expect(pageRange(3, 20, 7)).toEqual({ from: 41, to: 47 });
  });
  it('reads 0–0 for an empty page', () => {
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
  it('needs at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
  it('writes the range with en-GB thousands', () => {
    expect(rangeText(2, 1000, 1000, 2500)).toBe('1,001–2,000 of 2,500');
  });
  it('shows a capped total as a lower bound', () => {
    expect(totalText(10_000, true)).toBe('10,000+');
    expect(totalText(10_000)).toBe('10,000');
    expect(totalText(9_999, false)).toBe('9,999');
    expect(rangeText(2, 25, 25, 10_000, true)).toBe('26–50 of 10,000+');
  });
});

describe('positionFor', () => {
  const current = { page: 4, nextCursor: 'n4', prevCursor: 'p4' };
  it('turns to a neighbour by its cursor and to any other page, or page 1, by number', () => {
    expect(positionFor(5, current)).toEqual({ page: 5, after: 'n4' });
    expect(positionFor(3, current)).toEqual({ page: 3, before: 'p4' });
    expect(positionFor(9, current)).toEqual({ page: 9 });
    expect(positionFor(1, { page: 2, prevCursor: 'p2' })).toEqual({ page: 1 });
    expect(positionFor(5, { page: 4 })).toEqual({ page: 5 });
    expect(positionFor(5)).toEqual({ page: 5 });
  });
});

import { describe, expect, it } from 'vitest';
import { pageCount, pageRange, rangeText } from './paging.ts';

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
});

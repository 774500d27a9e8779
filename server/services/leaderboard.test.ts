import { describe, expect, it } from 'vitest';
import { periodStart } from './leaderboard.ts';

describe('periodStart (London calendar)', () => {
  it('starts the month, quarter and year on London dates, across the clock changes', () => {
    // 31 March 2026 23:30 UTC is 00:30 on 1 April in London (summer time)
    const april = new Date('2026-03-31T23:30:00Z');
    expect(periodStart('month', april)).toBe('2026-04-01');
    expect(periodStart('quarter', april)).toBe('2026-04-01');
    expect(periodStart('year', april)).toBe('2026-01-01');
    // 31 December 2026 23:30 UTC is still 31 December in London (winter time)
    const december = new Date('2026-12-31T23:30:00Z');
    expect(periodStart('month', december)).toBe('2026-12-01');
    expect(periodStart('quarter', december)).toBe('2026-10-01');
    expect(periodStart('year', december)).toBe('2026-01-01');
    expect(periodStart('quarter', new Date('2026-09-30T22:59:00Z'))).toBe('2026-07-01');
    expect(periodStart('quarter', new Date('2026-09-30T23:00:00Z'))).toBe('2026-10-01');
    expect(periodStart('all', december)).toBe('1970-01-01');
  });
});

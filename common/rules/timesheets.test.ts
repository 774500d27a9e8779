import { describe, expect, it } from 'vitest';
import { futureTimeIndexes, isFutureDay, londonToday } from './timesheets.ts';

describe('londonToday', () => {
  it('is the London calendar date, across midnight and the clock change', () => {
    // 23:30 UTC in summer is already the next day in London (BST)
    expect(londonToday(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(londonToday(new Date('2026-07-01T22:59:00Z'))).toBe('2026-07-01');
    // in winter London is on UTC
    expect(londonToday(new Date('2026-11-26T23:59:00Z'))).toBe('2026-11-26');
    expect(londonToday(new Date('2026-11-27T00:00:00Z'))).toBe('2026-11-27');
  });
});

describe('future days', () => {
  it('refuses units only on days after today', () => {
    expect(isFutureDay('2026-11-27', '2026-11-26')).toBe(true);
    expect(isFutureDay('2026-11-26', '2026-11-26')).toBe(false);
    const entries = [
      { date: '2026-11-25', units: 8 },
      { date: '2026-11-26', units: 8 },
      { date: '2026-11-27', units: 6 },
      { date: '2026-11-28', units: 0 },
    ];
    expect(futureTimeIndexes(entries, '2026-11-26')).toEqual([2]);
  });
});

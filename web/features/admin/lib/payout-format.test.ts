import { describe, expect, it } from 'vitest';
import { currentLondonMonth, monthLabel, ratePercent } from './payout-format.ts';

describe('currentLondonMonth', () => {
  it('is the calendar month in London, not in UTC', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time)
    expect(currentLondonMonth(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07');
    expect(currentLondonMonth(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12');
  });
});

describe('monthLabel', () => {
  it('writes the month out, or says all months when none is chosen', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('')).toBe('all months');
  });
});

describe('ratePercent', () => {
  it('shows the fraction as a percentage with one decimal, a dash when it is not a number', () => {
    expect(ratePercent('0.2851')).toBe('28.5%');
    expect(ratePercent('')).toBe('—');
  });
});

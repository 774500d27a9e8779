import { describe, expect, it } from 'vitest';
import { compareToPrevious } from './compare.ts';
import { londonToday, periodParams, presetRange, readPeriod } from './period.ts';

describe('analytics periods', () => {
  it('takes today in London, not in UTC', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time)
    expect(londonToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    // in winter London is UTC
    expect(londonToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('cuts the presets from their first day to today', () => {
    expect(presetRange('month', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(presetRange('quarter', '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-11-27' });
    expect(presetRange('quarter', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetRange('quarter', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(presetRange('year', '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
    expect(presetRange('last-12-months', '2026-11-27')).toEqual({ from: '2025-12-01', to: '2026-11-27' });
    expect(presetRange('last-12-months', '2026-01-15')).toEqual({ from: '2025-02-01', to: '2026-01-15' });
  });

  it('reads the period from the address, custom dates checked by the endpoints’ rule', () => {
    const today = '2026-11-27';
    expect(readPeriod(new URLSearchParams(''), today)).toEqual({ period: 'month', from: '2026-11-01', to: '2026-11-27' });
    expect(readPeriod(new URLSearchParams('period=year'), today)).toEqual({ period: 'year', from: '2026-01-01', to: '2026-11-27' });
    expect(readPeriod(new URLSearchParams('period=custom&from=2026-02-01&to=2026-02-14'), today)).toEqual({ period: 'custom', from: '2026-02-01', to: '2026-02-14' });
    expect(readPeriod(new URLSearchParams('period=custom&from=2026-02-14&to=2026-02-01'), today)).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-11-27',
      error: 'From must be on or before To',
    });
    expect(readPeriod(new URLSearchParams('period=custom&from=2020-01-01&to=2026-01-01'), today).error).toBe('A period may cover at most 1100 days');
    expect(periodParams('custom', '2026-02-01', '2026-02-14')).toEqual({ period: 'custom', from: '2026-02-01', to: '2026-02-14' });
    expect(periodParams('quarter', '2026-02-01', '2026-02-14')).toEqual({ period: 'quarter' });
  });
});

describe('comparison with the previous period', () => {
  it('says the change in whole per cent with its direction', () => {
    expect(compareToPrevious(112, 100)).toEqual({ badge: '+12%', direction: 'up', sentence: 'up 12% on the previous period' });
    expect(compareToPrevious(95, 100)).toEqual({ badge: '\u22125%', direction: 'down', sentence: 'down 5% on the previous period' });
    expect(compareToPrevious(1, 3)).toEqual({ badge: '\u221267%', direction: 'down', sentence: 'down 67% on the previous period' });
    expect(compareToPrevious(2500, 100)).toEqual({ badge: '+2,400%', direction: 'up', sentence: 'up 2,400% on the previous period' });
  });

  it('treats none before as new, and no change as the same', () => {
    expect(compareToPrevious(4, 0)).toEqual({ badge: 'new', direction: 'up', sentence: 'up from none in the previous period' });
    expect(compareToPrevious(0, 0)).toEqual({ badge: '0%', direction: 'same', sentence: 'the same as the previous period' });
    expect(compareToPrevious(1000, 1001)).toEqual({ badge: '0%', direction: 'same', sentence: 'the same as the previous period' });
  });
});

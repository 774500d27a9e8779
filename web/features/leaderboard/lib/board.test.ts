import { describe, expect, it } from 'vitest';
import { LEADERBOARD_PERIOD_LABELS } from '../../../../common/constants/community.ts';
import { formatRate, formatRecordValue, parsePeriod, PERIOD_OPTIONS, podiumOf, successRateTone } from './board.ts';

describe('success rate colour', () => {
  it('is good from 70%, a warning from 50%, low below', () => {
    expect(successRateTone(1)).toBe('good');
    expect(successRateTone(0.7)).toBe('good');
    expect(successRateTone(0.6994)).toBe('warning');
    expect(successRateTone(0.5)).toBe('warning');
    expect(successRateTone(0.4994)).toBe('low');
    expect(successRateTone(0)).toBe('low');
  });
  it('agrees with the percentage shown: a rate that reads 70.0% is good, one that reads 69.9% is not', () => {
    expect(formatRate(0.69996)).toBe('70.0%');
    expect(successRateTone(0.69996)).toBe('good');
    expect(formatRate(0.6994)).toBe('69.9%');
    expect(successRateTone(0.6994)).toBe('warning');
    expect(formatRate(2 / 3)).toBe('66.7%');
  });
  it('treats a missing rate as no success', () => {
    expect(successRateTone(Number.NaN)).toBe('low');
    expect(formatRate(Number.NaN)).toBe('0.0%');
  });
});

describe('leaderboard period', () => {
  it('reads the address, falling back to this month', () => {
    expect(parsePeriod('quarter')).toBe('quarter');
    expect(parsePeriod('all')).toBe('all');
    expect(parsePeriod(null)).toBe('month');
    expect(parsePeriod('week')).toBe('month');
    expect(parsePeriod('')).toBe('month');
  });
  it('offers the four periods in order with their labels', () => {
    expect(PERIOD_OPTIONS.map((o) => o.label)).toEqual(['This month', 'This quarter', 'This year', 'All time']);
    for (const o of PERIOD_OPTIONS) expect(o.label).toBe(LEADERBOARD_PERIOD_LABELS[o.value]);
  });
});

describe('hall of fame figures', () => {
  it('shows pounds without decimals, a million or more in short form', () => {
    expect(formatRecordValue('32000.00')).toBe('£32,000');
    expect(formatRecordValue('159229.00')).toBe('£159,229');
    expect(formatRecordValue('455404.00')).toBe('£455,404');
    expect(formatRecordValue('2100000.00')).toBe('£2.1M');
    expect(formatRecordValue(999_999.4)).toBe('£999,999');
    expect(formatRecordValue(3_000_000)).toBe('£3M');
  });
});

describe('podium', () => {
  it('gives the top three a badge and nobody else', () => {
    expect(podiumOf(1)?.label).toBe('1st place');
    expect(podiumOf(3)?.label).toBe('3rd place');
    expect(podiumOf(4)).toBeNull();
    expect(podiumOf(0)).toBeNull();
  });
});

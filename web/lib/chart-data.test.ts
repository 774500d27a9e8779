import { describe, expect, it } from 'vitest';
import { bucketName, bucketTick, csvField, csvFileName, csvText, periodText, seriesSummary } from './chart-data.ts';

describe('chart CSV', () => {
  it('quotes commas, quotes and line breaks, and makes formulas inert', () => {
    expect(csvField('Acme, Ltd')).toBe('"Acme, Ltd"');
    expect(csvField('The "Best" Co')).toBe('"The ""Best"" Co"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('writes a header of the labels and a line per row, raw values', () => {
    const text = csvText({
      columns: [
        { key: 'period', label: 'Month' },
        { key: 'wonValue', label: 'Won value (£)', format: (v) => `£${String(v)}` },
      ],
      rows: [
        { period: '2026-01-01', wonValue: '1200.50' },
        { period: '2026-02-01', wonValue: '0.00' },
      ],
    });
    expect(text).toBe('Month,Won value (£)\r\n2026-01-01,1200.50\r\n2026-02-01,0.00\r\n');
  });

  it('names the file after the chart and the period', () => {
    expect(csvFileName('Referrals per week', '2026-01-01', '2026-03-31')).toBe('referrals-per-week_2026-01-01_to_2026-03-31.csv');
    expect(csvFileName('Earnings — last 12 months')).toBe('earnings-last-12-months.csv');
  });
});

describe('chart words', () => {
  it('says the period short, with the year once when both ends share it', () => {
    expect(periodText('2026-01-01', '2026-12-31')).toBe('1 Jan to 31 Dec 2026');
    expect(periodText('2025-12-01', '2026-02-28')).toBe('1 Dec 2025 to 28 Feb 2026');
    expect(periodText('2026-03-05', '2026-03-05')).toBe('5 Mar 2026');
  });

  it('names buckets and their ticks', () => {
    expect(bucketName('2026-03-01', 'month')).toBe('March 2026');
    expect(bucketName('2026-01-05', 'week')).toBe('week of 5 Jan 2026');
    expect(bucketTick('2026-03-01', 'month')).toBe('Mar');
    expect(bucketTick('2026-01-01', 'month')).toBe('Jan 26');
    expect(bucketTick('2026-01-05', 'week')).toBe('5 Jan');
  });

  it('summarises a series: total and its highest point, or none', () => {
    const points = [
      { name: 'January 2026', value: 10 },
      { name: 'March 2026', value: 42 },
      { name: 'April 2026', value: 42 },
    ];
    expect(seriesSummary({ title: 'Referrals per month', period: '1 Jan to 31 Dec 2026', points })).toBe(
      'Referrals per month, 1 Jan to 31 Dec 2026: 94 in total, highest in March 2026 with 42.',
    );
    expect(seriesSummary({ title: 'Won value', points: [{ name: 'May 2026', value: 1250 }], format: (n) => `£${n}` })).toBe(
      'Won value: £1250 in total, highest in May 2026 with £1250.',
    );
    expect(seriesSummary({ title: 'Posts per week', period: '5 Mar 2026', points: [{ name: 'x', value: 0 }] })).toBe('Posts per week, 5 Mar 2026: none in this period.');
  });
});

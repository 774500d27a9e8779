import { describe, expect, it } from 'vitest';
import { addDays, formatUnits, initialWeek, mondayOf, parseUnits, relativeWeek, sumUnits, today, unitsText, weekDates, weekOverlaps, weekRange } from './week.ts';

describe('week arithmetic', () => {
  it('finds the Monday on or before any day, across months and years', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // the Sunday after it
    expect(mondayOf('2026-11-24')).toBe('2026-11-23');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(mondayOf('2027-01-02')).toBe('2026-12-28');
  });

  it('steps whole weeks and lists the seven days, across a clock change', () => {
    expect(addDays('2026-03-23', 7)).toBe('2026-03-30');
    expect(addDays('2026-10-26', -7)).toBe('2026-10-19');
    expect(weekDates('2026-03-23')).toEqual(['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29']);
  });

  it('says whether a week touches a placement and which week to open first', () => {
    expect(weekOverlaps('2026-06-01', '2026-06-03', '2026-06-30')).toBe(true);
    expect(weekOverlaps('2026-05-25', '2026-06-01', '2026-06-30')).toBe(false);
    expect(weekOverlaps('2026-06-29', '2026-06-01', '2026-06-30')).toBe(true);
    expect(weekOverlaps('2026-07-06', '2026-06-01', '2026-06-30')).toBe(false);
    expect(initialWeek('2026-06-03', '2026-09-30', '2026-07-15')).toBe('2026-07-13');
    expect(initialWeek('2026-06-03', '2026-09-30', '2026-01-15')).toBe('2026-06-01');
    expect(initialWeek('2026-06-03', '2026-09-30', '2026-12-15')).toBe('2026-09-28');
  });

  it('reads today in the local calendar and names the week', () => {
    expect(today(new Date(2026, 10, 24, 23, 30))).toBe('2026-11-24');
    expect(weekRange('2026-11-23')).toBe('23 Nov – 29 Nov 2026');
    expect(weekRange('2025-12-29')).toBe('29 Dec 2025 – 4 Jan 2026');
    expect(relativeWeek('2026-11-23', '2026-11-23')).toBe('This week');
    expect(relativeWeek('2026-11-16', '2026-11-23')).toBe('Last week');
    expect(relativeWeek('2026-11-30', '2026-11-23')).toBe('Next week');
    expect(relativeWeek('2026-10-26', '2026-11-23')).toBe('4 weeks ago');
    expect(relativeWeek('2027-01-04', '2026-11-23')).toBe('In 6 weeks');
    // across the clock change at the end of October
    expect(relativeWeek('2026-10-19', '2026-11-02')).toBe('2 weeks ago');
  });
});

describe('units typed in the day grid', () => {
  it('takes empty as nothing, decimals with a point or a comma, up to two places', () => {
    expect(parseUnits('', 'hour')).toEqual({ ok: true, units: 0 });
    expect(parseUnits('  ', 'hour')).toEqual({ ok: true, units: 0 });
    expect(parseUnits('7.5', 'hour')).toEqual({ ok: true, units: 7.5 });
    expect(parseUnits('7,25', 'hour')).toEqual({ ok: true, units: 7.25 });
    expect(parseUnits('.5', 'day')).toEqual({ ok: true, units: 0.5 });
    expect(parseUnits('8.', 'hour')).toEqual({ ok: true, units: 8 });
    expect(parseUnits('24', 'hour')).toEqual({ ok: true, units: 24 });
    expect(parseUnits('1', 'day')).toEqual({ ok: true, units: 1 });
  });

  it('refuses words, negatives, three decimals and more than a day holds', () => {
    expect(parseUnits('eight', 'hour')).toEqual({ ok: false, message: 'Enter a number' });
    expect(parseUnits('-1', 'hour')).toEqual({ ok: false, message: 'Enter a number' });
    expect(parseUnits('.', 'hour')).toEqual({ ok: false, message: 'Enter a number' });
    expect(parseUnits('1e2', 'hour')).toEqual({ ok: false, message: 'Enter a number' });
    expect(parseUnits('7.555', 'hour')).toEqual({ ok: false, message: 'At most 2 decimal places' });
    expect(parseUnits('24.01', 'hour')).toEqual({ ok: false, message: 'At most 24 hours' });
    expect(parseUnits('1.5', 'day')).toEqual({ ok: false, message: 'At most 1 day' });
  });

  it('adds up in hundredths and writes units as a sentence reads them', () => {
    expect(sumUnits([0.1, 0.2])).toBe(0.3);
    expect(sumUnits([7.5, 7.5, 8, 0, 7.25])).toBe(30.25);
    expect(formatUnits(37.5)).toBe('37.5');
    expect(formatUnits(8)).toBe('8');
    expect(unitsText(1, 'hour')).toBe('1 hour');
    expect(unitsText(37.5, 'hour')).toBe('37.5 hours');
    expect(unitsText(0.5, 'day')).toBe('0.5 days');
    expect(unitsText(1, 'day')).toBe('1 day');
  });
});

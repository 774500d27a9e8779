import { MAX_UNITS_PER_DAY, type PlacementUnit } from '../../../../common/constants/timesheets.ts';
import { addDays } from '../../../../common/schemas/timesheets.ts';

/**
 * Week arithmetic and the day grid's text, on calendar dates as the API sends them (YYYY-MM-DD): a timesheet week
 * runs Monday to Sunday. Dates are read as UTC days, so a clock change or the browser's zone never moves a day.
 */

export { addDays };

/** Today's calendar date where the member is (YYYY-MM-DD). */
export function today(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The Monday on or before a date. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

/** The seven dates of the week starting on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Whether a week (Monday to Sunday) overlaps a placement's dates: only then can it have a timesheet. */
export function weekOverlaps(monday: string, startDate: string, endDate: string): boolean {
  return monday <= endDate && addDays(monday, 6) >= startDate;
}

/** The week to open first for a placement: this week while it runs, else its last week (ended) or first week (ahead). */
export function initialWeek(startDate: string, endDate: string, todayDate: string): string {
  if (todayDate < startDate) return mondayOf(startDate);
  if (todayDate > endDate) return mondayOf(endDate);
  return mondayOf(todayDate);
}

const dayName = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const shortDayName = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Monday", "Mon" and "24 Nov" for a date. */
export const weekdayName = (date: string) => dayName.format(utc(date));
export const shortWeekday = (date: string) => shortDayName.format(utc(date));
export const shortDate = (date: string) => dayMonth.format(utc(date));

/** "23 Nov – 29 Nov 2026" (or across a year: "29 Dec 2025 – 4 Jan 2026"). */
export function weekRange(monday: string): string {
  const sunday = addDays(monday, 6);
  const first = monday.slice(0, 4) === sunday.slice(0, 4) ? dayMonth.format(utc(monday)) : dayMonthYear.format(utc(monday));
  return `${first} – ${dayMonthYear.format(utc(sunday))}`;
}

/** One or more hours or days, as a sentence reads them: "1 hour", "37.5 hours", "0.5 days", "1 day". */
export function unitsText(units: number, unit: PlacementUnit): string {
  const n = formatUnits(units);
  const one = units === 1;
  return unit === 'hour' ? `${n} ${one ? 'hour' : 'hours'}` : `${n} ${one ? 'day' : 'days'}`;
}

/** A number of units with at most two decimals and no trailing zeros: 7.5, 8, 0.25. */
export function formatUnits(units: number): string {
  return String(Math.round(units * 100) / 100);
}

export type ParsedUnits = { ok: true; units: number } | { ok: false; message: string };

/**
 * What a member typed in a day's box: empty is nothing (0); otherwise a number with at most two decimals (a comma
 * is read as the decimal point), from 0 up to the unit's limit (24 hours, or 1 day). The message says what to fix.
 */
export function parseUnits(text: string, unit: PlacementUnit): ParsedUnits {
  const t = text.trim().replace(',', '.');
  if (t === '') return { ok: true, units: 0 };
  if (!/^\d*(\.\d*)?$/.test(t) || t === '.') return { ok: false, message: 'Enter a number' };
  if (!/^\d*(\.\d{0,2})?$/.test(t)) return { ok: false, message: 'At most 2 decimal places' };
  const units = Number(t);
  const max = MAX_UNITS_PER_DAY[unit];
  if (units > max) return { ok: false, message: unit === 'hour' ? `At most ${max} hours` : `At most ${max} day` };
  return { ok: true, units: Math.round(units * 100) / 100 };
}

/** The sum of a week's units in hundredths, so 0.1 + 0.2 adds up to 0.3 exactly. */
export function sumUnits(units: number[]): number {
  return units.reduce((sum, u) => sum + Math.round(u * 100), 0) / 100;
}

/** A week named from this one: "This week", "Last week", "Next week", "3 weeks ago", "In 2 weeks". */
export function relativeWeek(monday: string, thisMonday: string): string {
  const weeks = Math.round((Date.parse(`${monday}T00:00:00Z`) - Date.parse(`${thisMonday}T00:00:00Z`)) / (7 * 86_400_000));
  if (weeks === 0) return 'This week';
  if (weeks === -1) return 'Last week';
  if (weeks === 1) return 'Next week';
  return weeks < 0 ? `${-weeks} weeks ago` : `In ${weeks} weeks`;
}

import { wallClockIn } from './events.ts';

/** Timesheet days are London calendar days, whatever the zone of the server or of the member's browser. */
export const TIMESHEET_TZ = 'Europe/London';

/** Today's London calendar date (YYYY-MM-DD) at an instant. */
export function londonToday(now: Date): string {
  const w = wallClockIn(now, TIMESHEET_TZ);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** Whether a calendar date is after today: time cannot be worked, so cannot be entered, on a day still to come. */
export const isFutureDay = (date: string, today: string): boolean => date > today;

/** The entries (by index) that put time on a day still to come: only days up to today may hold units. */
export function futureTimeIndexes(entries: ReadonlyArray<{ date: string; units: number }>, today: string): number[] {
  return entries.flatMap((e, i) => (e.units > 0 && isFutureDay(e.date, today) ? [i] : []));
}

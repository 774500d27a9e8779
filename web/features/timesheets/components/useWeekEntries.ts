import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { PlacementUnit } from '../../../../common/constants/timesheets.ts';
import { isFutureDay, londonToday } from '../../../../common/rules/timesheets.ts';
import { timesheetAdjustSchema, type Placement, type TimesheetDetail } from '../../../../common/schemas/timesheets.ts';
import type { EntryInput } from '../api/timesheets.ts';
import { formatUnits, parseUnits, sumUnits, weekDates } from '../lib/week.ts';

/** One day of the grid as typed: the units and what was done. */
export interface DayRow {
  units: string;
  description: string;
}

/** The week's form: its seven days, and (an administrator correcting an approved sheet) the reason. */
export interface WeekValues {
  days: DayRow[];
  reason: string;
}

export type WeekForm = UseFormReturn<WeekValues>;

/** The rows of `week` as `sheet` holds them (blank without a sheet). */
export function rowsOf(week: string[], sheet: TimesheetDetail | undefined): DayRow[] {
  return week.map((date) => {
    const e = sheet?.entries.find((x) => x.date === date);
    return { units: e && e.units > 0 ? formatUnits(e.units) : '', description: e?.description ?? '' };
  });
}

/** The reason's rule is the API's (`timesheetAdjustSchema`): required, and not too long. */
const reasonRule = (v: string) => {
  const parsed = timesheetAdjustSchema.shape.reason.safeParse(v);
  return parsed.success || (parsed.error.issues[0]?.message ?? false);
};

/**
 * The state of one week's sheet being filled in: the form (each day's units checked as typed, a day's error
 * cleared when it changes), which days can hold time, what the viewer may do, and the entries to send. Days
 * outside the placement's dates, and days still to come (London calendar), cannot hold time; a week that has not
 * started cannot be filled in or submitted.
 */
export function useWeekEntries({
  sheet,
  placement,
  weekStarting,
  unit,
  correcting,
}: {
  sheet?: TimesheetDetail;
  placement?: Placement;
  weekStarting: string;
  unit: PlacementUnit;
  correcting: boolean;
}) {
  const week = weekDates(weekStarting);
  const form = useForm<WeekValues>({ defaultValues: { days: rowsOf(week, sheet), reason: '' } });
  const todayDate = londonToday(new Date());
  const ahead = (date: string) => isFutureDay(date, todayDate);
  const weekAhead = ahead(weekStarting);
  const editable = !weekAhead && (sheet ? sheet.can.edit || (correcting && sheet.can.adjust) : !!placement?.can.createTimesheet);
  const canSubmit = !weekAhead && (sheet ? sheet.can.submit : !!placement?.can.createTimesheet);
  const inPlacement = (date: string) => !placement || (date >= placement.startDate && date <= placement.endDate);
  // the days that can hold time: within the placement and not after today
  const fillable = (date: string) => inPlacement(date) && !ahead(date);
  const days = useWatch({ control: form.control, name: 'days' });
  const parsed = days.map((r) => parseUnits(r.units, unit));
  const enteredTotal = sumUnits(parsed.map((p) => (p.ok ? p.units : 0)));
  const dirty = JSON.stringify(days) !== JSON.stringify(rowsOf(week, sheet));

  /** A day's units box: checked as the grid's unit allows; its error goes when it changes. */
  const registerUnits = (i: number) =>
    form.register(`days.${i}.units`, {
      validate: (v) => {
        const p = parseUnits(v, unit);
        return p.ok || p.message;
      },
      onChange: () => form.clearErrors(`days.${i}.units`),
    });
  const registerDescription = (i: number) => form.register(`days.${i}.description`);
  const registerReason = () => form.register('reason', { validate: reasonRule, onChange: () => form.clearErrors('reason') });

  /** Shows a message for the whole sheet (under the grid), or clears it. */
  const say = (message?: string) => (message ? form.setError('root', { message }) : form.clearErrors('root'));

  /** The days to send, or null (with the errors shown and the first bad box focused) when a box is wrong. */
  const entries = async (): Promise<EntryInput[] | null> => {
    if (!(await form.trigger('days', { shouldFocus: true }))) {
      say('Check the highlighted days.');
      return null;
    }
    say();
    const rows = form.getValues('days');
    return week.flatMap((date, i) => {
      const p = parseUnits(rows[i].units, unit);
      const units = p.ok ? p.units : 0;
      const description = rows[i].description.trim();
      if (!fillable(date) || (units === 0 && !description)) return [];
      return [{ date, units, description: description || null }];
    });
  };

  /** Focuses the first day that can hold time (a submit with nothing entered). */
  const focusFirstDay = () => form.setFocus(`days.${Math.max(0, week.findIndex(fillable))}.units`);

  /** The days back as the sheet holds them, with no reason and no errors. */
  const resetDays = () => form.reset({ days: rowsOf(week, sheet), reason: '' });

  return {
    form,
    week,
    ahead,
    weekAhead,
    editable,
    canSubmit,
    inPlacement,
    fillable,
    days,
    enteredTotal,
    dirty,
    registerUnits,
    registerDescription,
    registerReason,
    say,
    entries,
    focusFirstDay,
    resetDays,
  };
}

export type WeekEntries = ReturnType<typeof useWeekEntries>;

import { PLACEMENT_UNIT_LABELS, TIMESHEET_LIMITS, type PlacementUnit } from '../../../../common/constants/timesheets.ts';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/utils.ts';
import { shortDate, shortWeekday, unitsText, weekdayName, weekRange } from '../lib/week.ts';
import type { WeekEntries } from './useWeekEntries.ts';

/**
 * Monday to Sunday: each day's units and what was done, as boxes on the days that can hold time while the sheet is
 * editable, as text otherwise; under them, while editable, the week's total as entered. Box ids are
 * `${uid}-units-${i}` and `${uid}-desc-${i}`.
 */
export function WeekGrid({ entries: w, uid, unit, weekStarting, busy }: { entries: WeekEntries; uid: string; unit: PlacementUnit; weekStarting: string; busy: boolean }) {
  const unitLabel = PLACEMENT_UNIT_LABELS[unit];
  const errors = w.form.formState.errors.days;
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <div aria-hidden className="hidden grid-cols-[10rem_8rem_1fr] gap-3 bg-muted/60 px-4 py-2.5 text-xs font-medium text-muted-foreground sm:grid">
        <span>Day</span>
        <span>{unitLabel}</span>
        <span>{w.editable ? 'What you worked on' : 'Work done'}</span>
      </div>
      <ul className="divide-y divide-border" aria-label={`Days of the week of ${weekRange(weekStarting)}`}>
        {w.week.map((date, i) => {
          const open = w.editable && w.fillable(date);
          const unitsId = `${uid}-units-${i}`;
          const descId = `${uid}-desc-${i}`;
          const err = errors?.[i]?.units?.message;
          const weekend = i >= 5;
          const row = w.days[i];
          return (
            <li key={date} className={cn('grid gap-2 px-4 py-3 sm:grid-cols-[10rem_8rem_1fr] sm:items-start sm:gap-3', weekend && 'bg-muted/25')}>
              <div className="flex items-baseline justify-between gap-2 sm:block sm:pt-2">
                <p className="text-sm font-medium">
                  <span className="sm:hidden">{weekdayName(date)}</span>
                  <span className="hidden sm:inline">{shortWeekday(date)}</span> <span className="text-muted-foreground">{shortDate(date)}</span>
                </p>
                {!w.inPlacement(date) && <p className="text-xs text-muted-foreground">Outside the placement</p>}
                {w.inPlacement(date) && w.ahead(date) && <p className="text-xs text-muted-foreground">Still to come</p>}
                {!open && w.inPlacement(date) && !w.ahead(date) && (
                  // on a phone the day's units sit on the day's line
                  <p className="text-sm font-medium tabular-nums sm:hidden">
                    {row.units ? unitsText(Number(row.units), unit) : <span className="text-muted-foreground">—</span>}
                  </p>
                )}
              </div>
              {open ? (
                // on a phone the two boxes share a line; from sm they are the row's own columns
                <div className="grid grid-cols-[5.5rem_1fr] items-start gap-2 sm:contents">
                  <div className="grid gap-1">
                    <label htmlFor={unitsId} className="text-xs font-medium text-muted-foreground sm:sr-only">
                      {unitLabel}
                      <span className="sr-only">
                        {' '}
                        on {weekdayName(date)} {shortDate(date)}
                      </span>
                    </label>
                    <Input
                      id={unitsId}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0"
                      className="tabular-nums"
                      {...w.registerUnits(i)}
                      disabled={busy}
                      aria-invalid={err ? true : undefined}
                      aria-describedby={err ? `${unitsId}-error` : undefined}
                    />
                    {err && (
                      <p id={`${unitsId}-error`} className="text-[13px] font-medium text-destructive">
                        {err}
                      </p>
                    )}
                  </div>
                  <div className="grid gap-1">
                    <label htmlFor={descId} className="text-xs font-medium text-muted-foreground sm:sr-only">
                      What you worked on
                      <span className="sr-only">
                        {' '}
                        on {weekdayName(date)} {shortDate(date)}
                      </span>
                    </label>
                    <Input
                      id={descId}
                      autoComplete="off"
                      maxLength={TIMESHEET_LIMITS.descriptionMax}
                      placeholder={weekend ? '' : 'e.g. Steering group, finance workstream'}
                      {...w.registerDescription(i)}
                      disabled={busy}
                    />
                  </div>
                </div>
              ) : (
                <>
                  <p className="hidden text-sm tabular-nums sm:block sm:pt-2">{row.units || <span className="text-muted-foreground">—</span>}</p>
                  {row.description && <p className="text-sm text-muted-foreground sm:pt-2 sm:text-foreground">{row.description}</p>}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {w.editable && (
        <div className="flex items-center justify-between gap-3 border-t border-border bg-muted/40 px-4 py-2.5 text-sm">
          <span className="text-muted-foreground">Entered this week{w.dirty ? ' (not saved yet)' : ''}</span>
          <span className="font-semibold tabular-nums" aria-live="polite">
            {unitsText(w.enteredTotal, unit)}
          </span>
        </div>
      )}
    </div>
  );
}

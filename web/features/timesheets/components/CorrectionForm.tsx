import { TIMESHEET_LIMITS } from '../../../../common/constants/timesheets.ts';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { WeekEntries } from './useWeekEntries.ts';

/** An administrator correcting an approved sheet says why: the reason box (id `${uid}-reason`), its help and its error. */
export function CorrectionForm({ entries: w, uid, busy }: { entries: WeekEntries; uid: string; busy: boolean }) {
  const error = w.form.formState.errors.reason?.message;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={`${uid}-reason`} className="text-sm font-medium">
        Reason for the correction
      </label>
      <Textarea
        id={`${uid}-reason`}
        rows={2}
        maxLength={TIMESHEET_LIMITS.commentsMax}
        placeholder="e.g. The client and contractor agreed Friday was 6 hours, not 8."
        {...w.registerReason()}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${uid}-reason-help${error ? ` ${uid}-reason-error` : ''}`}
      />
      <p id={`${uid}-reason-help`} className="text-xs text-muted-foreground">
        Recorded in the audit log and sent to the contractor. The referring partner’s commission is corrected by the difference.
      </p>
      {error && (
        <p id={`${uid}-reason-error`} className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

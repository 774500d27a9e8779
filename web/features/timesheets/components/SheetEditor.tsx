import { CircleCheck, CircleX, MessageSquareText, PencilLine, Save, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { PLACEMENT_UNIT_LABELS, TIMESHEET_LIMITS, TIMESHEET_MESSAGES, type PlacementUnit } from '../../../../common/constants/timesheets.ts';
import { isFutureDay, londonToday } from '../../../../common/rules/timesheets.ts';
import type { Placement, TimesheetDetail } from '../../../../common/schemas/timesheets.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { useAdjustSheet, useSaveSheet, useSubmitSheet, type EntryInput } from '../api/timesheets.ts';
import { formatUnits, parseUnits, shortDate, shortWeekday, sumUnits, unitsText, weekDates, weekdayName, weekRange } from '../lib/week.ts';
import { DecisionDialog } from './DecisionDialog.tsx';
import { TimesheetStatusBadge } from './TimesheetStatusBadge.tsx';

interface DayRow {
  units: string;
  description: string;
}

function rowsOf(week: string[], sheet: TimesheetDetail | undefined): DayRow[] {
  return week.map((date) => {
    const e = sheet?.entries.find((x) => x.date === date);
    return { units: e && e.units > 0 ? formatUnits(e.units) : '', description: e?.description ?? '' };
  });
}

/**
 * One week's sheet: Monday to Sunday with the units and what was done each day, and the actions its viewer has
 * (from the sheet's `can`): the contractor saves a draft and submits it (after confirming), the client approves or
 * rejects it. Without a sheet yet, the contractor of `placement` fills the week in and the first save creates it.
 * Days outside the placement's dates, and days still to come (London calendar), cannot hold time; a week that has
 * not started cannot be filled in or submitted. The total shown is the server's.
 */
export function SheetEditor({
  sheet,
  placement,
  weekStarting,
  unit,
  heading = 'h2',
}: {
  sheet?: TimesheetDetail;
  placement?: Placement;
  weekStarting: string;
  unit: PlacementUnit;
  heading?: 'h2' | 'h3';
}) {
  const week = weekDates(weekStarting);
  const [rows, setRows] = useState<DayRow[]>(() => rowsOf(week, sheet));
  const [errors, setErrors] = useState<(string | undefined)[]>([]);
  const [formError, setFormError] = useState<string | undefined>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  // an administrator correcting an approved sheet: the days open again, with the reason asked for
  const [correcting, setCorrecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [confirmCorrection, setConfirmCorrection] = useState(false);
  const save = useSaveSheet();
  const submit = useSubmitSheet();
  const adjust = useAdjustSheet();
  const uid = useId();
  const busy = save.isPending || submit.isPending || adjust.isPending;

  const todayDate = londonToday(new Date());
  const ahead = (date: string) => isFutureDay(date, todayDate);
  const weekAhead = ahead(weekStarting);
  const editable = !weekAhead && (sheet ? sheet.can.edit || (correcting && sheet.can.adjust) : !!placement?.can.createTimesheet);
  const canSubmit = !weekAhead && (sheet ? sheet.can.submit : !!placement?.can.createTimesheet);
  const inPlacement = (date: string) => !placement || (date >= placement.startDate && date <= placement.endDate);
  // the days that can hold time: within the placement and not after today
  const fillable = (date: string) => inPlacement(date) && !ahead(date);
  const unitLabel = PLACEMENT_UNIT_LABELS[unit];
  const parsed = rows.map((r) => parseUnits(r.units, unit));
  const enteredTotal = sumUnits(parsed.map((p) => (p.ok ? p.units : 0)));
  const dirty = JSON.stringify(rows) !== JSON.stringify(rowsOf(week, sheet));
  const H = heading;

  const setRow = (i: number, patch: Partial<DayRow>) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    if (patch.units !== undefined) setErrors((es) => es.map((e, j) => (j === i ? undefined : e)));
  };

  /** The days to send, or null (with the errors shown and the first bad box focused) when a box is wrong. */
  const entries = (): EntryInput[] | null => {
    const found = parsed.map((p) => (p.ok ? undefined : p.message));
    setErrors(found);
    const first = found.findIndex(Boolean);
    if (first >= 0) {
      document.getElementById(`${uid}-units-${first}`)?.focus();
      setFormError('Check the highlighted days.');
      return null;
    }
    setFormError(undefined);
    return week.flatMap((date, i) => {
      const units = (parsed[i] as { units: number }).units;
      const description = rows[i].description.trim();
      if (!fillable(date) || (units === 0 && !description)) return [];
      return [{ date, units, description: description || null }];
    });
  };

  const persist = async (list: EntryInput[]) => save.mutateAsync({ sheetId: sheet?.id, placementId: placement?.id ?? sheet!.placementId, weekStarting, entries: list });

  const onSave = async () => {
    const list = entries();
    if (!list) return;
    try {
      const saved = await persist(list);
      toast({ variant: 'success', title: 'Draft saved', description: `${unitsText(saved.totalUnits, unit)} for ${weekRange(weekStarting)}.` });
    } catch (e) {
      setFormError(errorDetail(e, 'Could not save the timesheet. Please try again.'));
    }
  };

  const onSubmitClick = () => {
    const list = entries();
    if (!list) return;
    if (sumUnits(list.map((e) => e.units)) <= 0) {
      setFormError(TIMESHEET_MESSAGES.emptySheet);
      document.getElementById(`${uid}-units-${week.findIndex(fillable)}`)?.focus();
      return;
    }
    setConfirmOpen(true);
  };

  const onConfirmSubmit = async () => {
    const list = entries();
    if (!list) return setConfirmOpen(false);
    try {
      const saved = editable && (dirty || !sheet) ? await persist(list) : sheet!;
      const done = await submit.mutateAsync(saved.id);
      toast({ variant: 'success', title: 'Timesheet submitted', description: `${done.clientName} has been asked to approve ${unitsText(done.totalUnits, unit)}.` });
    } catch (e) {
      setFormError(errorDetail(e, 'Could not submit the timesheet. Please try again.'));
    } finally {
      setConfirmOpen(false);
    }
  };

  const onCorrectClick = () => {
    if (!entries()) return;
    if (!reason.trim()) {
      setReasonError(TIMESHEET_MESSAGES.reasonRequired);
      document.getElementById(`${uid}-reason`)?.focus();
      return;
    }
    setReasonError(undefined);
    setConfirmCorrection(true);
  };

  const onConfirmCorrection = async () => {
    const list = entries();
    if (!list || !sheet) return setConfirmCorrection(false);
    try {
      const done = await adjust.mutateAsync({ id: sheet.id, entries: list, reason });
      toast({ variant: 'success', title: 'Time corrected', description: `${unitsText(done.totalUnits, unit)} for ${weekRange(weekStarting)}; the commission follows.` });
      setCorrecting(false);
      setReason('');
    } catch (e) {
      setFormError(errorDetail(e, 'Could not correct the timesheet. Please try again.'));
    } finally {
      setConfirmCorrection(false);
    }
  };

  const cancelCorrection = () => {
    setCorrecting(false);
    setReason('');
    setReasonError(undefined);
    setFormError(undefined);
    setErrors([]);
    setRows(rowsOf(week, sheet));
  };

  return (
    <section aria-labelledby={`${uid}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <H id={`${uid}-title`} className="text-lg font-semibold leading-tight tracking-tight">
            Week of {weekRange(weekStarting)}
          </H>
          <p className="mt-1 text-sm text-muted-foreground">
            {sheet
              ? `${sheet.projectName} · ${sheet.contractorName} for ${sheet.clientName}`
              : placement
                ? `${placement.companyName} · for ${placement.clientName}`
                : null}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {sheet ? <TimesheetStatusBadge status={sheet.status} /> : <span className="text-sm text-muted-foreground">Not started</span>}
          {sheet && (
            <p className="text-sm">
              <span className="text-muted-foreground">Total </span>
              <span className="font-semibold tabular-nums">{unitsText(sheet.totalUnits, unit)}</span>
            </p>
          )}
        </div>
      </div>

      {sheet?.status === 'rejected' && sheet.approvalComments && (
        <div role="note" className="flex gap-3 rounded-lg border border-destructive/20 bg-destructive-soft p-4 text-sm">
          <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <div>
            <p className="font-medium text-destructive">Rejected: {sheet.approvalComments}</p>
            <p className="mt-1 text-muted-foreground">
              {sheet.can.edit ? 'Correct the days below and submit the sheet again.' : 'The contractor will correct it and submit it again.'}
            </p>
          </div>
        </div>
      )}
      {sheet?.status === 'approved' && (
        <div role="note" className="flex gap-3 rounded-lg border border-success/20 bg-success-soft p-4 text-sm">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <div>
            <p className="font-medium text-success">
              Approved{sheet.approvedByName ? ` by ${sheet.approvedByName}` : ''} on {formatDateTime(sheet.approvedAt)}.{' '}
              {sheet.can.adjust ? 'Only an administrator’s recorded correction can change it.' : 'The sheet is locked.'}
            </p>
            {sheet.approvalComments && (
              <p className="mt-1 flex items-start gap-1.5 text-muted-foreground">
                <MessageSquareText className="mt-0.5 size-3.5 shrink-0" aria-hidden /> {sheet.approvalComments}
              </p>
            )}
          </div>
        </div>
      )}
      {sheet?.status === 'pending' && sheet.submittedAt && (
        <p className="text-sm text-muted-foreground">
          Submitted {formatDateTime(sheet.submittedAt)}
          {sheet.can.approve ? ' and waiting for your approval.' : `, waiting for ${sheet.clientName} to approve it.`}
        </p>
      )}

      {weekAhead && (sheet ? sheet.can.edit : placement?.can.createTimesheet) && (
        <p role="note" className="text-sm text-muted-foreground">
          This week has not started yet. Enter each day’s time once the day has come, and submit the week when it has been worked.
        </p>
      )}

      <div className="overflow-hidden rounded-lg border border-border">
        <div aria-hidden className="hidden grid-cols-[10rem_8rem_1fr] gap-3 bg-muted/60 px-4 py-2.5 text-xs font-medium text-muted-foreground sm:grid">
          <span>Day</span>
          <span>{unitLabel}</span>
          <span>{editable ? 'What you worked on' : 'Work done'}</span>
        </div>
        <ul className="divide-y divide-border" aria-label={`Days of the week of ${weekRange(weekStarting)}`}>
          {week.map((date, i) => {
            const open = editable && fillable(date);
            const unitsId = `${uid}-units-${i}`;
            const descId = `${uid}-desc-${i}`;
            const err = errors[i];
            const weekend = i >= 5;
            return (
              <li key={date} className={cn('grid gap-2 px-4 py-3 sm:grid-cols-[10rem_8rem_1fr] sm:items-start sm:gap-3', weekend && 'bg-muted/25')}>
                <div className="flex items-baseline justify-between gap-2 sm:block sm:pt-2">
                  <p className="text-sm font-medium">
                    <span className="sm:hidden">{weekdayName(date)}</span>
                    <span className="hidden sm:inline">{shortWeekday(date)}</span> <span className="text-muted-foreground">{shortDate(date)}</span>
                  </p>
                  {!inPlacement(date) && <p className="text-xs text-muted-foreground">Outside the placement</p>}
                  {inPlacement(date) && ahead(date) && <p className="text-xs text-muted-foreground">Still to come</p>}
                  {!open && inPlacement(date) && !ahead(date) && (
                    // on a phone the day's units sit on the day's line
                    <p className="text-sm font-medium tabular-nums sm:hidden">
                      {rows[i].units ? unitsText(Number(rows[i].units), unit) : <span className="text-muted-foreground">—</span>}
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
                        value={rows[i].units}
                        disabled={busy}
                        onChange={(e) => setRow(i, { units: e.target.value })}
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
                        value={rows[i].description}
                        disabled={busy}
                        onChange={(e) => setRow(i, { description: e.target.value })}
                      />
                    </div>
                  </div>
                ) : (
                  <>
                    <p className="hidden text-sm tabular-nums sm:block sm:pt-2">{rows[i].units || <span className="text-muted-foreground">—</span>}</p>
                    {rows[i].description && <p className="text-sm text-muted-foreground sm:pt-2 sm:text-foreground">{rows[i].description}</p>}
                  </>
                )}
              </li>
            );
          })}
        </ul>
        {editable && (
          <div className="flex items-center justify-between gap-3 border-t border-border bg-muted/40 px-4 py-2.5 text-sm">
            <span className="text-muted-foreground">Entered this week{dirty ? ' (not saved yet)' : ''}</span>
            <span className="font-semibold tabular-nums" aria-live="polite">
              {unitsText(enteredTotal, unit)}
            </span>
          </div>
        )}
      </div>

      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}

      {correcting && (
        <div className="grid gap-1.5">
          <label htmlFor={`${uid}-reason`} className="text-sm font-medium">
            Reason for the correction
          </label>
          <Textarea
            id={`${uid}-reason`}
            rows={2}
            maxLength={TIMESHEET_LIMITS.commentsMax}
            placeholder="e.g. The client and contractor agreed Friday was 6 hours, not 8."
            value={reason}
            disabled={busy}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${uid}-reason-help${reasonError ? ` ${uid}-reason-error` : ''}`}
          />
          <p id={`${uid}-reason-help`} className="text-xs text-muted-foreground">
            Recorded in the audit log and sent to the contractor. The referring partner’s commission is corrected by the difference.
          </p>
          {reasonError && (
            <p id={`${uid}-reason-error`} className="text-[13px] font-medium text-destructive">
              {reasonError}
            </p>
          )}
        </div>
      )}

      {sheet?.can.adjust && (
        <div className="flex flex-wrap justify-end gap-2">
          {correcting ? (
            <>
              <Button variant="outline" onClick={cancelCorrection} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={onCorrectClick} disabled={busy}>
                <Save aria-hidden /> Save correction
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => setCorrecting(true)}>
              <PencilLine aria-hidden /> Correct time
            </Button>
          )}
        </div>
      )}

      {!correcting && (editable || canSubmit || sheet?.can.approve || sheet?.can.reject) && (
        <div className="flex flex-wrap justify-end gap-2">
          {editable && (
            <Button variant="outline" onClick={() => void onSave()} disabled={busy}>
              <Save aria-hidden /> {save.isPending && !confirmOpen ? 'Saving…' : 'Save draft'}
            </Button>
          )}
          {canSubmit && (
            <Button onClick={onSubmitClick} disabled={busy}>
              <Send aria-hidden /> {sheet?.status === 'rejected' ? 'Submit again' : 'Submit for approval'}
            </Button>
          )}
          {sheet?.can.reject && (
            <Button variant="outline" onClick={() => setDecision('reject')}>
              <CircleX aria-hidden /> Reject
            </Button>
          )}
          {sheet?.can.approve && (
            <Button variant="success" onClick={() => setDecision('approve')}>
              <CircleCheck aria-hidden /> Approve
            </Button>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Submit this timesheet?"
        description={`${unitsText(enteredTotal, unit)} for the week of ${weekRange(weekStarting)} go to ${sheet?.clientName ?? placement?.clientName ?? 'the client'} for approval. You cannot change the sheet while it waits; if it is rejected you can correct it and submit it again.`}
        confirm={
          <>
            <Send aria-hidden /> {busy ? 'Submitting…' : 'Submit'}
          </>
        }
        pending={busy}
        onConfirm={() => void onConfirmSubmit()}
      />
      <ConfirmDialog
        open={confirmCorrection}
        onOpenChange={setConfirmCorrection}
        title="Correct this approved timesheet?"
        description={`The week of ${weekRange(weekStarting)} changes from ${sheet ? unitsText(sheet.totalUnits, unit) : ''} to ${unitsText(enteredTotal, unit)}. The referring partner’s commission for that month is corrected by the difference, and the change and your reason are recorded in the audit log.`}
        confirm={
          <>
            <Save aria-hidden /> {adjust.isPending ? 'Saving…' : 'Save correction'}
          </>
        }
        pending={adjust.isPending}
        onConfirm={() => void onConfirmCorrection()}
      />
      {sheet && decision && <DecisionDialog sheet={sheet} decision={decision} open onOpenChange={(o) => !o && setDecision(null)} />}
    </section>
  );
}

import { Save, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { TIMESHEET_MESSAGES, type PlacementUnit } from '../../../../common/constants/timesheets.ts';
import type { Placement, TimesheetDetail } from '../../../../common/schemas/timesheets.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useAdjustSheet, useSaveSheet, useSubmitSheet, type EntryInput } from '../api/timesheets.ts';
import { sumUnits, unitsText, weekRange } from '../lib/week.ts';
import { CorrectionForm } from './CorrectionForm.tsx';
import { DecisionDialog } from './DecisionDialog.tsx';
import { SheetActions } from './SheetActions.tsx';
import { SheetStatusNote } from './SheetStatusNote.tsx';
import { TimesheetStatusBadge } from './TimesheetStatusBadge.tsx';
import { useWeekEntries } from './useWeekEntries.ts';
import { WeekGrid } from './WeekGrid.tsx';

/**
 * One week's sheet: Monday to Sunday with the units and what was done each day, and the actions its viewer has
 * (from the sheet's `can`): the contractor saves a draft and submits it (after confirming), the client approves or
 * rejects it, an administrator corrects approved time with a reason. Without a sheet yet, the contractor of
 * `placement` fills the week in and the first save creates it. The total shown is the server's.
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
  // an administrator correcting an approved sheet: the days open again, with the reason asked for
  const [correcting, setCorrecting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [confirmCorrection, setConfirmCorrection] = useState(false);
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const w = useWeekEntries({ sheet, placement, weekStarting, unit, correcting });
  const save = useSaveSheet();
  const submit = useSubmitSheet();
  const adjust = useAdjustSheet();
  const uid = useId();
  const busy = save.isPending || submit.isPending || adjust.isPending;
  const formError = w.form.formState.errors.root?.message;
  const H = heading;

  const persist = async (list: EntryInput[]) => save.mutateAsync({ sheetId: sheet?.id, placementId: placement?.id ?? sheet!.placementId, weekStarting, entries: list });

  const onSave = async () => {
    const list = await w.entries();
    if (!list) return;
    try {
      const saved = await persist(list);
      toast({ variant: 'success', title: 'Draft saved', description: `${unitsText(saved.totalUnits, unit)} for ${weekRange(weekStarting)}.` });
    } catch (e) {
      w.say(errorDetail(e, 'Could not save the timesheet. Please try again.'));
    }
  };

  const onSubmitClick = async () => {
    const list = await w.entries();
    if (!list) return;
    if (sumUnits(list.map((e) => e.units)) <= 0) {
      w.say(TIMESHEET_MESSAGES.emptySheet);
      w.focusFirstDay();
      return;
    }
    setConfirmOpen(true);
  };

  const onConfirmSubmit = async () => {
    const list = await w.entries();
    if (!list) return setConfirmOpen(false);
    try {
      const saved = w.editable && (w.dirty || !sheet) ? await persist(list) : sheet!;
      const done = await submit.mutateAsync(saved.id);
      toast({ variant: 'success', title: 'Timesheet submitted', description: `${done.clientName} has been asked to approve ${unitsText(done.totalUnits, unit)}.` });
    } catch (e) {
      w.say(errorDetail(e, 'Could not submit the timesheet. Please try again.'));
    } finally {
      setConfirmOpen(false);
    }
  };

  const onCorrectClick = async () => {
    if (!(await w.entries())) return;
    if (!(await w.form.trigger('reason', { shouldFocus: true }))) return;
    setConfirmCorrection(true);
  };

  const onConfirmCorrection = async () => {
    const list = await w.entries();
    if (!list || !sheet) return setConfirmCorrection(false);
    try {
      const done = await adjust.mutateAsync({ id: sheet.id, entries: list, reason: w.form.getValues('reason') });
      toast({ variant: 'success', title: 'Time corrected', description: `${unitsText(done.totalUnits, unit)} for ${weekRange(weekStarting)}; the commission follows.` });
      setCorrecting(false);
      w.form.setValue('reason', '');
    } catch (e) {
      if (!placeServerErrors(e, ['reason'], w.form.setError)) w.say(errorDetail(e, 'Could not correct the timesheet. Please try again.'));
    } finally {
      setConfirmCorrection(false);
    }
  };

  const cancelCorrection = () => {
    setCorrecting(false);
    w.resetDays();
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

      <SheetStatusNote sheet={sheet} placement={placement} weekAhead={w.weekAhead} />
      <WeekGrid entries={w} uid={uid} unit={unit} weekStarting={weekStarting} busy={busy} />

      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}

      {correcting && <CorrectionForm entries={w} uid={uid} busy={busy} />}

      <SheetActions
        sheet={sheet}
        editable={w.editable}
        canSubmit={w.canSubmit}
        correcting={correcting}
        busy={busy}
        saving={save.isPending && !confirmOpen}
        on={{
          save: () => void onSave(),
          submit: () => void onSubmitClick(),
          decide: setDecision,
          startCorrection: () => setCorrecting(true),
          cancelCorrection,
          saveCorrection: () => void onCorrectClick(),
        }}
      />

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Submit this timesheet?"
        description={`${unitsText(w.enteredTotal, unit)} for the week of ${weekRange(weekStarting)} go to ${sheet?.clientName ?? placement?.clientName ?? 'the client'} for approval. You cannot change the sheet while it waits; if it is rejected you can correct it and submit it again.`}
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
        description={`The week of ${weekRange(weekStarting)} changes from ${sheet ? unitsText(sheet.totalUnits, unit) : ''} to ${unitsText(w.enteredTotal, unit)}. The referring partner’s commission for that month is corrected by the difference, and the change and your reason are recorded in the audit log.`}
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

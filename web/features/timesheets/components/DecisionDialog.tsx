import { CircleCheck, CircleX } from 'lucide-react';
import { useState } from 'react';
import { TIMESHEET_LIMITS } from '../../../../common/constants/timesheets.ts';
import type { TimesheetDetail } from '../../../../common/schemas/timesheets.ts';
import { timesheetApproveSchema, timesheetRejectSchema } from '../../../../common/schemas/timesheets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useDecideSheet } from '../api/timesheets.ts';
import { unitsText, weekRange } from '../lib/week.ts';

/**
 * Approve (an optional comment) or reject (the reason is required, so the contractor knows what to correct) a
 * pending sheet. The server's message is shown when it refuses (someone else decided first, say).
 */
export function DecisionDialog({
  sheet,
  decision,
  open,
  onOpenChange,
}: {
  sheet: TimesheetDetail;
  decision: 'approve' | 'reject';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const decide = useDecideSheet();
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | undefined>();
  const approve = decision === 'approve';
  const id = `decision-comments-${decision}`;
  const close = (o: boolean) => {
    if (decide.isPending) return;
    if (!o) {
      setComments('');
      setError(undefined);
      decide.reset();
    }
    onOpenChange(o);
  };
  const confirm = () => {
    const parsed = (approve ? timesheetApproveSchema : timesheetRejectSchema).safeParse({ comments });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    decide.mutate(
      { id: sheet.id, decision, comments },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: approve ? 'Timesheet approved' : 'Timesheet rejected',
            description: approve ? `${sheet.contractorName} has been told.` : `${sheet.contractorName} will correct it and submit it again.`,
          });
          close(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{approve ? 'Approve this timesheet?' : 'Reject this timesheet'}</DialogTitle>
          <DialogDescription>
            {sheet.contractorName} · {sheet.projectName} · {weekRange(sheet.weekStarting)} · {unitsText(sheet.totalUnits, sheet.unit)}.{' '}
            {approve ? 'Once approved the sheet is locked.' : 'Say what needs correcting; the contractor reads your comments.'}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          <Field id={id} label="Comments" optional={approve} error={error} hint={`${comments.length.toLocaleString('en-GB')} / ${TIMESHEET_LIMITS.commentsMax}`}>
            <Textarea
              rows={4}
              value={comments}
              maxLength={TIMESHEET_LIMITS.commentsMax}
              onChange={(e) => setComments(e.target.value)}
              disabled={decide.isPending}
              placeholder={approve ? 'Thanks — all as agreed.' : 'For example: Friday should be 6 hours, not 8.'}
              {...fieldA11y(id, error, true)}
            />
          </Field>
          {decide.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorDetail(decide.error, 'Could not record your decision. Please try again.')}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={decide.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant={approve ? 'success' : 'destructive'} disabled={decide.isPending}>
              {approve ? <CircleCheck aria-hidden /> : <CircleX aria-hidden />}
              {decide.isPending ? (approve ? 'Approving…' : 'Rejecting…') : approve ? 'Approve' : 'Reject timesheet'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { CircleCheck, CircleX, MessageSquareText } from 'lucide-react';
import type { Placement, TimesheetDetail } from '../../../../common/schemas/timesheets.ts';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * What the sheet's status means for its viewer: why it was rejected (and who corrects it), who approved it and
 * whether it can still change, who it waits for; and, for a week that has not started, when it can be filled in.
 */
export function SheetStatusNote({ sheet, placement, weekAhead }: { sheet?: TimesheetDetail; placement?: Placement; weekAhead: boolean }) {
  return (
    <>
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
    </>
  );
}

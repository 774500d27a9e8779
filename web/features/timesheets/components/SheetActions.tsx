import { CircleCheck, CircleX, PencilLine, Save, Send } from 'lucide-react';
import type { TimesheetDetail } from '../../../../common/schemas/timesheets.ts';
import { Button } from '../../../components/ui/button.tsx';

/**
 * The sheet's buttons, as its `can` allows: an administrator's Correct time (then Cancel and Save correction);
 * otherwise Save draft and Submit for the contractor, Reject and Approve for the client.
 */
export function SheetActions({
  sheet,
  editable,
  canSubmit,
  correcting,
  busy,
  saving,
  on,
}: {
  sheet?: TimesheetDetail;
  editable: boolean;
  canSubmit: boolean;
  correcting: boolean;
  busy: boolean;
  /** A draft is being saved (not as part of submitting). */
  saving: boolean;
  on: {
    save: () => void;
    submit: () => void;
    decide: (decision: 'approve' | 'reject') => void;
    startCorrection: () => void;
    cancelCorrection: () => void;
    saveCorrection: () => void;
  };
}) {
  return (
    <>
      {sheet?.can.adjust && (
        <div className="flex flex-wrap justify-end gap-2">
          {correcting ? (
            <>
              <Button variant="outline" onClick={on.cancelCorrection} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={on.saveCorrection} disabled={busy}>
                <Save aria-hidden /> Save correction
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={on.startCorrection}>
              <PencilLine aria-hidden /> Correct time
            </Button>
          )}
        </div>
      )}

      {!correcting && (editable || canSubmit || sheet?.can.approve || sheet?.can.reject) && (
        <div className="flex flex-wrap justify-end gap-2">
          {editable && (
            <Button variant="outline" onClick={on.save} disabled={busy}>
              <Save aria-hidden /> {saving ? 'Saving…' : 'Save draft'}
            </Button>
          )}
          {canSubmit && (
            <Button onClick={on.submit} disabled={busy}>
              <Send aria-hidden /> {sheet?.status === 'rejected' ? 'Submit again' : 'Submit for approval'}
            </Button>
          )}
          {sheet?.can.reject && (
            <Button variant="outline" onClick={() => on.decide('reject')}>
              <CircleX aria-hidden /> Reject
            </Button>
          )}
          {sheet?.can.approve && (
            <Button variant="success" onClick={() => on.decide('approve')}>
              <CircleCheck aria-hidden /> Approve
            </Button>
          )}
        </div>
      )}
    </>
  );
}

import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { REPORT_REASON_MAX, reportCreateSchema, type ReportTargetType } from '../../../../../common/schemas/moderation.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../../components/ui/field.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { ApiError, errorDetail } from '../../../../lib/api.ts';
import { toast } from '../../../../lib/toast.ts';
import { REPORT_THANKS, useReport } from '../../api/reports.ts';

/** What is being reported: a post or a comment, its id, and how the dialog names it ("the post “Title”"). */
export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  label: string;
}

/** The form; mounted afresh each time the dialog opens, so it always starts empty. */
function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const report = useReport();
  const over = reason.length > REPORT_REASON_MAX;

  const submit = () => {
    const parsed = reportCreateSchema.safeParse({ targetType: target.type, targetId: target.id, reason });
    if (!parsed.success) return setError(parsed.error.issues.find((i) => i.path[0] === 'reason')?.message ?? parsed.error.issues[0]?.message);
    report.mutate(parsed.data, {
      onSuccess: () => {
        toast({ variant: 'success', title: REPORT_THANKS });
        onDone();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 409) {
          toast({ title: 'Already reported', description: e.detail || 'You have already reported this.' });
          return onDone();
        }
        const field = e instanceof ApiError ? e.issues.find((i) => i.path === 'reason') : undefined;
        if (field) return setError(field.message);
        toast({ variant: 'destructive', title: 'Could not send the report', description: errorDetail(e, 'Please try again.') });
      },
    });
  };

  const busy = report.isPending;
  const fieldId = `${id}-reason`;
  return (
    <form
      noValidate
      aria-label="Report to the moderators"
      className="grid grid-cols-1 gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field
        id={fieldId}
        label="What is wrong with it?"
        error={error}
        hint={<span className={over ? 'font-medium text-destructive' : undefined}>{`${reason.length}/${REPORT_REASON_MAX}`}</span>}
      >
        <Textarea
          {...fieldA11y(fieldId, error, true)}
          aria-required
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          rows={4}
          placeholder="For example: it is offensive, it is spam, or it shares someone’s personal details."
          disabled={busy}
        />
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || over}>
          {busy ? <Spinner className="size-4 text-primary-foreground" label="Sending" /> : <Flag aria-hidden />}
          {busy ? 'Sending…' : 'Send Report'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Report a post or a comment to the moderators: the reason (required, at most REPORT_REASON_MAX characters, with
 * its counter); once sent, a thank-you. Only the administrators see who reported what.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  return (
    <Dialog open={!!target} onOpenChange={(o) => !o && onClose()}>
      {target && (
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Report {target.type === 'post' ? 'post' : 'comment'}</DialogTitle>
            <DialogDescription>The moderators will look at {target.label} and may hide it from the community. Its author is not told who reported it.</DialogDescription>
          </DialogHeader>
          <ReportForm target={target} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

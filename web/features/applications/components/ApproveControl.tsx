import { Check, CircleAlert, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { outstandingChecks, type PendingApplication } from '../../../../common/schemas/applications.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/utils.ts';
import { useResendApplicantVerification } from '../api/applications.ts';

/**
 * An Approve button that says why it cannot be pressed (next to it, not only in a tooltip) and, while review
 * steps are still open, asks for a confirmation naming them. Shown when the application may be approved, or
 * would be but for a reason the server gives (an e-mail address not yet verified).
 */
export function ApproveControl({
  application: a,
  busy,
  approving,
  onApprove,
  label = 'Approve',
  size = 'sm',
  competitorBlocks = true,
  className,
}: {
  application: PendingApplication;
  busy: boolean;
  approving: boolean;
  onApprove: () => void;
  label?: string;
  size?: 'sm' | 'default';
  /** The quick Approve waits for a competitor flag to be cleared; the review dialog's decision warns instead. */
  competitorBlocks?: boolean;
  className?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  if (!a.can.approve && !a.can.approveBlockedReason) return null;
  const reason = a.can.approveBlockedReason ?? (competitorBlocks && a.competitorFlag ? 'Clear the competitor flag before approving.' : null);
  const open = outstandingChecks(a);
  const approve = () => (open.length ? setConfirming(true) : onApprove());

  return (
    <div className={cn('flex flex-col items-start gap-1.5 sm:items-end', className)}>
      <Button variant="success" size={size} onClick={approve} disabled={busy || !!reason} aria-describedby={reason ? reasonId : undefined}>
        {approving ? <Spinner className="size-4 text-white" label="Approving" /> : <Check aria-hidden />}
        {label}
      </Button>
      {reason && (
        <p id={reasonId} className="max-w-72 text-xs text-muted-foreground sm:text-right">
          <CircleAlert className="mr-1 inline size-3.5 align-[-3px] text-warning" aria-hidden />
          {reason}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Approve with checks still open?"
        description={
          <>
            {`${a.user.firstName} ${a.user.lastName}`.trim()} will become a member and be told by email. These review steps are not done yet:
            <span className="mt-2 block font-medium text-foreground">{open.join(', ')}.</span>
          </>
        }
        confirm={
          <>
            <Check aria-hidden /> Approve anyway
          </>
        }
        onConfirm={onApprove}
      />
    </div>
  );
}

/** Mails the applicant a new verification link; shown while their address is not verified. */
export function ResendVerificationButton({ application: a, size = 'sm' }: { application: PendingApplication; size?: 'sm' | 'default' }) {
  const resend = useResendApplicantVerification();
  if (!a.can.resendVerification) return null;
  return (
    <Button variant="outline" size={size} disabled={resend.isPending} onClick={() => resend.mutate({ userId: a.userId })}>
      {resend.isPending ? <Spinner className="size-4" label="Sending" /> : <Send aria-hidden />}
      Resend verification email
    </Button>
  );
}

import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { useResendVerification } from '../../auth/index.ts';

/**
 * Shown to an applicant whose e-mail address is not yet verified: where the link went, and a button for a new
 * one (the server allows a few an hour and says when to try again).
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <section aria-labelledby="verify-email-heading" className="rounded-lg border border-warning/30 bg-warning-soft p-4">
      <div className="flex gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <div className="grid gap-2">
          <h2 id="verify-email-heading" className="text-sm font-semibold">
            Please verify your email address
          </h2>
          <p className="text-sm text-muted-foreground">
            We sent a verification link to <strong className="font-medium text-foreground">{email}</strong>. Open it to confirm the address belongs to you.
          </p>
          {resend.isSuccess && (
            <p role="status" className="text-sm font-medium text-success">
              A new verification link is on its way.
            </p>
          )}
          {resend.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorDetail(resend.error, 'We could not send a new link. Please try again later.')}
            </p>
          )}
          <div>
            <Button variant="outline" size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
              {resend.isPending && <Spinner className="size-4" label="Sending" />}
              Resend verification email
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

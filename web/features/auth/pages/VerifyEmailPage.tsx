import { CircleCheck, MailCheck, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { useConfirmEmail } from '../api/verification.ts';
import { AuthLayout } from '../components/AuthLayout.tsx';

/**
 * /verify-email?token=…: the page the verification e-mail links to, for everyone (signed out, pending or a
 * member). Opening it changes nothing; the button posts the token, so a mail scanner that follows links
 * cannot confirm an address on someone's behalf.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  const signedIn = !!useCurrentUser().data;
  const onward = signedIn ? { to: '/', label: 'Continue' } : { to: '/login', label: 'Go to sign in' };

  return (
    <AuthLayout title="Verify your email" subtitle="Confirm that this email address belongs to you">
      <Card>
        <CardContent className="grid gap-5 pt-6 text-center">
          {confirm.isSuccess ? (
            <>
              <CircleCheck className="mx-auto size-10 text-success" aria-hidden />
              <p role="status" className="text-[15px] font-semibold">
                Your email address is verified.
              </p>
              <Button asChild>
                <Link to={onward.to}>{onward.label}</Link>
              </Button>
            </>
          ) : !token ? (
            <>
              <TriangleAlert className="mx-auto size-10 text-warning" aria-hidden />
              <p role="alert" className="text-sm text-muted-foreground">
                This link is incomplete. Please open the link from your email again, or request a new one from your application status page.
              </p>
              <Button asChild variant="outline">
                <Link to={onward.to}>{onward.label}</Link>
              </Button>
            </>
          ) : (
            <>
              <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
              <p className="text-sm text-muted-foreground">Press the button to confirm your email address.</p>
              {confirm.isError && (
                <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
                  {errorDetail(confirm.error, 'We could not verify your email address. Please try again.')}
                </p>
              )}
              <Button size="lg" onClick={() => confirm.mutate({ token })} disabled={confirm.isPending}>
                {confirm.isPending && <Spinner className="size-4" label="Verifying" />}
                Confirm my email address
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

import { CircleCheck, CircleX, Clock, LogOut, Mail } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { REJECTION_REASON_LABELS, type RejectionReason } from '../../../../common/constants/options.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { api } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { useDocumentTitle, useSite } from '../../../lib/site.ts';
import { VerifyEmailNotice } from '../components/VerifyEmailNotice.tsx';

const TITLES = { pending: 'Application Under Review', rejected: 'Application Not Approved', approved: 'Application Approved' } as const;

const NEXT_STEPS = [
  { title: 'Application review', text: 'Our membership team reviews your professional background, experience and goals.' },
  { title: 'Background verification', text: 'We verify your company, LinkedIn profile and professional references.' },
  { title: 'Discovery call', text: 'A member of our team may invite you to a short call to get to know you.' },
  { title: 'Decision and access', text: 'You will receive our decision by email, with your access details if approved.' },
];

function reasonLabel(reason: string | null): string | null {
  if (!reason) return null;
  return REJECTION_REASON_LABELS[reason as RejectionReason] ?? reason;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

/**
 * What a pending or rejected applicant sees on every path. Signing
 * out posts logout and reloads the page, which starts again signed out.
 */
export function ApplicationStatusPage() {
  const { data: user } = useCurrentUser();
  const { brandName, supportEmail } = useSite();
  const [signingOut, setSigningOut] = useState(false);
  const status = (user?.accountStatus ?? 'pending') as CurrentUser['accountStatus'];
  const title = TITLES[status] ?? TITLES.approved;
  useDocumentTitle(title);
  if (!user) return null;

  const signOut = async () => {
    setSigningOut(true);
    try {
      await api.post('/api/auth/logout');
    } finally {
      window.location.reload();
    }
  };

  const reviewedAt = user.rejectedAt ?? user.approvedAt;
  const reason = reasonLabel(user.rejectionReason);
  const StatusIcon = status === 'pending' ? Clock : status === 'rejected' ? CircleX : CircleCheck;

  return (
    <main className="min-h-dvh bg-background px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-2xl">
        <div className="mb-8 flex items-center justify-between gap-4">
          <div className="flex items-center gap-2.5">
            <BrandMark />
            <span className="text-[15px] font-semibold tracking-tight">{brandName}</span>
          </div>
          <Button variant="outline" size="sm" onClick={signOut} disabled={signingOut}>
            {signingOut ? <Spinner className="size-4" label="Signing out" /> : <LogOut aria-hidden />}
            Sign Out
          </Button>
        </div>

        <Card>
          <CardHeader className="items-start gap-4 sm:flex-row sm:items-center">
            <div
              className={
                status === 'rejected'
                  ? 'flex size-12 shrink-0 items-center justify-center rounded-full bg-destructive-soft text-destructive'
                  : status === 'pending'
                    ? 'flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary'
                    : 'flex size-12 shrink-0 items-center justify-center rounded-full bg-success-soft text-success'
              }
            >
              <StatusIcon className="size-6" aria-hidden />
            </div>
            <div>
              <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
              <p className="mt-1 text-sm text-muted-foreground">
                {status === 'pending'
                  ? `Thank you for applying to ${brandName}. Your application is being reviewed.`
                  : status === 'rejected'
                    ? `Thank you for your interest in ${brandName}. We are unable to approve your application at this time.`
                    : `Welcome to ${brandName}. Your membership is active.`}
              </p>
            </div>
          </CardHeader>
          <CardContent className="grid gap-8">
            {status === 'pending' && !user.emailVerified && <VerifyEmailNotice email={user.email} />}
            <section aria-labelledby="status-details">
              <h2 id="status-details" className="sr-only">
                Application details
              </h2>
              <dl className="grid gap-4 rounded-lg border border-border bg-muted/40 p-4 sm:grid-cols-2">
                <Detail label="Name">
                  {user.firstName} {user.lastName}
                </Detail>
                <Detail label="Email">{user.email}</Detail>
                <Detail label="Company">{user.company || '—'}</Detail>
                <Detail label="Job title">{user.jobTitle || '—'}</Detail>
                <Detail label="Applied">{formatLongDate(user.appliedAt ?? user.createdAt)}</Detail>
                <Detail label="Status">
                  <Badge variant={status === 'rejected' ? 'destructive' : status === 'pending' ? 'warning' : 'success'}>
                    {status === 'pending' ? 'Under review' : status === 'rejected' ? 'Not approved' : 'Approved'}
                  </Badge>
                </Detail>
                {user.approvedAt && <Detail label="Approved">{formatLongDate(user.approvedAt)}</Detail>}
                {reviewedAt && status !== 'pending' && <Detail label="Reviewed">{formatLongDate(reviewedAt)}</Detail>}
                {reason && <Detail label="Reason">{reason}</Detail>}
              </dl>
            </section>

            {status === 'pending' && (
              <section aria-labelledby="next-steps">
                <h2 id="next-steps" className="text-base font-semibold">
                  What happens next
                </h2>
                <ol className="mt-4 grid gap-4">
                  {NEXT_STEPS.map((step, i) => (
                    <li key={step.title} className="flex gap-4">
                      <span
                        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
                        aria-hidden
                      >
                        {i + 1}
                      </span>
                      <div>
                        <p className="text-sm font-semibold">{step.title}</p>
                        <p className="text-sm text-muted-foreground">{step.text}</p>
                      </div>
                    </li>
                  ))}
                </ol>
              </section>
            )}

            {status === 'rejected' && (
              <section aria-labelledby="reapply" className="rounded-lg border border-border p-4">
                <h2 id="reapply" className="text-base font-semibold">
                  Reapplying
                </h2>
                <p className="mt-2 text-sm text-muted-foreground">
                  Circumstances change, and so can our decision. You are welcome to apply again in the future when your experience or situation has developed.
                  {reason && (
                    <>
                      {' '}
                      This decision was made for the following reason: <strong className="font-semibold text-foreground">{reason}</strong>.
                    </>
                  )}
                </p>
                <p className="mt-2 text-sm text-muted-foreground">
                  If you believe we have missed something, please contact our membership team to ask for reconsideration.
                </p>
              </section>
            )}

            <div className="flex flex-col gap-3 border-t border-border pt-6 text-sm sm:flex-row sm:items-center sm:justify-between">
              <p className="flex items-center gap-2 text-muted-foreground">
                <Mail className="size-4 shrink-0" aria-hidden />
                <span>
                  Questions? Contact us at{' '}
                  <a href={`mailto:${supportEmail}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    {supportEmail}
                  </a>
                </span>
              </p>
            </div>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

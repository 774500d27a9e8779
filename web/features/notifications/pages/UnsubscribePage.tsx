import { BellOff, CircleCheck, MailX, TriangleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { AuthLayout } from '../../auth/index.ts';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/unsubscribe.ts';

const PREFERENCES = '/profile-settings?tab=preferences';

/**
 * /unsubscribe?token=…: the page a notification e-mail's footer links to, for everyone (no sign-in: the link is the
 * proof). Opening it only shows which e-mails it stops; the button unsubscribes, so a mail scanner that follows
 * links changes nothing.
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);
  const groups = info.data?.groups ?? [];
  const labels = groups.map((g) => g.label.toLowerCase());
  const names = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');

  let body;
  if (!token || info.isError) {
    body = (
      <>
        <TriangleAlert className="mx-auto size-10 text-warning" aria-hidden />
        <p role="alert" className="text-sm text-muted-foreground">
          {token
            ? errorDetail(info.error, 'We could not read this unsubscribe link.')
            : 'This link is incomplete. Please open the unsubscribe link from your e-mail again, or choose your e-mails in Profile Settings.'}
        </p>
      </>
    );
  } else if (info.isPending) {
    body = <Spinner className="mx-auto size-8" label="Loading" />;
  } else if (info.data?.unsubscribed) {
    body = (
      <>
        <CircleCheck className="mx-auto size-10 text-success" aria-hidden />
        <div className="grid gap-1.5">
          <p role="status" className="text-[15px] font-semibold">
            You are unsubscribed
          </p>
          <p className="text-sm text-muted-foreground">
            We will no longer e-mail you about {names}. You still see these updates in the app, and e-mails you asked for yourself (such as a data export) always reach
            you.
          </p>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <MailX className="mx-auto size-10 text-primary" aria-hidden />
        <div className="grid gap-3 text-left">
          <p className="text-center text-sm text-muted-foreground">Press Unsubscribe to stop these e-mails:</p>
          <ul className="grid gap-2">
            {groups.map((g) => (
              <li key={g.id} className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
                <BellOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">{g.label}</span>
                  <span className="text-[13px] text-muted-foreground">{g.description}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        {unsubscribe.isError && (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive">
            {errorDetail(unsubscribe.error, 'We could not unsubscribe you. Please try again.')}
          </p>
        )}
        <Button size="lg" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
          {unsubscribe.isPending && <Spinner className="size-4" label="Unsubscribing" />}
          Unsubscribe
        </Button>
      </>
    );
  }

  return (
    <AuthLayout title="Unsubscribe" subtitle="Choose which notification e-mails reach you">
      <Card>
        <CardContent className="grid gap-5 pt-6 text-center">
          {body}
          <p className="text-sm text-muted-foreground">
            Every e-mail choice is in{' '}
            <Link to={PREFERENCES} className="font-medium text-primary underline-offset-4 hover:underline">
              Profile Settings → Preferences
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}

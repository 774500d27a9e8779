import { Check, UserPlus, X } from 'lucide-react';
import { LoadErrorBanner } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useIncomingRequests, useRespondToConnection } from '../../members/index.ts';

/**
 * Connection requests other members sent to the signed-in member, with Accept / Decline. Shown only when
 * there is something to answer (nothing while loading, so the dashboard does not jump).
 */
export function ConnectionRequests() {
  const connections = useIncomingRequests();
  const respond = useRespondToConnection();

  /** The answered row goes away with its buttons: keep keyboard focus on what is left, not the page body. */
  const answer = (id: string, name: string, status: 'accepted' | 'declined') =>
    respond.mutate(
      { id, name, status },
      {
        onSettled: () =>
          window.setTimeout(() => {
            if (document.activeElement && document.activeElement !== document.body) return;
            const next = document.querySelector<HTMLElement>('[data-connection-requests] button');
            (next ?? document.getElementById('main-content'))?.focus({ preventScroll: true });
          }, 300),
      },
    );

  if (connections.isError && !connections.data) {
    return <LoadErrorBanner what="your connection requests" error={connections.error} onRetry={() => void connections.refetch()} />;
  }
  // the server sends who may answer each request; only those this member can answer are shown
  const requests = (connections.data?.items ?? []).filter((c) => c.can.respond);
  if (!requests.length) return null;

  return (
    <Card aria-labelledby="requests-heading" role="region">
      <CardHeader>
        <CardTitle id="requests-heading" className="flex items-center gap-2 text-base">
          <UserPlus className="size-4 text-primary" aria-hidden /> Connection requests
          <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold tabular-nums text-primary">{connections.data?.total ?? requests.length}</span>
        </CardTitle>
        <CardDescription>Members who would like to connect with you.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul data-connection-requests className="divide-y divide-border rounded-lg border border-border">
          {requests.map((r) => {
            const other = r.otherMember;
            const name = `${other.firstName} ${other.lastName}`.trim();
            const busy = respond.isPending && respond.variables?.id === r.id;
            const role = [other.jobTitle, other.company].filter(Boolean).join(' at ');
            return (
              <li key={r.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <UserAvatar person={other} />
                  <div className="min-w-0">
                    <p className="text-sm font-semibold">{name}</p>
                    {role && <p className="truncate text-sm text-muted-foreground">{role}</p>}
                    {r.message && <p className="mt-1.5 whitespace-pre-line break-words text-sm text-foreground/85">“{r.message}”</p>}
                    <p className="mt-1 text-xs text-muted-foreground">Sent {formatDate(r.createdAt)}</p>
                  </div>
                </div>
                <div className="flex shrink-0 gap-2 pl-[52px] sm:pl-0">
                  <Button size="sm" disabled={respond.isPending} onClick={() => answer(r.id, name, 'accepted')} aria-label={`Accept connection request from ${name}`}>
                    {busy && respond.variables?.status === 'accepted' ? <Spinner className="size-4 text-primary-foreground" label="Accepting" /> : <Check aria-hidden />}
                    Accept
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={respond.isPending}
                    onClick={() => answer(r.id, name, 'declined')}
                    aria-label={`Decline connection request from ${name}`}
                  >
                    {busy && respond.variables?.status === 'declined' ? <Spinner className="size-4" label="Declining" /> : <X aria-hidden />}
                    Decline
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

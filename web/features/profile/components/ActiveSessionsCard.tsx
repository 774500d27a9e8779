import { Laptop, LogOut, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import type { ActiveSession } from '../../../../common/schemas/security.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useActiveSessions, useRevokeSession, useSignOutOtherSessions } from '../api/security.ts';
import { lastSeenText } from '../../../lib/last-seen.ts';

const DEVICE_ICONS = { desktop: Laptop, mobile: Smartphone, tablet: Tablet } as const;
/** How many sessions the list shows before "Show all": a long list must not push everything else down the page. */
export const SESSIONS_SHOWN = 5;

function SessionRow({ session, onSignOut, busy }: { session: ActiveSession; onSignOut: () => void; busy: boolean }) {
  const Icon = DEVICE_ICONS[session.device];
  const name = `${session.browser} on ${session.os}`;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border px-3 py-3 sm:flex-nowrap">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {name}
          {session.current && <Badge variant="success">This device</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.current ? 'Active now' : `Last seen ${lastSeenText(session.lastSeenAt).replace(/^Active now$/, 'just now')}`}
          {session.ip ? ` · ${session.ip}` : ''} · Signed in {formatDateTime(session.createdAt)}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onSignOut} disabled={busy} aria-label={`Sign out ${name}${session.current ? ' (this device)' : ''}`}>
        <LogOut aria-hidden /> Sign out
      </Button>
    </li>
  );
}

/**
 * Active Sessions: every device signed in to this account, this one first then the most recently active (expired
 * ones are not listed); sign one out (others after a confirmation) or all the others at once, from a button above
 * the list. A long list shows its first few until "Show all".
 */
export function ActiveSessionsCard() {
  const list = useActiveSessions();
  const revoke = useRevokeSession();
  const others = useSignOutOtherSessions();
  const [confirming, setConfirming] = useState<ActiveSession | 'others' | null>(null);
  const [showAll, setShowAll] = useState(false);
  const items = list.data?.items ?? [];
  const shown = showAll ? items : items.slice(0, SESSIONS_SHOWN);
  const otherCount = items.filter((s) => !s.current).length;

  const signOut = (s: ActiveSession) => {
    revoke.mutate(s, {
      onSuccess: () => {
        setConfirming(null);
        if (!s.current) toast({ variant: 'success', title: 'Signed out', description: `${s.browser} on ${s.os} has been signed out.` });
      },
      onError: (err) => {
        setConfirming(null);
        toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Could not sign out that device. Please try again.') });
      },
    });
  };
  const signOutOthers = () =>
    others.mutate(undefined, {
      onSuccess: ({ signedOut }) => {
        setConfirming(null);
        toast({
          variant: 'success',
          title: 'Other sessions signed out',
          description: `${signedOut} other ${signedOut === 1 ? 'session was' : 'sessions were'} signed out.`,
        });
      },
      onError: (err) => {
        setConfirming(null);
        toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Could not sign out your other sessions. Please try again.') });
      },
    });

  const target = confirming && confirming !== 'others' ? confirming : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <MonitorSmartphone className="size-4" aria-hidden /> Active Sessions
        </CardTitle>
        <CardDescription>The devices signed in to your account. If you do not recognise one, sign it out and change your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {list.isLoading ? (
          <div className="grid gap-2">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : !list.data ? (
          <LoadErrorNotice what="your sessions" error={list.error} onRetry={() => void list.refetch()} boxed />
        ) : (
          <>
            {otherCount > 0 ? (
              <div>
                <Button variant="outline" onClick={() => setConfirming('others')} disabled={others.isPending}>
                  <LogOut aria-hidden /> Sign out other sessions
                </Button>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>
            )}
            <ul id="active-sessions-list" className="grid gap-2" aria-label="Active sessions">
              {shown.map((s) => (
                <SessionRow key={s.id} session={s} busy={revoke.isPending} onSignOut={() => (s.current ? signOut(s) : setConfirming(s))} />
              ))}
            </ul>
            {items.length > SESSIONS_SHOWN && (
              <div>
                <Button variant="link" aria-controls="active-sessions-list" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
                  {showAll ? 'Show fewer' : `Show all ${items.length} sessions`}
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={!!target}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Sign out this device?"
        description={target ? `${target.browser} on ${target.os} will be signed out at once and will need your password to sign in again.` : ''}
        confirm={revoke.isPending ? <Spinner className="size-4" label="Signing out" /> : 'Sign out'}
        destructive
        pending={revoke.isPending}
        onConfirm={() => target && signOut(target)}
      />
      <ConfirmDialog
        open={confirming === 'others'}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Sign out every other session?"
        description={`${otherCount} other ${otherCount === 1 ? 'session' : 'sessions'} will be signed out at once. This device stays signed in.`}
        confirm={others.isPending ? <Spinner className="size-4" label="Signing out" /> : 'Sign out others'}
        destructive
        pending={others.isPending}
        onConfirm={signOutOthers}
      />
    </Card>
  );
}

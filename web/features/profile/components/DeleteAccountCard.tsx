import { Trash2, Undo2, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError, errorDetail } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCancelDeletion, useDeletionRequest, useRequestDeletion } from '../api/account.ts';

/** The confirm dialog: what happens, an optional reason, and DELETE or the member's e-mail typed to go ahead. */
function DeleteDialog({ user, open, onOpenChange }: { user: CurrentUser; open: boolean; onOpenChange: (o: boolean) => void }) {
  const id = useId();
  const send = useRequestDeletion();
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === 'DELETE' || typed.trim().toLowerCase() === user.email.toLowerCase();
  const confirmError = send.error instanceof ApiError ? send.error.issues.find((i) => i.path === 'confirm')?.message : undefined;
  const close = (o: boolean) => {
    if (send.isPending) return;
    onOpenChange(o);
    if (!o) {
      setTyped('');
      setReason('');
      send.reset();
    }
  };
  const submit = () =>
    send.mutate(
      { confirm: typed, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Deletion requested', description: 'An administrator will review your request. You can cancel it until then.' });
          close(false);
        },
        onError: (err) => {
          if (!(err instanceof ApiError && err.issues.length))
            toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Failed to send your request. Please try again.') });
        },
      },
    );
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              An administrator reviews your request. Once confirmed, your name, contact details, photo, CV, posts and the endorsements you gave are removed and you can no
              longer sign in. Records of leads you referred and commissions stay, under “Deleted member”. This cannot be undone; download your data first if you want a
              copy.
            </DialogDescription>
          </DialogHeader>
          <Field id={`${id}-reason`} label="Why are you leaving?" optional hint={`${reason.length}/1000`}>
            <Textarea {...fieldA11y(`${id}-reason`, undefined, true)} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} rows={3} />
          </Field>
          <Field id={`${id}-confirm`} label={<>Type DELETE or your e-mail address to confirm</>} error={confirmError}>
            <Input {...fieldA11y(`${id}-confirm`, confirmError)} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || send.isPending}>
              {send.isPending ? <Spinner label="Sending" /> : <Trash2 aria-hidden />} Request Deletion
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Delete Account: ask for the account to be deleted, see the request's state, withdraw it while pending. */
export function DeleteAccountCard({ user }: { user: CurrentUser }) {
  const current = useDeletionRequest();
  const cancel = useCancelDeletion();
  const [open, setOpen] = useState(false);
  const request = current.data?.request ?? null;
  const pending = request?.status === 'pending';

  const withdraw = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast({ variant: 'success', title: 'Deletion request cancelled', description: 'Your account stays as it is.' }),
      onError: (err) => toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Failed to cancel your request. Please try again.') }),
    });

  return (
    <Card className="border-destructive/30">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <UserX className="size-4" aria-hidden /> Delete Account
        </CardTitle>
        <CardDescription>Ask for your account and personal data to be deleted. An administrator confirms the request.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3" aria-busy={current.isLoading || undefined}>
        {current.isError ? (
          <LoadErrorNotice what="your deletion request" error={current.error} onRetry={() => void current.refetch()} />
        ) : !current.data ? (
          <Skeleton className="h-9 w-44" aria-hidden />
        ) : pending ? (
          <>
            <p className="text-sm" role="status">
              You asked for your account to be deleted on {formatDateTime(request.requestedAt)}. An administrator will review it; you can cancel until then.
            </p>
            <div>
              <Button variant="outline" onClick={withdraw} disabled={cancel.isPending}>
                {cancel.isPending ? <Spinner label="Cancelling" /> : <Undo2 aria-hidden />} Cancel Deletion Request
              </Button>
            </div>
          </>
        ) : (
          <>
            {request?.status === 'declined' && (
              <p className="text-sm text-muted-foreground">
                Your request of {formatDateTime(request.requestedAt)} was declined{request.decisionNote ? `: ${request.decisionNote}` : '.'}
              </p>
            )}
            {!current.data.canRequest ? (
              <p className="text-sm text-muted-foreground">A master administrator account cannot be deleted this way.</p>
            ) : (
              <div>
                <Button variant="destructive" onClick={() => setOpen(true)}>
                  <Trash2 aria-hidden /> Delete My Account
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
      <DeleteDialog user={user} open={open} onOpenChange={setOpen} />
    </Card>
  );
}

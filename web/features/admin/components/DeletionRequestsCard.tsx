import { Check, UserX, X } from 'lucide-react';
import { useId, useState } from 'react';
import { isAdminRole } from '../../../../common/rules/roles.ts';
import type { AdminDeletionRequest } from '../../../../common/schemas/account.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { rangeText } from '../../../lib/paging.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { useDecideDeletion, useDeletionRequests } from '../api/deletion-requests.ts';

const PAGE_SIZE = 10;

type Decision = { request: AdminDeletionRequest; decision: 'confirm' | 'decline' };

/** Asks before a decision, with an optional note (told to the member when declining). */
function DecisionDialog({ pending, onClose }: { pending: Decision | null; onClose: () => void }) {
  const id = useId();
  const decide = useDecideDeletion();
  const [note, setNote] = useState('');
  const r = pending?.request;
  const confirming = pending?.decision === 'confirm';
  const close = () => {
    setNote('');
    onClose();
  };
  return (
    <ConfirmDialog
      open={!!pending}
      onOpenChange={(o) => !o && close()}
      pending={decide.isPending}
      destructive={confirming}
      title={confirming ? `Delete ${r?.userName}’s account?` : `Decline ${r?.userName}’s request?`}
      description={
        <span className="grid gap-3 text-left">
          <span>
            {confirming
              ? 'Their name, contact details, sign-in, photo, CV, posts and endorsements given are removed at once and they are signed out. Leads, commissions and audit entries keep their figures under “Deleted member”. This cannot be undone.'
              : 'Their account stays as it is. They are notified and e-mailed, with your note if you add one.'}
          </span>
          <span className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Note (optional)</Label>
            <Textarea id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={2} />
          </span>
        </span>
      }
      confirm={
        <>
          {decide.isPending ? <Spinner label="Working" /> : confirming ? <Check className="size-4" aria-hidden /> : <X className="size-4" aria-hidden />}{' '}
          {confirming ? 'Delete account' : 'Decline request'}
        </>
      }
      onConfirm={() => r && decide.mutate({ id: r.id, decision: pending!.decision, note: note.trim() || undefined }, { onSettled: close })}
    />
  );
}

/**
 * Account deletion requests, inside User Management: shown while any are pending (or the list fails), oldest
 * first, each with Confirm and Decline as the request's abilities allow.
 */
export function DeletionRequestsCard() {
  const [position, turnTo] = usePositionFor('deletion-requests');
  const { page } = position;
  const requests = useDeletionRequests(position, PAGE_SIZE);
  /** Turns to a page: the next or previous one by the cursor the server gave with this page, any other by number. */
  const setPage = (target: number) => turnTo(target, requests.isPlaceholderData ? undefined : requests.data);
  const [pending, setPending] = useState<Decision | null>(null);
  const items = requests.data?.items ?? [];
  const total = requests.data?.total ?? 0;
  if (requests.data && !requests.isPlaceholderData && page > 1 && items.length === 0) setPage(page - 1);
  if (!requests.isError && total === 0) return null;

  return (
    <Card className="border-warning/40">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2">
          <UserX className="size-5" aria-hidden /> Account Deletion Requests
          {total > 0 && <Badge variant="warning">{total} pending</Badge>}
        </CardTitle>
        <CardDescription>Members who asked for their account to be deleted. Confirming anonymises the account; declining tells the member.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {requests.isError ? (
          <LoadErrorNotice what="deletion requests" error={requests.error} onRetry={() => void requests.refetch()} />
        ) : (
          <>
            <ul className="grid gap-2" aria-label="Pending account deletion requests">
              {items.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
                  <div className="grid min-w-0 gap-0.5">
                    <p className="text-sm font-medium">
                      {r.userName} <span className="font-normal text-muted-foreground">· {r.userEmail}</span>
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Requested {formatDateTime(r.requestedAt)}
                      {isAdminRole(r.userRole) && ` · ${r.userRole}`}
                    </p>
                    {r.reason && <p className="text-sm break-words">“{r.reason}”</p>}
                  </div>
                  <div className="flex gap-2">
                    {r.can.decline && (
                      <Button variant="outline" size="sm" onClick={() => setPending({ request: r, decision: 'decline' })}>
                        <X aria-hidden /> Decline<span className="sr-only"> {r.userName}’s request</span>
                      </Button>
                    )}
                    {r.can.confirm && (
                      <Button variant="destructive" size="sm" onClick={() => setPending({ request: r, decision: 'confirm' })}>
                        <Check aria-hidden /> Confirm<span className="sr-only"> deleting {r.userName}’s account</span>
                      </Button>
                    )}
                    {!r.can.confirm && !r.can.decline && <span className="text-sm text-muted-foreground">Another administrator decides this one.</span>}
                  </div>
                </li>
              ))}
            </ul>
            {total > PAGE_SIZE && (
              <Pager
                label="Deletion request pages"
                page={page}
                summary={rangeText(page, PAGE_SIZE, items.length, total)}
                hasNext={(page - 1) * PAGE_SIZE + items.length < total}
                onPage={setPage}
                busy={requests.isFetching}
                className="mt-4"
              />
            )}
          </>
        )}
      </CardContent>
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
    </Card>
  );
}

import { Check, FileText, Inbox, Send, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import type { MentorshipRequest } from '../../../../common/schemas/mentoring.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useIncomingRequests, useMyRequests, useRequestAction } from '../api/mentoring.ts';
import { SessionsPanel } from './Sessions.tsx';

/** Sessions belong to a mentorship once it is accepted, and stay visible (and ratable) after it is completed. */
const hasSessions = (r: MentorshipRequest) => r.status === 'accepted' || r.status === 'completed';

const STATUS_VARIANT = { accepted: 'success', declined: 'destructive' } as const;

/** A request the mentor declined reads "Rejected", as members know the outcome; the others read their status. */
const STATUS_LABELS: Record<MentorshipRequest['status'], string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Rejected',
  withdrawn: 'Withdrawn',
  completed: 'Completed',
};

function StatusBadge({ status }: { status: MentorshipRequest['status'] }) {
  const variant = status === 'accepted' || status === 'declined' ? STATUS_VARIANT[status] : 'outline';
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>;
}

function RequestFacts({ r }: { r: MentorshipRequest }) {
  return (
    <>
      <p className="mt-2 whitespace-pre-line break-words text-sm">{r.goalDescription}</p>
      <p className="mt-2 text-xs text-muted-foreground">
        Duration: {r.duration} · Commitment: {r.timeCommitment}
        {r.preferredMeetingTime ? ` · Preferred time: ${r.preferredMeetingTime}` : ''}
      </p>
    </>
  );
}

/** My Requests: the viewer's requests as a mentee, with Withdraw while pending. */
export function MyRequestsTab({ userId }: { userId: string | null }) {
  const list = useMyRequests(userId);
  const action = useRequestAction();
  const [withdrawing, setWithdrawing] = useState<MentorshipRequest | null>(null);
  return (
    <>
      <QueryState
        query={list}
        what="your requests"
        framed
        loading={<SkeletonRows count={3} rowClassName="h-28 rounded-xl" label="Loading your requests" />}
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyState framed icon={Send} title="No Requests Yet" text="Requests you send to mentors will appear here." />}
      >
        {(data) => (
          <ul className="grid gap-3" aria-label="My mentorship requests">
            {data.items.map((r) => (
              <li key={r.id} className="rounded-xl border border-border bg-card p-4 shadow-card">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    {r.mentor.firstName} {r.mentor.lastName}
                  </h3>
                  <StatusBadge status={r.status} />
                </div>
                <RequestFacts r={r} />
                {r.can.withdraw && (
                  <Button variant="outline" size="sm" className="mt-3" onClick={() => setWithdrawing(r)}>
                    <Undo2 aria-hidden /> Withdraw
                  </Button>
                )}
                {hasSessions(r) && <SessionsPanel request={r} />}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={!!withdrawing}
        onOpenChange={(o) => !o && setWithdrawing(null)}
        title="Withdraw this request?"
        description={withdrawing ? `${withdrawing.mentor.firstName} ${withdrawing.mentor.lastName} will no longer see your request.` : ''}
        confirm="Withdraw"
        destructive
        onConfirm={() => {
          if (withdrawing) action.mutate({ id: withdrawing.id, action: 'withdraw' });
          setWithdrawing(null);
        }}
      />
    </>
  );
}

/** Mentor requests: requests members sent to the viewer as a mentor, with Accept and Decline while pending. */
export function MentorRequestsTab() {
  const list = useIncomingRequests(true);
  const action = useRequestAction();
  return (
    <QueryState
      query={list}
      what="mentor requests"
      framed
      loading={<SkeletonRows count={3} rowClassName="h-28 rounded-xl" label="Loading mentor requests" />}
      isEmpty={(d) => d.items.length === 0}
      empty={<EmptyState framed icon={Inbox} title="No Requests Yet" text="Requests members send you will appear here." />}
    >
      {(data) => (
        <ul className="grid gap-3" aria-label="Requests to mentor">
          {data.items.map((r) => {
            const busy = action.isPending && action.variables?.id === r.id;
            return (
              <li key={r.id} className="rounded-xl border border-border bg-card p-4 shadow-card">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    {r.mentee.firstName} {r.mentee.lastName}
                  </h3>
                  <StatusBadge status={r.status} />
                </div>
                <RequestFacts r={r} />
                {r.additionalNotes && <p className="mt-1 text-xs text-muted-foreground">Notes: {r.additionalNotes}</p>}
                {(r.can.accept || r.can.decline || r.menteeCvUrl) && (
                  <div className="mt-3 flex flex-wrap gap-2">
                    {r.can.accept && (
                      <Button size="sm" disabled={busy} onClick={() => action.mutate({ id: r.id, action: 'accept' })}>
                        <Check aria-hidden /> Accept
                      </Button>
                    )}
                    {r.can.decline && (
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => action.mutate({ id: r.id, action: 'decline' })}>
                        <X aria-hidden /> Decline
                      </Button>
                    )}
                    {r.menteeCvUrl && (
                      <Button size="sm" variant="outline" asChild>
                        <a href={r.menteeCvUrl} download>
                          <FileText aria-hidden /> View CV
                          <span className="sr-only">
                            {' '}
                            of {r.mentee.firstName} {r.mentee.lastName}
                          </span>
                        </a>
                      </Button>
                    )}
                  </div>
                )}
                {hasSessions(r) && <SessionsPanel request={r} />}
              </li>
            );
          })}
        </ul>
      )}
    </QueryState>
  );
}

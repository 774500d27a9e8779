import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { PENDING_PAGE_SIZE, useApproveApplication, usePendingApplications, useRejectApplication, useUpdateApplication } from '../api/applications.ts';
import { ApplicationRow } from './ApplicationRow.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';

function RowSkeleton() {
  return (
    <Card className="p-5">
      <div className="flex items-start gap-3.5">
        <Skeleton className="size-11 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3.5 w-64 max-w-full" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
      <div className="mt-5 grid grid-cols-2 gap-3 border-t border-border pt-4 md:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-4 w-32" />
        ))}
      </div>
    </Card>
  );
}

/**
 * The pending applications, one page at a time, each with its checklist, risk, Review and Approve, and the review
 * dialog: the same list on the review screen and in the Admin Panel's Member Applications tab.
 * `headingId` names the list (the caller's heading).
 */
export function PendingApplications({ headingId }: { headingId: string }) {
  const [position, turnTo] = usePositionFor('pending-applications');
  const { page } = position;
  const list = usePendingApplications(position);
  /** Turns to a page: the next or previous one by the cursor the server gave with this page, any other by number. */
  const setPage = (target: number) => turnTo(target, list.isPlaceholderData ? undefined : list.data);
  const update = useUpdateApplication();
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const [openId, setOpenId] = useState<string | null>(null);

  const deciding = approve.isPending || reject.isPending;
  const items = list.data?.items;
  // deciding the last application of a later page leaves it empty: step back to one that has some
  if (page > 1 && items && !items.length && !list.isFetching) setPage(page - 1);
  const open = items?.find((a) => a.userId === openId) ?? null;

  return (
    <>
      {list.isLoading ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading applications">
          <RowSkeleton />
          <RowSkeleton />
        </div>
      ) : list.isError ? (
        <Card>
          <LoadError what="applications" error={list.error} onRetry={() => void list.refetch()} />
        </Card>
      ) : !items?.length && page === 1 ? (
        <Card className="flex flex-col items-center px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <Inbox className="size-6" aria-hidden />
          </span>
          <p className="mt-4 font-semibold">No pending applications</p>
          <p className="mt-1 text-sm text-muted-foreground">New membership applications will appear here for review.</p>
        </Card>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4" aria-labelledby={headingId}>
            {(items ?? []).map((a) => (
              <ApplicationRow
                key={a.userId}
                application={a}
                busy={deciding}
                approving={approve.isPending && approve.variables?.userId === a.userId}
                onCheck={(key, checked) => update.mutate({ userId: a.userId, change: { [key]: checked } })}
                onRisk={(risk) => update.mutate({ userId: a.userId, change: { riskAssessment: risk } })}
                onReview={() => setOpenId(a.userId)}
                onApprove={() => approve.mutate({ userId: a.userId })}
              />
            ))}
          </ul>
          <Pager
            label="Pending applications pages"
            page={page}
            summary={pageSummary(page, PENDING_PAGE_SIZE, items?.length ?? 0, list.data?.total ?? 0)}
            hasNext={page * PENDING_PAGE_SIZE < (list.data?.total ?? 0)}
            onPage={setPage}
            busy={list.isFetching}
            className="mt-4"
          />
        </>
      )}

      <ReviewDialog
        application={open}
        onOpenChange={(o) => !o && setOpenId(null)}
        deciding={deciding}
        onCheck={(key, checked) => open && update.mutate({ userId: open.userId, change: { [key]: checked } })}
        onRisk={(risk) => open && update.mutate({ userId: open.userId, change: { riskAssessment: risk } })}
        onApprove={(notes) => open && approve.mutate({ userId: open.userId, notes: notes || undefined }, { onSuccess: () => setOpenId(null) })}
        onReject={(reason, notes) => open && reject.mutate({ userId: open.userId, reason, notes: notes || undefined }, { onSuccess: () => setOpenId(null) })}
      />
    </>
  );
}

/** "Showing 21–40 of 57" under a paged list. */
function pageSummary(page: number, pageSize: number, shown: number, total: number): string {
  const from = shown ? (page - 1) * pageSize + 1 : 0;
  return `Showing ${from}–${(page - 1) * pageSize + shown} of ${total}`;
}

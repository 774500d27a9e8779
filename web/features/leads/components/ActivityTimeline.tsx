import type { LeadActivity } from '../../../../common/schemas/lead.ts';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLeadActivities } from '../api/leads.ts';

function TimelineSkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading activity">
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="mt-1 size-3 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-3 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The lead's progress timeline, oldest first: what happened, the notes, who and when (the newest step marked). */
export function ActivityTimeline({ leadId }: { leadId: string }) {
  const activities = useLeadActivities(leadId);
  return (
    <QueryState
      query={activities}
      what="the timeline"
      loading={<TimelineSkeleton />}
      error={(retry) => <LoadErrorNotice boxed what="the timeline" error={activities.error} onRetry={retry} className="flex-wrap items-center" />}
      isEmpty={(t) => !t.items.length}
      empty={<p className="rounded-lg border border-dashed border-border px-4 py-5 text-center text-sm text-muted-foreground">No activity updates yet.</p>}
    >
      {({ items: list, earlier }: { items: LeadActivity[]; earlier: number }) => (
        <>
          {earlier > 0 && <p className="mb-3 text-xs text-muted-foreground">{earlier.toLocaleString('en-GB')} earlier entries are not shown.</p>}
          <ol className="relative grid gap-5 border-l-2 border-border pl-5 ml-1.5">
            {list.map((a, i) => (
              <li key={a.id} className="relative">
                <span
                  className={`absolute -left-[27px] top-1 size-3 rounded-full ring-4 ring-card ${i === list.length - 1 ? 'bg-primary' : 'bg-muted-foreground/40'}`}
                  aria-hidden
                />
                <p className="text-sm font-medium">{a.activity}</p>
                {a.notes && <p className="mt-1 whitespace-pre-wrap break-words rounded-md bg-muted/60 px-3 py-2 text-sm text-foreground">{a.notes}</p>}
                <p className="mt-1 text-xs text-muted-foreground">
                  {a.userName ?? 'System'} · <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </QueryState>
  );
}

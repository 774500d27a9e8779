import { ArrowRight, RefreshCw, ScrollText } from 'lucide-react';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { useAuditLog, type AuditEntry } from '../api/admin.ts';
import { actionSentence, describeChanges, entityLabel } from '../lib/audit-format.ts';

const PAGE_SIZE = 25;

function Entry({ e }: { e: AuditEntry }) {
  const changes = describeChanges(e.before, e.after, e.entityType);
  return (
    <li className="flex flex-col gap-2 px-4 py-3.5 sm:flex-row sm:items-start sm:gap-4">
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold">{e.actorName ?? 'A former admin'}</span> {actionSentence(e.action)}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <Badge variant="outline" className="px-2 py-0 text-[11px] font-normal">
            {entityLabel(e.entityType)}
          </Badge>
          {e.entityLabel ? (
            <span className="font-medium text-foreground" title={e.entityId ?? undefined}>
              {e.entityLabel}
            </span>
          ) : (
            e.entityId && (
              <span className="font-mono" title={e.entityId}>
                #{e.entityId.slice(0, 8)}
              </span>
            )
          )}
        </p>
        {changes.length > 0 && (
          <ul className="mt-2 grid gap-1">
            {changes.map((c) => (
              <li key={c.key} className="flex flex-wrap items-baseline gap-x-1.5 text-[13px]">
                <span className="text-muted-foreground">{c.label}:</span>
                {c.before !== null && c.after !== null ? (
                  <>
                    <span className="sr-only">from</span>
                    <span className="break-all text-muted-foreground">{c.before}</span>
                    <ArrowRight className="size-3.5 shrink-0 self-center text-muted-foreground" aria-hidden />
                    <span className="sr-only">to</span>
                    <span className="break-all font-medium">{c.after}</span>
                  </>
                ) : c.after !== null ? (
                  <span className="break-all font-medium">{c.after}</span>
                ) : (
                  <span className="break-all">
                    {c.before} <span className="text-muted-foreground">(removed)</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <time dateTime={e.createdAt} className="shrink-0 text-xs tabular-nums text-muted-foreground sm:pt-0.5 sm:text-right">
        {formatDateTime(e.createdAt)}
      </time>
    </li>
  );
}

/** Audit Log: every admin action with who, what, when (en-GB) and before → after, newest first. */
export function AuditLogPanel({ active }: { active: boolean }) {
  const [position, turnTo] = usePositionFor('audit-log');
  const { page } = position;
  const log = useAuditLog(position, PAGE_SIZE, active);
  /** Turns to a page: the next or previous one by the cursor the server gave with this page, any other by number. */
  const setPage = (target: number) => turnTo(target, log.isPlaceholderData ? undefined : log.data);

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0 px-4 sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle>Audit Log</CardTitle>
          <CardDescription>Application decisions and checks, lead changes, user activation and removal, and commission payments.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
          <RefreshCw className={log.isFetching ? 'animate-spin' : undefined} aria-hidden /> Refresh
        </Button>
      </CardHeader>
      <CardContent className="px-4 sm:px-6" aria-busy={log.isFetching || undefined}>
        <QueryState
          query={log}
          what="the audit log"
          loading={<SkeletonRows count={5} rowClassName="h-16 w-full" />}
          isEmpty={(p) => !p.items.length}
          empty={
            <EmptyState
              icon={ScrollText}
              title={page > 1 ? 'No older entries' : 'Nothing recorded yet'}
              text="Admin actions will be listed here as they happen."
              action={
                page > 1 && (
                  <Button variant="outline" onClick={() => setPage(1)}>
                    Back to the newest
                  </Button>
                )
              }
            />
          }
        >
          {(p) => (
            <>
              <ol className="divide-y divide-border rounded-lg border border-border">
                {p.items.map((e) => (
                  <Entry key={e.id} e={e} />
                ))}
              </ol>
              <Pager
                label="Audit log pages"
                page={page}
                summary={`Page ${page} of ${Math.max(1, Math.ceil(p.total / PAGE_SIZE))} · ${p.total} entries`}
                hasNext={page * PAGE_SIZE < p.total}
                onPage={setPage}
                busy={log.isFetching}
                className="mt-4"
              />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

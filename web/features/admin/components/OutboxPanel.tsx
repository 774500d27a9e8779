import { ChevronRight, Inbox, Mail, RefreshCw } from 'lucide-react';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { Pager } from '../../../components/pager.tsx';
import { useOutbox, type OutboxItem } from '../api/admin.ts';

const PAGE_SIZE = 50;

function statusBadge(e: OutboxItem) {
  if (e.status === 'sent') return <Badge variant="success">Sent</Badge>;
  if (e.status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="secondary">{e.status === 'stored' ? 'Stored (no SMTP)' : e.status}</Badge>;
}

/** The e-mails the product sent or kept, so admins can read them when no SMTP server is configured. */
export function OutboxPanel({ active }: { active: boolean }) {
  const [position, turnTo] = usePositionFor('outbox');
  const { page } = position;
  const outbox = useOutbox(position, PAGE_SIZE, active);
  /** Turns to a page: the next or previous one by the cursor the server gave with this page, any other by number. */
  const setPage = (target: number) => turnTo(target, outbox.isPlaceholderData ? undefined : outbox.data);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>Outbox</CardTitle>
          <CardDescription>Application e-mails sent by the platform, newest first. Without SMTP they are kept here only.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          <RefreshCw className={outbox.isFetching ? 'animate-spin' : undefined} aria-hidden /> Refresh
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={outbox}
          what="the outbox"
          loading={<SkeletonRows count={3} rowClassName="h-14 w-full" className="gap-3" label="Loading e-mails" />}
          error={() => <LoadErrorNotice what="the outbox" error={outbox.error} />}
          isEmpty={(p) => !p.items.length}
          empty={
            <div className="flex flex-col items-center py-10 text-center">
              <Inbox className="size-8 text-muted-foreground" aria-hidden />
              <p className="mt-3 font-semibold">No e-mails yet</p>
              <p className="mt-1 text-sm text-muted-foreground">Approval and rejection e-mails will appear here.</p>
            </div>
          }
        >
          {({ items: emails, total }) => (
            <>
              <ul className="divide-y divide-border rounded-lg border border-border">
                {emails.map((e) => (
                  <li key={e.id}>
                    <details className="group">
                      <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                        <ChevronRight className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden />
                        <Mail className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden />
                        <span className="min-w-0 flex-1">
                          <span className="block truncate text-sm font-medium">{e.subject}</span>
                          <span className="block truncate text-xs text-muted-foreground">
                            To {e.to} · {formatDateTime(e.createdAt)}
                          </span>
                        </span>
                        {statusBadge(e)}
                      </summary>
                      <div className="border-t border-border bg-muted/40 px-4 py-4">
                        <dl className="mb-3 grid gap-1 text-xs text-muted-foreground sm:grid-cols-2">
                          <div>
                            <dt className="inline font-medium">To: </dt>
                            <dd className="inline">{e.to}</dd>
                          </div>
                          <div>
                            <dt className="inline font-medium">Transport: </dt>
                            <dd className="inline">{e.transport}</dd>
                          </div>
                        </dl>
                        {e.error && <p className="mb-3 text-sm text-destructive">Error: {e.error}</p>}
                        <pre className="whitespace-pre-wrap break-words font-sans text-sm leading-relaxed text-foreground">{e.text}</pre>
                      </div>
                    </details>
                  </li>
                ))}
              </ul>
              <Pager
                label="Outbox pages"
                page={page}
                summary={`Page ${page} of ${Math.max(1, Math.ceil(total / PAGE_SIZE))} · ${total} e-mails`}
                hasNext={page * PAGE_SIZE < total}
                onPage={setPage}
                busy={outbox.isFetching}
                className="mt-4"
              />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

import { History, RotateCcw } from 'lucide-react';
import type { WebhookDelivery, WebhookEndpoint } from '../../../../common/schemas/webhooks.ts';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useReplayWebhookDelivery, useWebhookDeliveries } from '../api/webhooks.ts';

const STATUS_BADGES: Record<WebhookDelivery['status'], { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  pending: { label: 'Pending', variant: 'warning' },
  succeeded: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

type Attempt = WebhookDelivery['attempts'][number];

/** One try: when, the receiver's status code (or that there was no answer), how long it took, why it failed, and the start of its answer. */
function AttemptItem({ attempt }: { attempt: Attempt }) {
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  return (
    <li className="grid gap-1.5 rounded-md border border-border p-2.5 text-sm">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">Attempt {attempt.attempt}</span>
        <span className="text-muted-foreground">{formatDateTime(attempt.at)}</span>
        <Badge variant={ok ? 'success' : 'destructive'} className="font-mono">
          {attempt.statusCode === null ? 'No answer' : `HTTP ${attempt.statusCode}`}
        </Badge>
        <span className="tabular-nums text-muted-foreground">{attempt.durationMs.toLocaleString('en-GB')} ms</span>
      </p>
      {attempt.error && <p className="break-words text-destructive">{attempt.error}</p>}
      {attempt.response !== null && attempt.response !== '' && (
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground">Answer (first 1 KB)</p>
          <pre
            role="region"
            tabIndex={0}
            aria-label={`Answer to attempt ${attempt.attempt}`}
            className="max-h-40 overflow-auto whitespace-pre-wrap break-all rounded-md bg-muted/60 p-2 font-mono text-xs focus-visible:outline-2 focus-visible:outline-ring"
          >
            {attempt.response}
          </pre>
        </div>
      )}
    </li>
  );
}

/** A delivery: its event type, whether it arrived, when it was made, every attempt, and "Replay" to send it again. */
function DeliveryItem({ delivery, onReplay, replaying }: { delivery: WebhookDelivery; onReplay: (d: WebhookDelivery) => void; replaying: boolean }) {
  const badge = STATUS_BADGES[delivery.status];
  const attempts = [...delivery.attempts].sort((a, b) => a.attempt - b.attempt);
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-all font-mono text-sm font-medium">{delivery.type}</span>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </p>
          <p className="text-xs text-muted-foreground">
            {formatDateTime(delivery.createdAt)} · <span className="font-mono">{delivery.id}</span>
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onReplay(delivery)}
          disabled={replaying}
          aria-label={`Replay ${delivery.type} delivery of ${formatDateTime(delivery.createdAt)}`}
        >
          <RotateCcw aria-hidden /> Replay
        </Button>
      </div>
      {attempts.length === 0 ? (
        <p className="text-sm text-muted-foreground">Not tried yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Attempts">
          {attempts.map((a) => (
            <AttemptItem key={a.attempt} attempt={a} />
          ))}
        </ol>
      )}
    </li>
  );
}

/** The list itself, read while the dialog is open. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const log = useWebhookDeliveries(endpoint.id);
  const replay = useReplayWebhookDelivery(endpoint.id);
  const onReplay = (delivery: WebhookDelivery) =>
    replay.mutate(delivery.id, {
      onSuccess: () => toast({ variant: 'success', title: 'Delivery sent again', description: `The ${delivery.type} event is on its way to the endpoint.` }),
      onError: (err) => toast({ variant: 'destructive', title: 'Could not replay the delivery', description: errorDetail(err, 'Please try again.') }),
    });
  return (
    <QueryState
      query={log}
      what="the delivery log"
      loading={<SkeletonRows count={3} rowClassName="h-20" label="Loading the delivery log" />}
      isEmpty={(d) => d.pages.every((p) => p.items.length === 0)}
      empty={<EmptyState framed icon={History} title="No deliveries yet" text="Events sent to this endpoint appear here. Send a test event to try it." />}
      framed
    >
      {(data) => (
        <div className="grid gap-3">
          <div className="flex justify-end">
            <Button variant="ghost" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
              {log.isFetching && !log.isFetchingNextPage ? <Spinner className="size-4" label="Refreshing" /> : <RotateCcw aria-hidden />} Refresh
            </Button>
          </div>
          <ul className="grid gap-3" aria-label="Deliveries, newest first">
            {data.pages
              .flatMap((p) => p.items)
              .map((d) => (
                <DeliveryItem key={d.id} delivery={d} onReplay={onReplay} replaying={replay.isPending} />
              ))}
          </ul>
          {log.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {log.isFetchingNextPage && <Spinner className="size-4" label="Loading more deliveries" />}
                {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}

/** One endpoint's delivery log in a dialog: newest first, each delivery's attempts, replay and "Load more". */
export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  return (
    <Dialog open={!!endpoint} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Delivery log</DialogTitle>
          <DialogDescription className="break-all">{endpoint?.url}</DialogDescription>
        </DialogHeader>
        {endpoint && <DeliveryLog endpoint={endpoint} />}
      </DialogContent>
    </Dialog>
  );
}

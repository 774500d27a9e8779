import { History, KeyRound, MoreHorizontal, Pencil, Plus, Power, PowerOff, Send, Trash2, TriangleAlert, Webhook } from 'lucide-react';
import { useState } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookWithSecret } from '../../../../common/schemas/webhooks.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteWebhook, useRotateWebhookSecret, useSendTestWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks.ts';
import { WebhookDeliveriesDialog } from './WebhookDeliveries.tsx';
import { EndpointFormDialog, WebhookSecretDialog } from './WebhookDialogs.tsx';

const EMPTY_TEXT =
  'A webhook endpoint is an address of another system, such as a CRM, that is sent a signed message the moment something happens here: a lead submitted, a commission paid, a member approved.';

/** Whether the endpoint is sent events: on, off (and why, when it was turned off for failing), or on but failing. */
function EndpointState({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled) {
    return (
      <span className="grid gap-1">
        <Badge variant="destructive" className="w-fit">
          Disabled
        </Badge>
        {endpoint.disabledReason && <span className="text-xs text-destructive">{endpoint.disabledReason}</span>}
      </span>
    );
  }
  if (endpoint.failingSince) {
    return (
      <span className="grid gap-1">
        <Badge variant="warning" className="w-fit">
          <TriangleAlert aria-hidden /> Failing
        </Badge>
        <span className="text-xs text-muted-foreground">Every delivery has failed since {formatDateTime(endpoint.failingSince)}</span>
      </span>
    );
  }
  return (
    <Badge variant="success" className="w-fit">
      Enabled
    </Badge>
  );
}

/** The events it is sent: "All events", or each one by its type (its meaning on hover and for screen readers). */
function EndpointEvents({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.events.length === WEBHOOK_EVENT_TYPES.length)
    return (
      <Badge variant="outline" className="w-fit">
        All {WEBHOOK_EVENT_TYPES.length} events
      </Badge>
    );
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`${endpoint.events.length} ${endpoint.events.length === 1 ? 'event' : 'events'}`}>
      {WEBHOOK_EVENT_TYPES.filter((t) => endpoint.events.includes(t)).map((t) => (
        <li key={t}>
          <Badge variant="outline" className="font-mono" title={WEBHOOK_EVENT_LABELS[t]}>
            {t}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

type Act = 'edit' | 'toggle' | 'rotate' | 'delete';

/** One endpoint: its address and description, state, events, and what can be done with it. */
function EndpointItem({
  endpoint,
  onLog,
  onTest,
  onAct,
  testing,
}: {
  endpoint: WebhookEndpoint;
  onLog: () => void;
  onTest: () => void;
  onAct: (act: Act) => void;
  testing: boolean;
}) {
  const name = endpoint.description || endpoint.url;
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="break-all font-mono text-sm font-medium">{endpoint.url}</p>
          {endpoint.description && <p className="break-words text-sm">{endpoint.description}</p>}
          <p className="text-xs text-muted-foreground">
            Added {formatDate(endpoint.createdAt)}
            {endpoint.createdBy ? ` by ${endpoint.createdBy.name}` : ''}
            {endpoint.previousSecretUntil && ` · previous secret signs too until ${formatDateTime(endpoint.previousSecretUntil)}`}
          </p>
        </div>
        <EndpointState endpoint={endpoint} />
      </div>
      <EndpointEvents endpoint={endpoint} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onLog} aria-label={`Delivery log of ${name}`}>
          <History aria-hidden /> Delivery log
        </Button>
        <Button variant="outline" size="sm" onClick={onTest} disabled={testing || !endpoint.enabled} aria-label={`Send test event to ${name}`}>
          {testing ? <Spinner className="size-4" label="Sending" /> : <Send aria-hidden />} Send test event
        </Button>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="sm" aria-label={`More actions for ${name}`}>
              <MoreHorizontal aria-hidden /> More
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => onAct('edit')}>
              <Pencil aria-hidden /> Edit
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAct('toggle')}>
              {endpoint.enabled ? <PowerOff aria-hidden /> : <Power aria-hidden />} {endpoint.enabled ? 'Disable' : 'Enable'}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAct('rotate')}>
              <KeyRound aria-hidden /> Rotate secret
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onAct('delete')} className="text-destructive data-[highlighted]:bg-destructive-soft [&_svg]:text-destructive">
              <Trash2 aria-hidden /> Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}

/**
 * Admin Panel → Integrations → Webhooks: the organisation's endpoints (loading, empty, error with retry), "Add
 * endpoint", the signing secret shown once after adding or rotating, each endpoint's test event, delivery log,
 * edit, enabling and disabling, rotation and deletion. Adding, rotating and deleting may first ask the person to
 * confirm it is them (the API client's dialog).
 */
export function WebhooksCard() {
  const list = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestWebhook();
  const [form, setForm] = useState<{ endpoint: WebhookEndpoint | null } | null>(null);
  const [secret, setSecret] = useState<{ endpoint: WebhookWithSecret; rotated: boolean } | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const [confirming, setConfirming] = useState<{ act: 'rotate' | 'delete'; endpoint: WebhookEndpoint } | null>(null);

  const failed = (title: string) => (err: unknown) => toast({ variant: 'destructive', title, description: errorDetail(err, 'Please try again.') });
  const sendTest = (endpoint: WebhookEndpoint) =>
    test.mutate(endpoint, {
      onSuccess: () => toast({ variant: 'success', title: 'Test event sent', description: 'Its delivery appears in the endpoint’s delivery log.' }),
      onError: failed('Could not send the test event'),
    });
  const act = (endpoint: WebhookEndpoint, what: Act) => {
    if (what === 'edit') setForm({ endpoint });
    else if (what === 'toggle')
      update.mutate(
        { id: endpoint.id, enabled: !endpoint.enabled },
        {
          onSuccess: () => toast({ variant: 'success', title: endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled' }),
          onError: failed(endpoint.enabled ? 'Could not disable the endpoint' : 'Could not enable the endpoint'),
        },
      );
    else setConfirming({ act: what, endpoint });
  };
  const confirm = () => {
    if (!confirming) return;
    const { act: what, endpoint } = confirming;
    if (what === 'rotate')
      rotate.mutate(endpoint, {
        onSuccess: (made) => {
          setConfirming(null);
          setSecret({ endpoint: made, rotated: true });
        },
        onError: (err) => {
          setConfirming(null);
          failed('Could not rotate the secret')(err);
        },
      });
    else
      remove.mutate(endpoint, {
        onSuccess: () => {
          setConfirming(null);
          toast({ variant: 'success', title: 'Endpoint deleted', description: 'It is sent no more events.' });
        },
        onError: (err) => {
          setConfirming(null);
          failed('Could not delete the endpoint')(err);
        },
      });
  };
  const pending = rotate.isPending || remove.isPending;

  const addButton = (
    <Button onClick={() => setForm({ endpoint: null })}>
      <Plus aria-hidden /> Add endpoint
    </Button>
  );
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2">
          <Webhook className="size-5" aria-hidden /> Webhooks
        </CardTitle>
        <CardDescription>
          Tell the organisation’s other systems the moment something happens. Each request is signed (Standard Webhooks) and retried for about a day if it fails.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        <QueryState
          query={list}
          what="the webhook endpoints"
          loading={<SkeletonRows count={2} rowClassName="h-24" label="Loading the webhook endpoints" />}
          isEmpty={(d) => d.items.length === 0}
          empty={<EmptyState framed icon={Webhook} title="No webhook endpoints yet" text={EMPTY_TEXT} action={addButton} />}
          framed
        >
          {(data) => (
            <>
              <div className="flex justify-end">{addButton}</div>
              <ul className="grid gap-3" aria-label="Webhook endpoints">
                {data.items.map((e) => (
                  <EndpointItem
                    key={e.id}
                    endpoint={e}
                    onLog={() => setLog(e)}
                    onTest={() => sendTest(e)}
                    onAct={(what) => act(e, what)}
                    testing={test.isPending && test.variables?.id === e.id}
                  />
                ))}
              </ul>
            </>
          )}
        </QueryState>
      </CardContent>
      {form && (
        <EndpointFormDialog
          key={form.endpoint?.id ?? 'new'}
          open
          endpoint={form.endpoint}
          onOpenChange={(o) => !o && setForm(null)}
          onCreated={(made) => setSecret({ endpoint: made, rotated: false })}
        />
      )}
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesDialog endpoint={log} onClose={() => setLog(null)} />
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={confirming?.act === 'rotate' ? 'Rotate the signing secret?' : 'Delete this endpoint?'}
        description={
          confirming?.act === 'rotate'
            ? 'A new secret is made and shown once. The old secret keeps signing beside it for 24 hours, so the receiver can change over without missing an event.'
            : `${confirming?.endpoint.url ?? ''} is sent no more events, and its delivery log is deleted with it. This cannot be undone.`
        }
        confirm={pending ? <Spinner className="size-4" label="Working" /> : confirming?.act === 'rotate' ? 'Rotate secret' : 'Delete endpoint'}
        destructive={confirming?.act === 'delete'}
        pending={pending}
        onConfirm={confirm}
      />
    </Card>
  );
}

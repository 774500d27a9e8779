import { Check, Minus, Webhook } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import {
  createWebhookSchema,
  updateWebhookSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecret,
} from '../../../../common/schemas/webhooks.ts';
import { SecretOnceDialog } from '../../../components/secret-once-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DescribedCheckbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, FieldError, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateWebhook, useUpdateWebhook } from '../api/webhooks.ts';

type FieldName = 'url' | 'events' | 'description';
type Errors = Partial<Record<FieldName | 'root', string>>;
const FIELDS: readonly FieldName[] = ['url', 'events', 'description'];

/**
 * The events to choose from: every one, each with what it means and its type name, and "Select all" above them
 * (half-ticked when some are chosen; it then chooses them all).
 */
function EventChoice({
  id,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  value: readonly WebhookEventType[];
  onChange: (next: WebhookEventType[]) => void;
  error?: string;
  disabled: boolean;
}) {
  const all = value.length === WEBHOOK_EVENT_TYPES.length;
  const toggle = (type: WebhookEventType, on: boolean) => onChange(WEBHOOK_EVENT_TYPES.filter((t) => (t === type ? on : value.includes(t))));
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 flex w-full items-baseline justify-between gap-2 text-sm font-medium">
        <span>Events to send</span>
        <span className="text-xs font-normal text-muted-foreground">{value.length} selected</span>
      </legend>
      <div className={`grid gap-1 rounded-lg border p-2 ${error ? 'border-destructive' : 'border-border'}`}>
        <div className="flex items-center gap-3 border-b border-border px-2 pb-2 pt-1">
          <CheckboxPrimitive.Root
            id={`${id}-all`}
            checked={all ? true : value.length > 0 ? 'indeterminate' : false}
            onCheckedChange={() => onChange(all ? [] : [...WEBHOOK_EVENT_TYPES])}
            disabled={disabled}
            className="peer size-[18px] shrink-0 cursor-pointer rounded-[5px] border border-input bg-card shadow-xs transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:border-primary data-[state=indeterminate]:text-primary"
          >
            <CheckboxPrimitive.Indicator className="flex items-center justify-center text-current">
              {all ? <Check className="size-3.5" strokeWidth={3} aria-hidden /> : <Minus className="size-3.5" strokeWidth={3} aria-hidden />}
            </CheckboxPrimitive.Indicator>
          </CheckboxPrimitive.Root>
          <label htmlFor={`${id}-all`} className="cursor-pointer text-sm font-medium">
            Select all
          </label>
        </div>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type, i) => {
            const box = `${id}-${i}`;
            return (
              <DescribedCheckbox
                key={type}
                id={box}
                label={WEBHOOK_EVENT_LABELS[type]}
                labelClassName="text-sm leading-snug"
                description={type}
                descriptionClassName="break-all font-mono"
                checked={value.includes(type)}
                onCheckedChange={(c) => toggle(type, c)}
                disabled={disabled}
              />
            );
          })}
        </div>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

/**
 * "Add endpoint" (no `endpoint`) or "Edit endpoint": the receiver's https address, a description and the events it
 * is sent. Checked here with the shared schema and again by the server, whose messages go under their fields.
 * A new endpoint, with its secret, goes to `onCreated`.
 */
export function EndpointFormDialog({
  open,
  endpoint,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  endpoint?: WebhookEndpoint | null;
  onOpenChange: (open: boolean) => void;
  onCreated: (made: WebhookWithSecret) => void;
}) {
  const id = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const editing = !!endpoint;
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const busy = create.isPending || update.isPending;
  const ids = { url: `${id}-url`, description: `${id}-description`, events: `${id}-events` };

  const close = (o: boolean) => {
    if (busy) return;
    if (!o) {
      setErrors({});
      create.reset();
      update.reset();
    }
    onOpenChange(o);
  };
  const failed = (err: unknown) => {
    const placed: Errors = {};
    for (const m of serverFieldMessages(err, FIELDS)) placed[m.name] = m.message;
    if (Object.keys(placed).length === 0) placed.root = errorDetail(err, 'Could not save the endpoint. Please try again.');
    setErrors(placed);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = { url, events, description };
    const parsed = editing ? updateWebhookSchema.safeParse(input) : createWebhookSchema.safeParse(input);
    const found: Errors = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
    if (editing && events.length === 0) found.events ??= 'Choose at least one event.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, url, events, description },
        {
          onSuccess: () => {
            toast({ variant: 'success', title: 'Endpoint saved' });
            close(false);
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (made) => {
          close(false);
          onCreated(made);
        },
        onError: failed,
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit endpoint' : 'Add endpoint'}</DialogTitle>
          <DialogDescription>Each chosen event is sent to this address as a signed JSON POST. A delivery that fails is retried for about a day.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <Field id={ids.url} label="Endpoint URL" error={errors.url}>
            <Input
              {...fieldA11y(ids.url, errors.url, true)}
              type="url"
              inputMode="url"
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                setErrors((x) => ({ ...x, url: undefined }));
              }}
              placeholder="https://example.com/webhooks/chief-partners"
              maxLength={2000}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
            />
            <p id={`${ids.url}-hint`} className="text-xs text-muted-foreground">
              An https:// address on the public internet.
            </p>
          </Field>
          <Field id={ids.description} label="Description" optional error={errors.description} hint={`${description.length}/200`}>
            <Input
              {...fieldA11y(ids.description, errors.description, true)}
              value={description}
              onChange={(e) => {
                setDescription(e.target.value);
                setErrors((x) => ({ ...x, description: undefined }));
              }}
              placeholder="e.g. CRM sync"
              maxLength={200}
              autoComplete="off"
              disabled={busy}
            />
          </Field>
          <EventChoice
            id={ids.events}
            value={events}
            onChange={(next) => {
              setEvents(next);
              setErrors((x) => ({ ...x, events: undefined }));
            }}
            error={errors.events}
            disabled={busy}
          />
          {errors.root && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.root}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-primary-foreground" label="Saving endpoint" /> : <Webhook aria-hidden />}
              {editing ? 'Save changes' : 'Add endpoint'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The endpoint's signing secret, shown this once (after adding the endpoint or rotating its secret): copy it into
 * the receiver now, because it is not shown again. Closing the dialog drops it from the page.
 */
export function WebhookSecretDialog({ shown, onClose }: { shown: { endpoint: WebhookWithSecret; rotated: boolean } | null; onClose: () => void }) {
  return (
    <SecretOnceDialog
      secret={shown?.endpoint.secret ?? null}
      title="Copy the signing secret"
      description={
        shown?.rotated
          ? 'The endpoint has a new signing secret. The previous one keeps signing beside it for 24 hours, so the receiver can change over.'
          : 'The endpoint is added. Give this secret to the receiver so it can check that each request came from here.'
      }
      warning="This is the only time the secret is shown. Copy it now: it will not be shown again."
      label={
        <>
          Signing secret for <span className="break-all font-normal">{shown?.endpoint.url}</span>
        </>
      }
      noun="secret"
      copiedTitle="Signing secret copied"
      testId="webhook-secret"
      onClose={onClose}
    >
      <p className="text-sm text-muted-foreground">
        Every request carries the <code className="font-mono text-xs">webhook-id</code>, <code className="font-mono text-xs">webhook-timestamp</code> and{' '}
        <code className="font-mono text-xs">webhook-signature</code> headers. Receivers verify them with this secret as Standard Webhooks describes, with any Standard
        Webhooks library.
      </p>
    </SecretOnceDialog>
  );
}

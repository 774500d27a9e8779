import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { createApiTokenSchema, type ApiTokenKind, type ApiTokenScope, type CreatedApiToken } from '../../../../common/schemas/api-tokens.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DescribedCheckbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, FieldError, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { useCreateApiToken } from '../api/tokens.ts';
import { EXPIRY_CHOICES, expiryFor, firstExpiryDate, type ExpiryChoice } from '../lib/expiry.ts';
import { SCOPE_DESCRIPTIONS, SCOPES_FOR } from '../lib/scopes.ts';

type FieldName = 'name' | 'scopes' | 'expiresAt';
type Errors = Partial<Record<FieldName | 'root', string>>;
const FIELDS: readonly FieldName[] = ['name', 'scopes', 'expiresAt'];

const DESCRIPTIONS: Record<ApiTokenKind, string> = {
  organisation: 'The token acts as you, with only the scopes you choose. Give each system its own token, so one can be revoked without the others.',
  personal: 'The token acts as you and can only read your own leads and commissions. Give each tool its own token.',
};

/**
 * "Create token": a name, the scopes (each with what it allows; only the kind's own scopes are offered) and an
 * optional expiry. The server checks it all again; its messages go under their fields, anything else above the
 * buttons. On success the created token (with its secret) goes to `onCreated`.
 */
export function CreateTokenDialog({
  kind,
  open,
  onOpenChange,
  onCreated,
}: {
  kind: ApiTokenKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (token: CreatedApiToken) => void;
}) {
  const id = useId();
  const create = useCreateApiToken(kind);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const busy = create.isPending;
  const offered = SCOPES_FOR[kind];
  const ids = { name: `${id}-name`, scopes: `${id}-scopes`, expiry: `${id}-expiry`, date: `${id}-date`, root: `${id}-root` };

  const close = (o: boolean) => {
    if (busy) return;
    if (!o) {
      setName('');
      setScopes([]);
      setExpiry('never');
      setDate('');
      setErrors({});
      create.reset();
    }
    onOpenChange(o);
  };
  const toggle = (scope: ApiTokenScope, on: boolean) => {
    setScopes((now) => offered.filter((s) => (s === scope ? on : now.includes(s))));
    setErrors((e) => ({ ...e, scopes: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const until = expiryFor(expiry, date);
    const parsed = createApiTokenSchema.safeParse({ name, scopes, expiresAt: 'expiresAt' in until ? until.expiresAt : null });
    const found: Errors = {};
    if ('error' in until) found.expiresAt = until.error;
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
    setErrors(found);
    if (!parsed.success || 'error' in until) return;
    create.mutate(parsed.data, {
      onSuccess: (made) => {
        close(false);
        onCreated(made);
      },
      onError: (err) => {
        const placed: Errors = {};
        for (const m of serverFieldMessages(err, FIELDS)) placed[m.name] = m.message;
        if (Object.keys(placed).length === 0) placed.root = errorDetail(err, 'Could not create the token. Please try again.');
        setErrors(placed);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{kind === 'organisation' ? 'Create organisation token' : 'Create personal token'}</DialogTitle>
          <DialogDescription>{DESCRIPTIONS[kind]}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <Field id={ids.name} label="Name" error={errors.name}>
            <Input
              {...fieldA11y(ids.name, errors.name, true)}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((x) => ({ ...x, name: undefined }));
              }}
              placeholder="e.g. CRM sync"
              maxLength={100}
              autoComplete="off"
              disabled={busy}
            />
            <p id={`${ids.name}-hint`} className="text-xs text-muted-foreground">
              Say what uses it, so you know what stops working if you revoke it.
            </p>
          </Field>
          <fieldset className="grid gap-2" aria-describedby={errors.scopes ? `${ids.scopes}-error` : undefined} aria-invalid={errors.scopes ? true : undefined}>
            <legend className="mb-2 text-sm font-medium">Scopes</legend>
            <div className={`grid gap-1 rounded-lg border p-2 ${errors.scopes ? 'border-destructive' : 'border-border'}`}>
              {offered.map((scope, i) => {
                const box = `${ids.scopes}-${i}`;
                return (
                  <DescribedCheckbox
                    key={scope}
                    id={box}
                    label={scope}
                    labelClassName="font-mono text-sm font-medium"
                    description={SCOPE_DESCRIPTIONS[scope]}
                    checked={scopes.includes(scope)}
                    onCheckedChange={(c) => toggle(scope, c)}
                    disabled={busy}
                  />
                );
              })}
            </div>
            <FieldError id={`${ids.scopes}-error`}>{errors.scopes}</FieldError>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={ids.expiry} label="Expires" error={expiry === 'date' ? undefined : errors.expiresAt}>
              <Select
                value={expiry}
                onValueChange={(v) => {
                  setExpiry(v as ExpiryChoice);
                  setErrors((x) => ({ ...x, expiresAt: undefined }));
                }}
                disabled={busy}
              >
                <SelectTrigger {...fieldA11y(ids.expiry, expiry === 'date' ? undefined : errors.expiresAt)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {EXPIRY_CHOICES.map((c) => (
                    <SelectItem key={c.value} value={c.value}>
                      {c.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            {expiry === 'date' && (
              <Field id={ids.date} label="Expiry date" error={errors.expiresAt}>
                <Input
                  {...fieldA11y(ids.date, errors.expiresAt)}
                  type="date"
                  min={firstExpiryDate()}
                  value={date}
                  onChange={(e) => {
                    setDate(e.target.value);
                    setErrors((x) => ({ ...x, expiresAt: undefined }));
                  }}
                  disabled={busy}
                />
              </Field>
            )}
          </div>
          {errors.root && (
            <p id={ids.root} role="alert" className="text-sm font-medium text-destructive">
              {errors.root}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-primary-foreground" label="Creating token" /> : <KeyRound aria-hidden />}
              {busy ? 'Creating...' : 'Create token'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Banknote, Clock, Landmark, Pencil, Save, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { payoutDetailsInputSchema, type PayoutDetails, type PayoutMethod } from '../../../../common/schemas/payouts.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field, FieldError, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { needsReauthentication } from '../../../lib/api.ts';
import { formatDateTime, formatLongDate } from '../../../lib/format.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { cn } from '../../../lib/utils.ts';
import { usePayoutDetails, useSavePayoutDetails } from '../api/payout-details.ts';

type BankKind = 'uk' | 'iban';
/** The form: the shared schema's fields, and which kind of bank account is being entered. */
type PayoutForm = z.input<typeof payoutDetailsInputSchema> & { bankKind: BankKind };
type PayoutData = z.output<typeof payoutDetailsInputSchema>;
type FieldName = 'accountName' | 'sortCode' | 'accountNumber' | 'iban' | 'bic' | 'paypalEmail' | 'vatNumber';
const FIELDS: readonly FieldName[] = ['accountName', 'sortCode', 'accountNumber', 'iban', 'bic', 'paypalEmail', 'vatNumber'];

const METHODS: ReadonlyArray<{ value: PayoutMethod; label: string; hint: string; icon: typeof Landmark }> = [
  { value: 'bank', label: 'Bank transfer', hint: 'BACS to a UK account, or to an IBAN', icon: Landmark },
  { value: 'paypal', label: 'PayPal', hint: 'To the e-mail address of your PayPal account', icon: Wallet },
];
const METHOD_TEXT: Record<PayoutMethod, string> = { bank: 'Bank transfer', paypal: 'PayPal' };

/** Only the fields of the chosen method and kind of account: the schema decides UK or IBAN by which are filled in. */
function chosenFields(v: PayoutForm): z.input<typeof payoutDetailsInputSchema> {
  const vat = { vatRegistered: v.vatRegistered, vatNumber: v.vatRegistered ? v.vatNumber : undefined };
  if (v.method === 'paypal') return { method: 'paypal', paypalEmail: v.paypalEmail, ...vat };
  if (v.bankKind === 'iban') return { method: 'bank', accountName: v.accountName, iban: v.iban, bic: v.bic, ...vat };
  // the schema reads a bank account with neither a sort code nor an account number as an IBAN one: a blank UK account
  // is checked as a mistyped one instead, so the schema's messages land under the fields the member sees
  const blank = !v.sortCode?.trim() && !v.accountNumber?.trim();
  return { method: 'bank', accountName: v.accountName, sortCode: blank ? '-' : v.sortCode, accountNumber: blank ? '-' : v.accountNumber, ...vat };
}

const schemaResolver = zodResolver(payoutDetailsInputSchema);
/** The shared schema's checks, on the fields of the chosen method only. */
const resolver: Resolver<PayoutForm, unknown, PayoutData> = (values, context, options) =>
  schemaResolver(chosenFields(values), context, options as never) as ReturnType<Resolver<PayoutForm, unknown, PayoutData>>;

/** The form starts from the saved method and VAT details; account fields are never sent back, so they start empty. */
const defaultsFrom = (saved: PayoutDetails | null): PayoutForm => ({
  method: saved?.method ?? 'bank',
  bankKind: 'uk',
  accountName: saved?.accountName ?? '',
  sortCode: '',
  accountNumber: '',
  iban: '',
  bic: '',
  paypalEmail: '',
  vatRegistered: saved?.vatRegistered ?? false,
  vatNumber: saved?.vatNumber ?? '',
});

/** The saved details, masked, with any hold on payouts explained. */
function SavedDetails({ details, onChange }: { details: PayoutDetails; onChange: () => void }) {
  return (
    <div className="grid gap-4">
      {details.heldUntil && (
        <div role="status" className="flex items-start gap-3 rounded-lg border border-warning/30 bg-warning-soft px-4 py-3 text-sm">
          <Clock className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <p>
            Payouts are held until <strong>{formatLongDate(details.heldUntil)}</strong> because your details changed. This protects you if someone else changed them: if
            it was not you, contact us at once.
          </p>
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Method</dt>
          <dd className="font-medium">{METHOD_TEXT[details.method]}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{details.method === 'paypal' ? 'PayPal account' : 'Account'}</dt>
          <dd className="font-medium tabular-nums">{details.masked}</dd>
        </div>
        {details.accountName && (
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">Name on the account</dt>
            <dd className="font-medium">{details.accountName}</dd>
          </div>
        )}
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">VAT</dt>
          <dd className="font-medium">{details.vatRegistered ? `Registered, ${details.vatNumber}` : 'Not registered'}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={onChange}>
          <Pencil aria-hidden /> Change payout details
        </Button>
        <p className="text-xs text-muted-foreground">Last changed {formatDateTime(details.updatedAt)}</p>
      </div>
    </div>
  );
}

/** The form for new details: method, account (UK or IBAN for a bank), VAT. */
function PayoutDetailsForm({ saved, onDone }: { saved: PayoutDetails | null; onDone: (() => void) | null }) {
  const id = useId();
  const save = useSavePayoutDetails();
  const form = useForm<PayoutForm, unknown, PayoutData>({ resolver, defaultValues: defaultsFrom(saved), reValidateMode: 'onSubmit' });
  const { errors } = form.formState;
  const [method, bankKind, vatRegistered] = useWatch({ control: form.control, name: ['method', 'bankKind', 'vatRegistered'] });
  const busy = save.isPending;
  const err = (name: FieldName) => errors[name]?.message;

  const submit = form.handleSubmit((data) =>
    save.mutate(data, {
      onSuccess: ({ details }) => {
        form.reset(defaultsFrom(details));
        toast({
          variant: 'success',
          title: 'Payout details saved',
          description: details?.heldUntil ? `Payouts are held until ${formatLongDate(details.heldUntil)} because your details changed.` : undefined,
        });
        onDone?.();
      },
      onError: (e) => {
        // the bank's checks (a sort code and account number that do not match) come back on their field
        if (placeServerErrors(e, FIELDS, form.setError)) return;
        toast({
          variant: 'destructive',
          title: 'Payout details not saved',
          description: needsReauthentication(e) ? 'Confirm it’s you to change your payout details.' : 'Please try again.',
        });
      },
    }),
  );

  const text = (
    name: FieldName,
    label: string,
    extra: { type?: string; inputMode?: 'numeric' | 'email' | 'text'; autoComplete?: string; placeholder?: string; maxLength?: number } = {},
  ) => (
    <Field id={`${id}-${name}`} label={label} error={err(name)}>
      <Input
        {...fieldA11y(`${id}-${name}`, err(name))}
        {...form.register(name, { onChange: () => form.clearErrors(name) })}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        autoComplete={extra.autoComplete ?? 'off'}
        spellCheck={false}
        placeholder={extra.placeholder}
        maxLength={extra.maxLength}
        disabled={busy}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Payout details" className="grid gap-5">
      <Controller
        control={form.control}
        name="method"
        render={({ field }) => (
          <fieldset className="grid gap-2" disabled={busy}>
            <legend className="mb-2 text-sm font-medium">How should we pay you?</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {METHODS.map((m) => {
                const checked = field.value === m.value;
                const Icon = m.icon;
                return (
                  <label
                    key={m.value}
                    className={cn(
                      'relative flex cursor-pointer gap-3 rounded-lg border bg-card p-3.5 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                      checked ? 'border-primary bg-primary-soft/60 ring-1 ring-primary' : 'border-input hover:bg-accent',
                    )}
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={m.value}
                      checked={checked}
                      onChange={() => {
                        field.onChange(m.value);
                        form.clearErrors();
                      }}
                      onBlur={field.onBlur}
                      className="sr-only"
                    />
                    <Icon className={cn('mt-0.5 size-5 shrink-0', checked ? 'text-primary' : 'text-muted-foreground')} aria-hidden />
                    <span>
                      <span className="block text-sm font-semibold">{m.label}</span>
                      <span className="mt-0.5 block text-xs leading-snug text-muted-foreground">{m.hint}</span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      />

      {method === 'bank' ? (
        <div className="grid gap-5">
          {text('accountName', 'Name on the account', { autoComplete: 'name', maxLength: 70 })}
          <Controller
            control={form.control}
            name="bankKind"
            render={({ field }) => (
              <fieldset className="grid gap-2" disabled={busy}>
                <legend className="mb-1 text-sm font-medium">Account</legend>
                <div role="presentation" className="inline-flex w-fit rounded-lg border border-input p-1">
                  {(
                    [
                      ['uk', 'UK account'],
                      ['iban', 'IBAN and BIC'],
                    ] as const
                  ).map(([value, label]) => (
                    <label
                      key={value}
                      className={cn(
                        'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                        field.value === value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent',
                      )}
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={value}
                        checked={field.value === value}
                        onChange={() => {
                          field.onChange(value);
                          form.clearErrors();
                        }}
                        className="sr-only"
                      />
                      {label}
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
          />
          {bankKind === 'uk' ? (
            <div className="grid gap-5 sm:grid-cols-2">
              {text('sortCode', 'Sort code', { inputMode: 'numeric', placeholder: '12-34-56', maxLength: 8 })}
              {text('accountNumber', 'Account number', { inputMode: 'numeric', placeholder: '12345678', maxLength: 8 })}
            </div>
          ) : (
            <div className="grid gap-5 sm:grid-cols-2">
              {text('iban', 'IBAN', { placeholder: 'GB29 NWBK 6016 1331 9268 19', maxLength: 42 })}
              {text('bic', 'BIC', { placeholder: 'NWBKGB2L', maxLength: 11 })}
            </div>
          )}
        </div>
      ) : (
        text('paypalEmail', 'PayPal e-mail address', { type: 'email', inputMode: 'email', autoComplete: 'email' })
      )}

      <div className="grid gap-3">
        <Controller
          control={form.control}
          name="vatRegistered"
          render={({ field }) => (
            <div className="flex items-center gap-2.5">
              <Checkbox
                id={`${id}-vat`}
                checked={!!field.value}
                onCheckedChange={(on) => {
                  field.onChange(on === true);
                  form.clearErrors('vatNumber');
                }}
                disabled={busy}
              />
              <Label htmlFor={`${id}-vat`} className="cursor-pointer">
                I am VAT registered
              </Label>
            </div>
          )}
        />
        {vatRegistered && <div className="sm:max-w-xs">{text('vatNumber', 'VAT number', { placeholder: 'GB123456789', maxLength: 20 })}</div>}
      </div>

      <p className="text-xs text-muted-foreground">
        Commission is paid gross each month, on the 15th. To protect you, you will be asked to confirm it’s you, we e-mail you about every change, and payouts wait seven
        days after details are replaced.
      </p>
      {errors.root?.message && <FieldError id={`${id}-form-error`}>{errors.root.message}</FieldError>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : <Save aria-hidden />}
          {busy ? 'Saving…' : 'Save payout details'}
        </Button>
        {onDone && (
          <Button type="button" variant="ghost" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Payout details: where commission is paid. Shows the saved details masked (and any hold on payouts after a
 * change); adding or changing them asks for a fresh confirmation of identity, which the API client's dialog handles.
 */
export function PayoutDetailsCard() {
  const query = usePayoutDetails();
  const [editing, setEditing] = useState(false);
  const details = query.data?.details ?? null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Banknote className="size-4" aria-hidden /> Payout details
        </CardTitle>
        <CardDescription>Where we pay your commission. Your account number is kept encrypted and only ever shown by its last four digits.</CardDescription>
      </CardHeader>
      <CardContent aria-busy={query.isLoading || undefined}>
        {query.isError ? (
          <LoadError what="your payout details" error={query.error} onRetry={() => void query.refetch()} />
        ) : !query.data ? (
          <div className="grid gap-3" aria-hidden>
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-9 w-44" />
          </div>
        ) : details && !editing ? (
          <SavedDetails details={details} onChange={() => setEditing(true)} />
        ) : (
          <div className="grid gap-4">
            {!details && (
              <p className="rounded-lg border border-dashed border-border px-4 py-3 text-sm text-muted-foreground">
                You have not added payout details yet. Commission you earn is held until you do.
              </p>
            )}
            <PayoutDetailsForm saved={details} onDone={details ? () => setEditing(false) : null} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

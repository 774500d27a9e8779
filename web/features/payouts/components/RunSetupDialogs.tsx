import { FilePlus2, Settings2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fromPence, toPence } from '../../../../common/rules/money.ts';
import { createPayoutRunSchema, payoutSettingsSchema, type PayoutRun } from '../../../../common/schemas/payouts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { formatGBP } from '../../../lib/format.ts';
import { useDraftPayoutRun, useSavePayoutSettings } from '../api/runs.ts';
import { dayLabel, endOfLastLondonMonth, londonToday } from '../lib/payout-format.ts';

/** The first message of a failed parse, for the one field a small form has. */
const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.success ? undefined : result.error?.issues[0]?.message);

/**
 * "Draft payout run": the period end (the end of last month by default, as the server would take it) and the
 * minimum payout the draft will use. The drafted run opens once the server has answered.
 */
export function DraftRunDialog({
  minimumPayout,
  onDrafted,
  triggerLabel = 'Draft payout run',
}: {
  minimumPayout?: string;
  onDrafted: (run: PayoutRun) => void;
  triggerLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const [periodEnd, setPeriodEnd] = useState(endOfLastLondonMonth);
  const [error, setError] = useState<string>();
  const draft = useDraftPayoutRun();
  const busy = draft.isPending;
  const id = 'payout-run-period-end';

  const change = (o: boolean) => {
    if (busy) return;
    if (o) {
      setPeriodEnd(endOfLastLondonMonth());
      setError(undefined);
    }
    setOpen(o);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createPayoutRunSchema.safeParse({ periodEnd });
    const message = firstIssue(parsed) ?? (periodEnd > londonToday() ? 'The period cannot end in the future' : undefined);
    if (message || !parsed.success) return setError(message);
    draft.mutate(parsed.data.periodEnd, {
      onSuccess: (run) => {
        setOpen(false);
        onDrafted(run);
      },
      onError: (err) => setError(serverFieldMessages(err, ['periodEnd'] as const)[0]?.message),
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button>
          <FilePlus2 aria-hidden /> {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Draft payout run</DialogTitle>
          <DialogDescription>
            Every pending commission earned up to the period end and not in another open run, per partner.
            {minimumPayout && ` Partners owed less than ${formatGBP(minimumPayout, 2)} are carried over to the next run.`}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Field id={id} label="Period end" error={error} hint={periodEnd ? dayLabel(periodEnd) : undefined}>
            <Input
              {...fieldA11y(id, error, !!periodEnd)}
              type="date"
              value={periodEnd}
              max={londonToday()}
              onChange={(e) => {
                setPeriodEnd(e.target.value);
                setError(undefined);
              }}
              disabled={busy}
              required
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-primary-foreground" label="Drafting" /> : <FilePlus2 aria-hidden />}
              {busy ? 'Drafting...' : 'Draft run'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Pounds as typed ("50", "£50.5") in the wire's form ("50.00"), or the text as it is when it is not an amount. */
function asMoney(text: string): string {
  const bare = text.trim().replace(/^£/, '').replace(/,/g, '');
  try {
    return fromPence(toPence(bare));
  } catch {
    return bare;
  }
}

/** The minimum payout in a small dialog: partners owed less than it are carried over to the next run. */
export function PayoutSettingsDialog({ minimumPayout }: { minimumPayout: string }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(minimumPayout);
  const [error, setError] = useState<string>();
  const save = useSavePayoutSettings();
  const busy = save.isPending;
  const id = 'payout-minimum';

  const change = (o: boolean) => {
    if (busy) return;
    if (o) {
      setValue(minimumPayout);
      setError(undefined);
    }
    setOpen(o);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = payoutSettingsSchema.safeParse({ minimumPayout: asMoney(value) });
    if (!parsed.success || toPence(parsed.data.minimumPayout) < 0) return setError('Enter an amount in pounds, like 50.00');
    save.mutate(parsed.data, {
      onSuccess: () => setOpen(false),
      onError: (err) => setError(serverFieldMessages(err, ['minimumPayout'] as const)[0]?.message ?? 'Failed to save the minimum payout. Please try again.'),
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label="Change the minimum payout">
          <Settings2 aria-hidden /> Change
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Minimum payout</DialogTitle>
          <DialogDescription>Partners owed less than this are carried over to the next run. Runs already drafted keep their own.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Field id={id} label="Minimum payout (£)" error={error}>
            <Input
              {...fieldA11y(id, error)}
              inputMode="decimal"
              autoComplete="off"
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
              disabled={busy}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner className="size-4 text-primary-foreground" label="Saving" />}
              {busy ? 'Saving...' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

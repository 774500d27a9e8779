import { BadgeCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { markPayoutRunPaidSchema, type PayoutRun } from '../../../../common/schemas/payouts.ts';
import { Pager } from '../../../components/pager.tsx';
import { QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { formatGBP } from '../../../lib/format.ts';
import { pageCount } from '../../../lib/paging.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { useMarkPayoutRunPaid, usePayoutLines } from '../api/runs.ts';
import { londonToday, methodText } from '../lib/payout-format.ts';

const PAGE_SIZE = 20;

/**
 * "Mark paid": the value date (today by default) and, optionally, the payments the bank or PayPal returned, ticked
 * from the run's payable lines (kept across their pages). Those are recorded as failed and their commissions stay
 * pending for the next run; every other partner is paid and sent their statement.
 */
export function MarkPaidDialog({ run }: { run: PayoutRun }) {
  const [open, setOpen] = useState(false);
  const [valueDate, setValueDate] = useState(londonToday);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string>();
  const [position, turnTo] = usePositionFor(run.id);
  const lines = usePayoutLines(run.id, 'payable', position, PAGE_SIZE, open);
  const markPaid = useMarkPayoutRunPaid();
  const busy = markPaid.isPending;
  const dateId = 'payout-value-date';

  const change = (o: boolean) => {
    if (busy) return;
    if (o) {
      setValueDate(londonToday());
      setFailed(new Set());
      setError(undefined);
    }
    setOpen(o);
  };
  const toggle = (id: string, on: boolean) =>
    setFailed((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = markPayoutRunPaidSchema.safeParse({ valueDate, failedLineIds: [...failed] });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (valueDate > londonToday()) return setError('The value date cannot be in the future');
    markPaid.mutate(
      { id: run.id, valueDate: parsed.data.valueDate, failedLineIds: parsed.data.failedLineIds ?? [] },
      {
        onSuccess: () => setOpen(false),
        onError: (err) => setError(serverFieldMessages(err, ['valueDate'] as const)[0]?.message),
      },
    );
  };
  const paying = run.payableCount - failed.size;

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button>
          <BadgeCheck aria-hidden /> Mark paid
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Mark {run.reference} paid</DialogTitle>
          <DialogDescription>
            Once the bank transfers and PayPal payouts have gone. Each partner paid is notified and e-mailed their statement; this cannot be undone here.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Field id={dateId} label="Value date" error={error}>
            <Input
              {...fieldA11y(dateId, error)}
              type="date"
              value={valueDate}
              max={londonToday()}
              onChange={(e) => {
                setValueDate(e.target.value);
                setError(undefined);
              }}
              disabled={busy}
              required
            />
          </Field>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Payments that failed (optional)</legend>
            <p className="text-xs text-muted-foreground">Tick any payment the bank or PayPal returned: its commission stays owed for the next run.</p>
            <QueryState
              query={lines}
              what="the run's payments"
              loading={<SkeletonRows count={3} rowClassName="h-9 w-full" />}
              isEmpty={(p) => !p.items.length}
              empty={<p className="text-sm text-muted-foreground">No payments in this run.</p>}
            >
              {(page) => (
                <>
                  <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-border p-2" aria-label="Payments in this run">
                    {page.items.map((l) => (
                      <li key={l.id} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted/60">
                        <Checkbox
                          id={`failed-${l.id}`}
                          aria-label={`Payment to ${l.partner.name} failed`}
                          checked={failed.has(l.id)}
                          onCheckedChange={(v) => toggle(l.id, v === true)}
                          disabled={busy}
                        />
                        <label htmlFor={`failed-${l.id}`} className="flex min-w-0 flex-1 cursor-pointer flex-wrap items-baseline justify-between gap-x-3 text-sm">
                          <span className="font-medium">{l.partner.name}</span>
                          <span className="text-xs text-muted-foreground">{methodText(l.method, l.masked)}</span>
                          <span className="tabular-nums">{formatGBP(l.amount, 2)}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                  <Pager
                    label="Payment pages"
                    page={position.page}
                    summary={`Page ${position.page} of ${pageCount(page.total, PAGE_SIZE)}`}
                    hasNext={position.page * PAGE_SIZE < page.total}
                    onPage={(t) => turnTo(t, lines.isPlaceholderData ? undefined : lines.data)}
                    busy={lines.isFetching}
                  />
                </>
              )}
            </QueryState>
          </fieldset>
          <p className="text-sm" aria-live="polite">
            {paying} of {run.payableCount} {run.payableCount === 1 ? 'payment' : 'payments'} paid
            {failed.size ? `, ${failed.size} failed` : ''}.
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : <BadgeCheck aria-hidden />}
              {busy ? 'Saving...' : 'Mark paid'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

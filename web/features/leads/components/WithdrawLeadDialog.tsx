import { ArrowLeft, Undo2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { leadWithdrawSchema, type Lead } from '../../../../common/schemas/lead.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useWithdrawLead } from '../api/update-lead.ts';

const REASON_MAX = 500;

function WithdrawForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  // first the reason, then "cannot be undone" before anything is sent
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawLead(lead.id);

  const next = (e: FormEvent) => {
    e.preventDefault();
    const parsed = leadWithdrawSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setConfirming(true);
  };

  if (confirming) {
    return (
      <div className="grid gap-5">
        <div role="alert" className="rounded-lg border border-destructive/20 bg-destructive-soft px-4 py-3 text-sm">
          <p className="font-semibold text-destructive">This cannot be undone.</p>
          <p className="mt-1 text-foreground/90">
            <strong>{lead.companyName}</strong> leaves the pipeline for good and earns no commission. Our team sees your reason.
          </p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={withdraw.isPending}>
            <ArrowLeft aria-hidden /> Back
          </Button>
          <Button variant="destructive" disabled={withdraw.isPending} onClick={() => withdraw.mutate(reason.trim(), { onSuccess: onDone })}>
            {withdraw.isPending ? <Spinner className="size-4 text-white" label="Withdrawing" /> : <Undo2 aria-hidden />}
            Withdraw lead
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={next} className="grid gap-5">
      <Field id={`${id}-reason`} label="Why are you withdrawing it?" error={error} hint={`${reason.length}/${REASON_MAX}`}>
        <Textarea
          {...fieldA11y(`${id}-reason`, error, true)}
          rows={4}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
          placeholder="e.g. The client has decided to hire directly."
        />
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive">
          Continue
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The partner's Withdraw dialog (while the lead is not closed): the reason (1–500 characters), then a last word that
 * it cannot be undone, then POST /api/leads/{id}/withdraw. The lead becomes closed-lost with the reason shown.
 */
export function WithdrawLeadDialog({ lead, open, onOpenChange }: { lead: Lead; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Withdraw this lead?</DialogTitle>
          <DialogDescription>Tell our team why {lead.companyName} no longer needs us, or why you are taking it back.</DialogDescription>
        </DialogHeader>
        {open && <WithdrawForm lead={lead} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LEAD_STATUSES, type LeadStatus } from '../../../../common/constants/options.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useUpdateLead } from '../api/update-lead.ts';
import { StatusOption } from './LeadStatusBadge.tsx';

const NOTES_MAX = 5000;

function UpdateStatusForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [notes, setNotes] = useState('');
  const update = useUpdateLead();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ lead, status, notes: notes.trim() || undefined }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} className="grid gap-5">
      <Field id="update-status" label="Status">
        <Select value={status} onValueChange={(v) => setStatus(v as LeadStatus)}>
          <SelectTrigger id="update-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {LEAD_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                <StatusOption status={s} />
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      {lead.notes && (
        <div className="grid gap-1.5">
          <p className="text-xs font-medium text-muted-foreground">Current admin notes</p>
          <p className="max-h-28 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-muted/60 px-3 py-2 text-sm">{lead.notes}</p>
        </div>
      )}
      <Field id="update-notes" label="Notes" optional hint={`${notes.length}/${NOTES_MAX}`}>
        <Textarea
          id="update-notes"
          aria-describedby="update-notes-hint update-notes-help"
          rows={4}
          maxLength={NOTES_MAX}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          placeholder="What happened, what comes next…"
        />
        <p id="update-notes-help" className="text-xs text-muted-foreground">
          Added to the lead’s progress timeline{lead.notes ? ' and replaces the current admin notes' : ' and shown to the partner as admin notes'}.
        </p>
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : <Save aria-hidden />}
          Update Lead
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Admin dialog: set a lead's status with optional notes (PATCH /api/leads/{id}); toasts come from the hook. */
export function UpdateStatusDialog({ lead, onOpenChange }: { lead: Lead | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!lead} onOpenChange={onOpenChange}>
      {lead && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Update Lead Status</DialogTitle>
            <DialogDescription>
              {lead.companyName} · submitted by {lead.submitterName}
            </DialogDescription>
          </DialogHeader>
          <UpdateStatusForm key={lead.id} lead={lead} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

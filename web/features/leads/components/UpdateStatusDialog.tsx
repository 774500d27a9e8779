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
import { cn } from '../../../lib/utils.ts';
import { useUpdateLead } from '../api/update-lead.ts';
import { StatusOption } from './LeadStatusBadge.tsx';

const NOTES_MAX = 2000;

/** Who the notes are for: the partner (a message in the lead's discussion) or the team (an internal note). */
const VISIBILITY = [
  { value: 'shared', label: 'Visible to the partner', help: 'A message in the lead’s discussion; the partner is told.' },
  { value: 'internal', label: 'Internal note', help: 'Only administrators ever see it.' },
] as const;
type Visibility = (typeof VISIBILITY)[number]['value'];

function UpdateStatusForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [notes, setNotes] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('shared');
  const update = useUpdateLead();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({ lead, status, notes: notes.trim() || undefined, notesInternal: visibility === 'internal' }, { onSuccess: onDone });
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
      <Field id="update-notes" label="Notes" optional hint={`${notes.length}/${NOTES_MAX}`}>
        <Textarea
          id="update-notes"
          aria-describedby="update-notes-hint"
          rows={4}
          maxLength={NOTES_MAX}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          placeholder="What happened, what comes next…"
        />
      </Field>
      <fieldset className="grid gap-2" disabled={!notes.trim()}>
        <legend className="mb-1 text-sm font-medium">Who sees the notes</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {VISIBILITY.map((v) => (
            <label
              key={v.value}
              htmlFor={`update-notes-${v.value}`}
              className={cn(
                'flex cursor-pointer gap-2.5 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                visibility === v.value ? 'border-primary bg-primary-soft/60' : 'border-input hover:bg-accent',
                !notes.trim() && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                id={`update-notes-${v.value}`}
                type="radio"
                name="update-notes-visibility"
                value={v.value}
                checked={visibility === v.value}
                onChange={() => setVisibility(v.value)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="grid font-medium">
                {v.label}
                <span className="text-xs font-normal text-muted-foreground">{v.help}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
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

/**
 * Admin dialog: set a lead's status with optional notes for the partner or for the team only (PATCH /api/leads/{id});
 * toasts come from the hook.
 */
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

import type { Lead } from '../../../../common/schemas/lead.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useEditLead } from '../api/update-lead.ts';
import { changedFields, leadFormValues } from '../lib/lead-edit.ts';
import { LeadForm } from './LeadForm.tsx';

function EditLeadForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const edit = useEditLead(lead.id);
  return (
    <LeadForm
      initial={leadFormValues(lead)}
      pending={edit.isPending}
      formLabel={`Edit ${lead.companyName}`}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      onCancel={onDone}
      onSubmit={(data, placeServerErrors) => {
        const changes = changedFields(lead, data);
        if (Object.keys(changes).length === 0) {
          toast({ title: 'Nothing changed', description: 'The lead is as it was.' });
          return onDone();
        }
        edit.mutate(changes, {
          onSuccess: onDone,
          onError: (err) => {
            if (!placeServerErrors(err)) toast({ variant: 'destructive', title: 'Could not save the lead', description: errorDetail(err, 'Please try again.') });
          },
        });
      }}
    />
  );
}

/**
 * The partner's Edit dialog (while the lead is submitted or under review): the Submit New Lead form with the lead's
 * values and the same checks; only what changed is sent (PATCH /api/leads/{id}), and lands on the timeline as "edited".
 */
export function EditLeadDialog({ lead, open, onOpenChange }: { lead: Lead; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl gap-6 p-5 sm:p-7">
        <DialogHeader>
          <DialogTitle>Edit lead</DialogTitle>
          <DialogDescription>Correct the details while our team has not started working the lead. Every change shows on its timeline.</DialogDescription>
        </DialogHeader>
        {/* mounted afresh each time it opens, from the lead as it is then (and kept while the saved lead comes back) */}
        {open && <EditLeadForm lead={lead} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

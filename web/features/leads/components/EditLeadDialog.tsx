import { LEAD_COMMISSION_FIELDS, LEAD_COMMISSION_FIELDS_LOCKED, type Lead } from '../../../../common/schemas/lead.ts';
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
      // a won lead's commission was computed from these: the server refuses a change to them (409)
      locked={lead.can.editCommissionFields ? undefined : { fields: LEAD_COMMISSION_FIELDS, reason: LEAD_COMMISSION_FIELDS_LOCKED }}
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
 * The Edit lead dialog, offered as the lead's `can.edit` allows: to its partner while it is submitted or under review,
 * to an administrator (`admin`, for the wording) in any status. The Submit New Lead form with the lead's values and
 * the same checks; only what changed is sent (PATCH /api/leads/{id}), and lands on the timeline as "edited". When the
 * commission fields may not change (a won lead), they are shown disabled with the reason.
 */
export function EditLeadDialog({ lead, admin, open, onOpenChange }: { lead: Lead; admin: boolean; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl gap-6 p-5 sm:p-7">
        <DialogHeader>
          <DialogTitle>Edit lead</DialogTitle>
          <DialogDescription>
            {admin
              ? 'Correct the lead’s details. Every change shows on its timeline and is kept in the audit log.'
              : 'Correct the details while our team has not started working the lead. Every change shows on its timeline.'}
          </DialogDescription>
        </DialogHeader>
        {/* mounted afresh each time it opens, from the lead as it is then (and kept while the saved lead comes back) */}
        {open && <EditLeadForm lead={lead} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadStatus } from '../../../../common/constants/options.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { applyOptimisticStatus, restoreLeadLists } from '../lib/optimistic-status.ts';
import { leadKeys } from './keys.ts';
import { refreshAfterLeadChange } from './lead-change.ts';

/**
 * PATCH /api/leads/{id} (admin): a new status and optional notes. The lists change at once and roll back if the
 * server refuses; the toasts are 'Lead updated successfully!' and 'Error' / 'Failed to update lead. Please try
 * again.'. Whatever the answer, everything a lead change touches is refreshed.
 */
export function useUpdateLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lead, status, notes }: { lead: Lead; status: LeadStatus; notes?: string }) =>
      api.patch<Lead>(`/api/leads/${encodeURIComponent(lead.id)}`, notes ? { status, notes } : { status }),
    onMutate: async ({ lead, status }) => {
      await client.cancelQueries({ queryKey: leadKeys.all });
      return { snapshot: applyOptimisticStatus(client, lead, status) };
    },
    onError: (_err, _vars, context) => {
      restoreLeadLists(client, context?.snapshot);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update lead. Please try again.' });
    },
    onSuccess: () => toast({ variant: 'success', title: 'Lead updated successfully!' }),
    onSettled: () => refreshAfterLeadChange(client),
  });
}

/**
 * DELETE /api/leads/{id} (admin): removes the lead with its activities, notes and commissions; toasts 'Lead
 * deleted' or 'Error' / 'Failed to delete lead. Please try again.'.
 */
export function useDeleteLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/leads/${encodeURIComponent(id)}`),
    onSuccess: (_res, id) => {
      toast({ variant: 'success', title: 'Lead deleted', description: 'The lead has been successfully removed from the system.' });
      void refreshAfterLeadChange(client, id);
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete lead. Please try again.' }),
  });
}

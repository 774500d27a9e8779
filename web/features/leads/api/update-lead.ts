import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeadStatus } from '../../../../common/constants/options.ts';
import type { Lead, LeadEdit } from '../../../../common/schemas/lead.ts';
import type { AdminUserPage } from '../../../../common/schemas/admin.ts';
import { ADMIN_ROLES } from '../../../../common/rules/roles.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { applyOptimisticStatus, restoreLeadLists } from '../lib/optimistic-status.ts';
import { leadKeys } from './keys.ts';
import { refreshAfterLeadChange } from './lead-change.ts';

const leadPath = (id: string) => `/api/leads/${encodeURIComponent(id)}`;

/**
 * PATCH /api/leads/{id} (admin): a new status and optional notes, written to the lead's discussion as a message the
 * partner sees or, with `notesInternal`, an internal note. The lists change at once and roll back if the server
 * refuses; the toasts are 'Lead updated successfully!' and 'Error' / 'Failed to update lead. Please try again.'.
 * Whatever the answer, everything a lead change touches is refreshed.
 */
export function useUpdateLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lead, status, notes, notesInternal }: { lead: Lead; status: LeadStatus; notes?: string; notesInternal?: boolean }) =>
      api.patch<Lead>(leadPath(lead.id), notes ? { status, notes, notesInternal: !!notesInternal } : { status }),
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
    mutationFn: (id: string) => api.delete<{ ok: true }>(leadPath(id)),
    onSuccess: (_res, id) => {
      toast({ variant: 'success', title: 'Lead deleted', description: 'The lead has been successfully removed from the system.' });
      void refreshAfterLeadChange(client, id);
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete lead. Please try again.' }),
  });
}

/**
 * PATCH /api/leads/{id} (the lead's partner, while it is submitted or under review): the fields changed. Toasts
 * 'Lead updated' on success; a refusal (409 once the lead has moved on, per-field 400s) is left to the form.
 */
export function useEditLead(leadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: LeadEdit) => api.patch<Lead>(leadPath(leadId), edit),
    onSuccess: (lead) => {
      client.setQueryData(leadKeys.detail(leadId), lead);
      toast({ variant: 'success', title: 'Lead updated', description: 'Your changes are saved and on the lead’s timeline.' });
    },
    onSettled: () => refreshAfterLeadChange(client),
  });
}

/**
 * POST /api/leads/{id}/withdraw (the lead's partner, while it is not closed): the lead leaves the pipeline for
 * good, with the reason given. Toasts 'Lead withdrawn' or the server's refusal.
 */
export function useWithdrawLead(leadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post<Lead>(`${leadPath(leadId)}/withdraw`, { reason }),
    onSuccess: (lead) => {
      client.setQueryData(leadKeys.detail(leadId), lead);
      toast({ variant: 'success', title: 'Lead withdrawn', description: 'It has left the pipeline; our team has been told.' });
    },
    onError: (e) => toast({ variant: 'destructive', title: 'Could not withdraw the lead', description: errorDetail(e, 'Please try again.') }),
    onSettled: () => refreshAfterLeadChange(client),
  });
}

/** POST /api/leads/{id}/assign (admin): the administrator who owns the lead, or null for nobody. */
export function useAssignLead(leadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string | null) => api.post<Lead>(`${leadPath(leadId)}/assign`, { userId }),
    onSuccess: (lead) => {
      client.setQueryData(leadKeys.detail(leadId), lead);
      toast({ variant: 'success', title: lead.assignedTo ? `Assigned to ${lead.assignedTo.name}` : 'Lead unassigned' });
    },
    onError: (e) => toast({ variant: 'destructive', title: 'Could not change the owner', description: errorDetail(e, 'Please try again.') }),
    onSettled: () => refreshAfterLeadChange(client),
  });
}

/** An administrator a lead may be assigned to. */
export interface LeadOwnerChoice {
  id: string;
  name: string;
}

/**
 * The active administrators and master-admins a lead may be assigned to (User Management's list filtered by role,
 * the first hundred of each, by name); asked for only where an owner can be chosen.
 */
export function useLeadOwnerChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/users', { for: 'lead-owner' }],
    enabled,
    staleTime: 60_000,
    queryFn: async (): Promise<LeadOwnerChoice[]> => {
      const pages = await Promise.all(ADMIN_ROLES.map((role) => api.get<AdminUserPage>(withQuery('/api/users', { role, status: 'active', page: 1, pageSize: 100 }))));
      return pages
        .flatMap((p) => p.items)
        .map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));
    },
  });
}

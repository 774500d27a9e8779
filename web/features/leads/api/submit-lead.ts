import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadData } from '../../../../common/schemas/lead.ts';
import { invalidateLeadData } from '../../../components/leads/api.ts';
import { api } from '../../../lib/api.ts';

/** POST /api/leads; on success every lead list and the figures built from leads are refreshed. */
export function useSubmitLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: LeadData) => api.post<Lead>('/api/leads', data),
    onSuccess: () => invalidateLeadData(client),
  });
}

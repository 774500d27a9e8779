import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead, LeadData } from '../../../../common/schemas/lead.ts';
import { api } from '../../../lib/api.ts';
import { refreshAfterLeadChange } from './lead-change.ts';

/** POST /api/leads; on success everything a new lead touches (lists, figures, admin panels) is refreshed. */
export function useSubmitLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: LeadData) => api.post<Lead>('/api/leads', data),
    onSuccess: () => refreshAfterLeadChange(client),
  });
}

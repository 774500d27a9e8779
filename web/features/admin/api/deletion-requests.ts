import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDeletionPage } from '../../../../common/schemas/account.ts';
import { api, errorDetail } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { invalidateKeys, withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';

/** The pending account deletion requests (first element: the endpoint's path). */
export const deletionKeys = {
  all: ['/api/admin/account-deletion-requests'] as const,
  page: (p: PagePosition & { pageSize: number }) =>
    ['/api/admin/account-deletion-requests', { page: p.page, pageSize: p.pageSize, after: p.after ?? null, before: p.before ?? null }] as const,
};

/** One page of pending account deletion requests, oldest first, found by number or by cursor. */
export function useDeletionRequests(position: PagePosition, pageSize: number) {
  return useQuery({
    queryKey: deletionKeys.page({ ...position, pageSize }),
    queryFn: () => api.get<AdminDeletionPage>(withQuery('/api/admin/account-deletion-requests', { ...position, pageSize })),
    placeholderData: keepPreviousData,
  });
}

/**
 * Confirm (the account is anonymised) or decline a request. Either changes the requests, and a confirmation the
 * users list, the overview and the audit log too.
 */
export function useDecideDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'confirm' | 'decline'; note?: string }) =>
      api.post<{ ok: true }>(`/api/admin/account-deletion-requests/${encodeURIComponent(id)}/${decision}`, note ? { note } : {}),
    onSuccess: (_d, { decision }) => toast({ variant: 'success', title: decision === 'confirm' ? 'Account deleted and anonymised' : 'Deletion request declined' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Failed to decide the request. Please try again.') }),
    onSettled: () => Promise.all([invalidateKeys(client, [deletionKeys.all]), changed(client, 'member')]),
  });
}

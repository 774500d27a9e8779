import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DataExport,
  DataExportList,
  DeletionRequestCreate,
  DeletionRequestEnvelope,
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '../../../../common/schemas/account.ts';
import { api } from '../../../lib/api.ts';
import { accountKeys } from './keys.ts';
export { accountKeys } from './keys.ts';

/** GET /api/notification-preferences: the member's choice, or the defaults. */
export const useNotificationPreferences = () => useQuery<NotificationPreferences>({ queryKey: accountKeys.preferences });

/** PUT /api/notification-preferences: the whole choice; the answer replaces the cached one. */
export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesUpdate) => api.put<NotificationPreferences>('/api/notification-preferences', body),
    onSuccess: (saved) => client.setQueryData(accountKeys.preferences, saved),
  });
}

/**
 * GET /api/data-exports: the member's recent exports. While one is being prepared the list is asked again every
 * two seconds, until it is ready or failed.
 */
export function useDataExports() {
  return useQuery<DataExportList>({
    queryKey: accountKeys.exports,
    refetchInterval: (q) => (q.state.data?.items.some((e) => e.status === 'pending') ? 2000 : false),
  });
}

/** POST /api/data-exports: starts an export (or answers the one being prepared). */
export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExport>('/api/data-exports'),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.exports }),
  });
}

/** GET /api/account-deletion-request: the member's latest request, if any. */
export const useDeletionRequest = () => useQuery<DeletionRequestEnvelope>({ queryKey: accountKeys.deletion });

/** POST /api/account-deletion-request and DELETE it (withdraw while pending). */
export function useRequestDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeletionRequestCreate) => api.post<DeletionRequestEnvelope>('/api/account-deletion-request', body),
    onSuccess: (answer) => client.setQueryData(accountKeys.deletion, answer),
  });
}

export function useCancelDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<DeletionRequestEnvelope>('/api/account-deletion-request'),
    onSuccess: (answer) => client.setQueryData(accountKeys.deletion, answer),
  });
}

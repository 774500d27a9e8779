import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminUserPage } from '../../../../common/schemas/admin.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { invalidateKeys, withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { adminKeys } from './keys.ts';

/** One page of users (search over name, e-mail, company and username). */
export function useAdminUsers(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.users({ search, page, pageSize }),
    queryFn: () => api.get<AdminUserPage>(withQuery('/api/users', { page, pageSize, search })),
    placeholderData: keepPreviousData,
  });
}

/** Activating, deactivating or removing an account changes the users list, the partner overview and the audit log. */
export const USER_CHANGE_INVALIDATES: readonly QueryKey[] = [adminKeys.usersAll, adminKeys.overview, adminKeys.auditAll];

function useRefreshUsers() {
  const client = useQueryClient();
  return () => invalidateKeys(client, USER_CHANGE_INVALIDATES);
}

/** Activate or deactivate an account: 'User activated successfully!' or 'User deactivated successfully!'. */
export function useSetUserActive() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => api.patch<{ ok: true }>(`/api/users/${encodeURIComponent(id)}/status`, { isActive }),
    onSuccess: (_d, { isActive }) => toast({ variant: 'success', title: isActive ? 'User activated successfully!' : 'User deactivated successfully!' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: forbiddenDetail(err) ?? 'Failed to update user status. Please try again.' }),
    onSettled: () => refresh(),
  });
}

/** Remove an account: it is deactivated and hidden; leads and commissions stay. */
export function useRemoveUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => api.delete<{ ok: true }>(`/api/users/${encodeURIComponent(id)}`),
    onSuccess: () => toast({ variant: 'success', title: 'User removed successfully!' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: forbiddenDetail(err) ?? 'Failed to remove user. Please try again.' }),
    onSettled: () => refresh(),
  });
}

/** A 403 carries a sentence worth showing (e.g. acting on one's own account); anything else gets the fixed message. */
function forbiddenDetail(err: unknown): string | null {
  return err instanceof ApiError && err.status === 403 && err.detail ? err.detail : null;
}

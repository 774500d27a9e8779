import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleWithArticle } from '../../../../common/rules/roles.ts';
import type { AdminUser, AdminUserPage, AdminUserUpdate, UserRoleChange } from '../../../../common/schemas/admin.ts';
import { api, ApiError } from '../../../lib/api.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { changed } from '../../../lib/changes.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, type UserFilter } from './keys.ts';

/** One page of users (search over name, e-mail, company and username; a role; a status), found by number or by cursor. */
export function useAdminUsers(filter: UserFilter, position: PagePosition, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.users({ ...filter, ...position, pageSize }),
    queryFn: () => api.get<AdminUserPage>(withQuery('/api/users', { ...position, pageSize, ...filter })),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of every user the filters select (all pages), as a download link. */
export function usersCsvUrl(filter: UserFilter): string {
  return withQuery('/api/users.csv', { ...filter });
}

/** Activating, deactivating or removing an account is a change to a member: every screen that follows members refreshes. */
function useRefreshUsers() {
  const client = useQueryClient();
  return () => changed(client, 'member');
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

/** Correct a member's details; the dialog shows field errors itself, so only the toast of success is here. */
export function useUpdateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AdminUserUpdate }) => api.patch<AdminUser>(`/api/users/${encodeURIComponent(id)}`, changes),
    onSuccess: (u) => toast({ variant: 'success', title: 'Details saved', description: `${u.firstName} ${u.lastName}’s details were updated.` }),
    onSettled: () => refresh(),
  });
}

/** Make a member an admin or a partner (master-admins only). */
export function useChangeUserRole() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, role }: { id: string } & UserRoleChange) => api.patch<AdminUser>(`/api/users/${encodeURIComponent(id)}/role`, { role }),
    onSuccess: (u) => toast({ variant: 'success', title: 'Role changed', description: `${u.firstName} ${u.lastName} is now ${roleWithArticle(u.role)}.` }),
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        description: err instanceof ApiError && [403, 409].includes(err.status) && err.detail ? err.detail : 'Failed to change the role. Please try again.',
      }),
    onSettled: () => refresh(),
  });
}

/** A 403 carries a sentence worth showing (e.g. acting on one's own account); anything else gets the fixed message. */
function forbiddenDetail(err: unknown): string | null {
  return err instanceof ApiError && err.status === 403 && err.detail ? err.detail : null;
}

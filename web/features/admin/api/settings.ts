import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '../../../../common/schemas/security.ts';
import { api } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import { adminKeys } from './keys.ts';

/** The organisation's security settings (whether administrators must use two-factor sign-in). */
export function useSecuritySettings() {
  return useQuery({ queryKey: adminKeys.securitySettings, queryFn: () => api.get<SecuritySettings>('/api/admin/settings/security') });
}

/** Saving them is audited, and may change what the signed-in admin must do (their own set-up requirement). */
export function useSaveSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => api.put<SecuritySettings>('/api/admin/settings/security', body),
    onSuccess: (saved) => client.setQueryData(adminKeys.securitySettings, saved),
    onSettled: () => changed(client, 'settings'),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DirectoryPage, MemberProfile } from '../../../../common/schemas/community.ts';
import type { Onboarding } from '../../../../common/schemas/onboarding.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { directoryFilters, directoryKeys, type DirectoryParams } from './directory-keys.ts';

/**
 * One page of the member directory with the viewer's connection to each member and the Active Partners count.
 * The previous page stays on screen while the next one (or a new filter) loads.
 */
export function useDirectory(params: DirectoryParams) {
  const filters = directoryFilters(params);
  return useQuery({
    queryKey: directoryKeys.directory(filters),
    queryFn: () => api.get<DirectoryPage>(withQuery('/api/members', filters)),
    placeholderData: keepPreviousData,
  });
}

/** A member's profile as the viewer sees it (details, level, connection); idle while `userId` is null. */
export function useMemberProfile(userId: string | null) {
  return useQuery({
    queryKey: directoryKeys.profile(userId ?? ''),
    queryFn: () => api.get<MemberProfile>(`/api/users/${encodeURIComponent(userId ?? '')}`),
    enabled: !!userId,
  });
}

/** The signed-in member's onboarding state, of which the directory reads the one-time introductions already seen. */
export function useOnboardingState() {
  return useQuery<Onboarding>({ queryKey: directoryKeys.onboarding, retry: false });
}

/**
 * Remembers a one-time introduction as seen on the server (POST /api/onboarding/seen) and in the cached onboarding
 * state. A failure is silent: the browser remembers it too, so the member is not shown it again here.
 */
export function useMarkIntroSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.post<{ ok: true }>('/api/onboarding/seen', { key }),
    onSuccess: (_data, key) =>
      client.setQueryData<Onboarding>(directoryKeys.onboarding, (s) => (s && !s.seenIntros.includes(key) ? { ...s, seenIntros: [...s.seenIntros, key] } : s)),
  });
}

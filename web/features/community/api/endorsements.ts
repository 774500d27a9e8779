import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { EndorsementCreate, UserEndorsements } from '../../../../common/schemas/community.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { invalidateKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { directoryKeys } from './directory-keys.ts';

/** A member's endorsements: each listed skill with its count and the viewer's own, the 3 most recent, the top 3 skills. */
export function useUserEndorsements(userId: string | null) {
  return useQuery({
    queryKey: directoryKeys.endorsements(userId ?? ''),
    queryFn: () => api.get<UserEndorsements>(`/api/skill-endorsements/user/${encodeURIComponent(userId ?? '')}`),
    enabled: !!userId,
  });
}

/** An endorsement given or removed changes that member's endorsements and their profile (points and level). */
export function endorsementChangeInvalidates(userId: string): readonly QueryKey[] {
  return [directoryKeys.endorsements(userId), directoryKeys.profile(userId)];
}

function useRefreshEndorsements() {
  const client = useQueryClient();
  return (userId: string) => invalidateKeys(client, endorsementChangeInvalidates(userId));
}

/**
 * POST /api/skill-endorsements. A 409 means the viewer already endorsed that skill (say so and refresh, so the
 * button turns into Remove); any other failure keeps the form open with its message.
 */
export function useEndorseSkill() {
  const refresh = useRefreshEndorsements();
  return useMutation({
    mutationFn: (body: EndorsementCreate & { name: string }) =>
      api.post<unknown>('/api/skill-endorsements', { endorseeId: body.endorseeId, skillName: body.skillName, ...(body.message ? { message: body.message } : {}) }),
    onSuccess: (_data, { skillName, name }) => toast({ variant: 'success', title: 'Skill Endorsed!', description: `You endorsed ${name} for ${skillName}.` }),
    onError: (err) => {
      // the server's own message whenever it gave one, else the fixed fallback
      const already = err instanceof ApiError && err.status === 409;
      const detail = err instanceof ApiError ? err.detail : '';
      toast({
        variant: 'destructive',
        title: already ? 'Already endorsed' : 'Error',
        description: detail || (already ? 'You have already endorsed this skill.' : 'Failed to endorse skill'),
      });
    },
    onSettled: (_data, _err, { endorseeId }) => void refresh(endorseeId),
  });
}

/** DELETE /api/skill-endorsements/{id}: the viewer takes back their own endorsement. */
export function useRemoveEndorsement() {
  const refresh = useRefreshEndorsements();
  return useMutation({
    mutationFn: ({ id }: { id: string; endorseeId: string; skillName: string }) => api.delete<void>(`/api/skill-endorsements/${encodeURIComponent(id)}`),
    onSuccess: (_data, { skillName }) => toast({ title: 'Endorsement Removed', description: `Your endorsement for ${skillName} has been removed.` }),
    onError: (err) => {
      const detail = err instanceof ApiError ? err.detail : '';
      toast({ variant: 'destructive', title: 'Error', description: detail || 'Failed to remove endorsement' });
    },
    onSettled: (_data, _err, { endorseeId }) => void refresh(endorseeId),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserEndorsements } from '../../../../common/schemas/community.ts';
import type { Level, Points, UserAchievements, UserLevel } from '../../../../common/schemas/gamification.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { progressKeys } from './progress-keys.ts';

export { progressKeys } from './progress-keys.ts';

/** The member's total points and the first page (10) of point transactions, newest first. */
export function usePoints(page = 1) {
  return useQuery({
    queryKey: progressKeys.pointsPage(page),
    queryFn: () => api.get<Points>(withQuery('/api/points', { page })),
  });
}

/** The member's level, the next one and the points still needed. */
export function useUserLevel() {
  return useQuery<UserLevel>({ queryKey: progressKeys.userLevel });
}

/** Every level with its perks, lowest first. Reference data: kept for the session. */
export function useLevels() {
  return useQuery<{ items: Level[] }>({ queryKey: progressKeys.levels, staleTime: Infinity });
}

/** The member's achievements: earned (newest first, `isNew` until shown once) and locked with progress. */
export function useUserAchievements() {
  return useQuery<UserAchievements>({ queryKey: progressKeys.userAchievements });
}

/** A member's endorsements: per skill, the 3 most recent and the 3 most endorsed skills. */
export function useUserEndorsements(userId: string | undefined) {
  return useQuery({
    queryKey: progressKeys.endorsements(userId ?? ''),
    queryFn: () => api.get<UserEndorsements>(`/api/skill-endorsements/user/${encodeURIComponent(userId ?? '')}`),
    enabled: !!userId,
  });
}

/**
 * POST /api/achievements/seen: the member has seen their new achievements, so the celebration does not play again.
 * The cached list is updated in place (no refetch that would restart anything on screen).
 */
export function useMarkAchievementsSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/achievements/seen'),
    onSuccess: () =>
      client.setQueryData<UserAchievements>(progressKeys.userAchievements, (old) => (old ? { ...old, earned: old.earned.map((a) => ({ ...a, isNew: false })) } : old)),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LeaderboardPeriod } from '../../../../common/constants/community.ts';
import type { Achievement, HallOfFame, HallOfFameRecord, LeaderboardPage, NetworkStats, Recognition } from '../../../../common/schemas/gamification.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { LEADERBOARD_PAGE_SIZE, leaderboardKeys } from './keys.ts';

/** One page of the period's rankings; the previous page stays on screen while the next one loads. */
export function useLeaderboard(period: LeaderboardPeriod, page: number) {
  return useQuery({
    queryKey: leaderboardKeys.rankings(period, page),
    queryFn: () => api.get<LeaderboardPage>(withQuery('/api/leaderboard', { period, page, pageSize: LEADERBOARD_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

/** The four hall of fame records, and whether the signed-in member may edit them. */
export function useHallOfFame() {
  return useQuery<HallOfFame>({ queryKey: leaderboardKeys.records });
}

/** The network at a glance: members, connections, posts and leads this month. */
export function useNetworkStats() {
  return useQuery<NetworkStats>({ queryKey: leaderboardKeys.networkStats });
}

/** The newest achievements earned across the network. */
export function useRecognition() {
  return useQuery<Recognition>({ queryKey: leaderboardKeys.recognition });
}

/** Every active achievement, with how many members have earned it. */
export function useAchievements() {
  return useQuery<{ items: Achievement[] }>({ queryKey: leaderboardKeys.achievements });
}

/** What the edit dialog sends: the value in pounds as typed, the other fields trimmed (empty holder or period clears it). */
export interface HallOfFameEdit {
  label: string;
  value: string;
  holder: string | null;
  achievedIn: string | null;
}

/** PATCH /api/leaderboard/records/{id} (admins): the record is replaced in the list at once and the list refreshed. */
export function useUpdateHallOfFameRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: HallOfFameEdit & { id: string }) => api.patch<HallOfFameRecord>(`/api/leaderboard/records/${encodeURIComponent(id)}`, body),
    onSuccess: (record) => {
      client.setQueryData<HallOfFame>(leaderboardKeys.records, (old) => (old ? { ...old, items: old.items.map((r) => (r.id === record.id ? record : r)) } : old));
      toast({ variant: 'success', title: 'Record updated', description: `${record.label} has been saved.` });
      void client.invalidateQueries({ queryKey: leaderboardKeys.records });
    },
  });
}

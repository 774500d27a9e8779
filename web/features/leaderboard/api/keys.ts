import type { LeaderboardPeriod } from '../../../../common/constants/community.ts';

/** The leaderboard's page size: one screen of rankings. */
export const LEADERBOARD_PAGE_SIZE = 25;

/**
 * The query keys of the leaderboard (first element: the endpoint's path). Every period and page of the rankings
 * lives under `leaderboardKeys.rankingsAll`, so a lead change refreshes them all at once.
 */
export const leaderboardKeys = {
  rankingsAll: ['/api/leaderboard'] as const,
  rankings: (period: LeaderboardPeriod, page: number) => ['/api/leaderboard', { period, page, pageSize: LEADERBOARD_PAGE_SIZE }] as const,
  records: ['/api/leaderboard/records'] as const,
  networkStats: ['/api/community/stats'] as const,
  recognition: ['/api/achievements/recent'] as const,
  achievements: ['/api/achievements'] as const,
};

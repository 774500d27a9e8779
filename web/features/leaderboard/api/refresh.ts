import type { Refreshes } from '../../../lib/changes.ts';
import { leaderboardKeys } from './keys.ts';

/**
 * The rankings count referrals, wins and their commission; the network's figures and recognition follow the
 * leads; the achievements list follows posts (which can unlock them).
 */
export const leaderboardRefreshes = {
  lead: [leaderboardKeys.rankingsAll, leaderboardKeys.networkStats, leaderboardKeys.recognition],
  commission: [leaderboardKeys.rankingsAll],
  post: [leaderboardKeys.achievements],
} satisfies Refreshes;

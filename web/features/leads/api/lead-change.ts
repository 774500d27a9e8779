import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { invalidateKeys } from '../../../lib/query-keys.ts';
import { adminKeys } from '../../admin/index.ts';
import { commissionKeys } from '../../commissions/index.ts';
import { progressKeys } from '../../community/index.ts';
import { dashboardKeys } from '../../dashboard/index.ts';
import { leaderboardKeys } from '../../leaderboard/index.ts';
import { pipelineKeys } from '../../pipeline/index.ts';
import { leadKeys } from './keys.ts';

/**
 * Everything a submitted, updated or deleted lead makes out of date, in one place: the lead lists (My Leads, the
 * admin table, the pipeline columns), the timelines and duplicate checks, the member's dashboard figures,
 * pipeline metrics and commissions, the admin's overview, payouts, users (their lead and commission totals) and
 * audit log, and the gamification a lead moves: the rankings, the network's leads this month and recognition,
 * and the member's points, level and achievements.
 */
export const LEAD_CHANGE_INVALIDATES: readonly QueryKey[] = [
  leadKeys.all,
  leadKeys.activitiesAll,
  leadKeys.duplicateCheckAll,
  dashboardKeys.stats,
  pipelineKeys.analytics,
  commissionKeys.summary,
  commissionKeys.historyAll,
  adminKeys.overview,
  adminKeys.commissionsAll,
  adminKeys.usersAll,
  adminKeys.auditAll,
  leaderboardKeys.rankingsAll,
  leaderboardKeys.networkStats,
  leaderboardKeys.recognition,
  progressKeys.points,
  progressKeys.userLevel,
  progressKeys.userAchievements,
];

/**
 * Refreshes what a lead change makes out of date. After a delete, that lead's timeline is dropped rather than
 * refetched (the server would answer 404); a dialog still showing it keeps its last view until it closes.
 */
export function refreshAfterLeadChange(client: QueryClient, deletedId?: string) {
  if (!deletedId) return invalidateKeys(client, LEAD_CHANGE_INVALIDATES);
  const timeline = leadKeys.activities(deletedId);
  client.removeQueries({ queryKey: timeline, exact: true, type: 'inactive' });
  return invalidateKeys(client, LEAD_CHANGE_INVALIDATES, timeline);
}

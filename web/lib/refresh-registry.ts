import { adminRefreshes } from '../features/admin/api/refresh.ts';
import { analyticsRefreshes } from '../features/analytics/api/refresh.ts';
import { applicationRefreshes } from '../features/applications/api/refresh.ts';
import { chatRefreshes } from '../features/chat/api/refresh.ts';
import { commissionRefreshes } from '../features/commissions/api/refresh.ts';
import { communityRefreshes } from '../features/community/api/refresh.ts';
import { dashboardRefreshes } from '../features/dashboard/api/refresh.ts';
import { eventRefreshes } from '../features/events/api/refresh.ts';
import { leaderboardRefreshes } from '../features/leaderboard/api/refresh.ts';
import { leadRefreshes } from '../features/leads/api/refresh.ts';
import { memberRefreshes } from '../features/members/api/refresh.ts';
import { mentoringRefreshes } from '../features/mentoring/api/refresh.ts';
import { notificationRefreshes } from '../features/notifications/api/refresh.ts';
import { payoutRefreshes } from '../features/payouts/api/refresh.ts';
import { pipelineRefreshes } from '../features/pipeline/api/refresh.ts';
import { profileRefreshes } from '../features/profile/api/refresh.ts';
import { timesheetRefreshes } from '../features/timesheets/api/refresh.ts';
import type { Refreshes } from './changes.ts';

/**
 * Every feature's refreshes (`web/features/<feature>/api/refresh.ts`): a feature that shows something another
 * feature changes adds its keys under that topic in its own file, and is listed here once. Each file imports only
 * its feature's key factories, so this list loads before any mutation runs.
 */
export const REFRESHES: readonly Refreshes[] = [
  leadRefreshes,
  commissionRefreshes,
  payoutRefreshes,
  timesheetRefreshes,
  adminRefreshes,
  analyticsRefreshes,
  applicationRefreshes,
  dashboardRefreshes,
  pipelineRefreshes,
  leaderboardRefreshes,
  communityRefreshes,
  memberRefreshes,
  eventRefreshes,
  mentoringRefreshes,
  chatRefreshes,
  notificationRefreshes,
  profileRefreshes,
];

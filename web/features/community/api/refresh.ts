import type { Refreshes } from '../../../lib/changes.ts';
import { directoryKeys } from './directory-keys.ts';
import { ceoKeys, postKeys } from './keys.ts';
import { progressKeys } from './progress-keys.ts';

const progress = [progressKeys.points, progressKeys.userLevel, progressKeys.userAchievements] as const;

/**
 * The Community Hub: the feed and the comments open beneath it follow posts (a comment is a change of its post);
 * the member's points, level and achievements follow whatever awards them (a lead, a post, a comment, an
 * achievement unlocked); endorsements show on the profiles and My Progress; CEO Contact lists the member's own
 * messages.
 */
export const communityRefreshes = {
  post: [postKeys.all, ...progress],
  lead: progress,
  achievement: progress,
  endorsement: [directoryKeys.endorsementsAll, directoryKeys.profileAll, progressKeys.endorsementsAll],
  ceo_message: [ceoKeys.all],
} satisfies Refreshes;

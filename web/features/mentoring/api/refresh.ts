import type { Refreshes } from '../../../lib/changes.ts';
import { mentoringKeys } from './keys.ts';

/** A mentorship asked for, answered or ended: the mentors (their free places), both sides' requests and the mentor's own profile. */
export const mentoringRefreshes = {
  mentorship: [mentoringKeys.mentors, ['/api/mentorship-requests/mentee'], mentoringKeys.mentorRequests, mentoringKeys.own],
} satisfies Refreshes;

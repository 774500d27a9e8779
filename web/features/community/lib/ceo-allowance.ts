import { COMMUNITY_LIMITS } from '../../../../common/constants/community.ts';

/** The line under the CEO Contact form: how many messages may still be sent today. */
export function remainingTodayText(remaining: number): string {
  if (remaining <= 0) return 'You have used all of today’s messages.';
  if (remaining === 1) return '1 message left today.';
  return `${remaining} messages left today.`;
}

/** Why the form is closed when the day's messages are used up, and when it opens again. */
export const CEO_LIMIT_REACHED = `You can send up to ${COMMUNITY_LIMITS.ceoMessagesPerDay} messages a day and have reached today’s limit. You can write again from midnight (UK time).`;

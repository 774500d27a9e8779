import type { Refreshes } from '../../../lib/changes.ts';
import { chatKeys } from './keys.ts';

/**
 * The member's channel lists (their own and the groups to browse) and any search of their messages; a channel's
 * own caches follow the live events.
 */
export const chatRefreshes = {
  chat: [chatKeys.channels, ['/api/chat/search']],
} satisfies Refreshes;

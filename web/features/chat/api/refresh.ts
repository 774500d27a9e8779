import type { Refreshes } from '../../../lib/changes.ts';
import { chatKeys } from './keys.ts';

/** The member's channel lists (their own and the groups to browse); a channel's own caches follow the live events. */
export const chatRefreshes = {
  chat: [chatKeys.channels],
} satisfies Refreshes;

import type { Refreshes } from '../../../lib/changes.ts';
import { eventKeys } from './keys.ts';

/** An event's counts or the viewer's place: every list, detail and the member's registrations. */
export const eventRefreshes = {
  event: [eventKeys.all, eventKeys.mine],
  registration: [eventKeys.all, eventKeys.mine],
} satisfies Refreshes;

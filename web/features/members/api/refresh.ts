import type { Refreshes } from '../../../lib/changes.ts';
import { memberKeys } from './keys.ts';

/** A connection requested, answered or removed: the member's connections, recommendations, the directory and profiles. */
export const memberRefreshes = {
  connection: [memberKeys.connections, memberKeys.recommendations, memberKeys.directory, memberKeys.profiles],
} satisfies Refreshes;

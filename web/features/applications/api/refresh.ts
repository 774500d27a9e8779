import type { Refreshes } from '../../../lib/changes.ts';
import { applicationKeys } from './keys.ts';

/** Application review: a checklist change or a decision changes the pending list and its summary. */
export const applicationRefreshes = {
  application: [applicationKeys.pendingAll, applicationKeys.stats],
} satisfies Refreshes;

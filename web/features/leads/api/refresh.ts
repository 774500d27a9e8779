import type { Refreshes } from '../../../lib/changes.ts';
import { leadKeys } from './keys.ts';

/** A lead submitted, updated or deleted: the lead lists (My Leads, the admin table, the pipeline), timelines and duplicate checks. */
export const leadRefreshes = {
  lead: [leadKeys.all, leadKeys.activitiesAll, leadKeys.duplicateCheckAll],
} satisfies Refreshes;

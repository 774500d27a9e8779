import type { Refreshes } from '../../../lib/changes.ts';
import { dashboardKeys } from './keys.ts';

/** The member's dashboard figures follow their leads and the commissions those earn. */
export const dashboardRefreshes = {
  lead: [dashboardKeys.stats, dashboardKeys.earnings],
  commission: [dashboardKeys.stats, dashboardKeys.earnings],
  timesheet: [dashboardKeys.earnings],
} satisfies Refreshes;

import type { Refreshes } from '../../../lib/changes.ts';
import { timesheetKeys } from './keys.ts';

/** Every sheet list and sheet (a sheet saved, submitted, decided or corrected); a placement also changes its sheets' lists. */
export const timesheetRefreshes = {
  timesheet: [timesheetKeys.all],
  placement: [timesheetKeys.placementsAll, timesheetKeys.all],
} satisfies Refreshes;

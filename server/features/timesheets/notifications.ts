import type { NotificationTemplates } from '../notification-types.ts';

/** A sheet as its notifications name it: the project, the week and the time on it (hundredths of its unit). */
interface SheetFacts {
  sheetId: string;
  projectName: string;
  weekStarting: string;
  unit: string;
  unitsHundredths: number;
}

const longDate = (ymd: string) => new Date(`${ymd}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekText = (weekStarting: string) => `week of ${longDate(weekStarting)}`;
const unitsText = (unit: string, hundredths: number) => {
  const n = hundredths / 100;
  return `${n} ${unit === 'day' ? (n === 1 ? 'day' : 'days') : n === 1 ? 'hour' : 'hours'}`;
};
const sheetUrl = (s: SheetFacts) => `/timesheets/${s.sheetId}`;

/** A decision on a sheet, told to its contractor: approved or rejected by the client, or corrected by an administrator. */
export type SheetDecision =
  (SheetFacts & { decision: 'approved' | 'rejected'; comments: string | null }) | (SheetFacts & { decision: 'corrected'; unitsAfterHundredths: number; reason: string });

/** What this feature tells members, one template per notification kind it sends. */
export const timesheetsNotifications = {
  /** To the client: a week of time awaits their approval. */
  timesheet_submitted: (s: SheetFacts & { contractorName: string | null }) => ({
    title: `Timesheet to approve: ${s.projectName}`.slice(0, 200),
    message: `${s.contractorName ?? 'The contractor'} submitted ${unitsText(s.unit, s.unitsHundredths)} for the ${weekText(s.weekStarting)}.`.slice(0, 300),
    actionUrl: sheetUrl(s),
  }),

  /** To the contractor: their sheet was approved, rejected (high priority: it needs correcting) or corrected. */
  timesheet_decided: (d: SheetDecision) => {
    if (d.decision === 'corrected') {
      return {
        title: `Timesheet corrected: ${d.projectName}`.slice(0, 200),
        message:
          `An administrator corrected your approved time for the ${weekText(d.weekStarting)} from ${unitsText(d.unit, d.unitsHundredths)} to ${unitsText(d.unit, d.unitsAfterHundredths)}: “${d.reason}”.`.slice(
            0,
            300,
          ),
        actionUrl: sheetUrl(d),
      };
    }
    return {
      title: `Timesheet ${d.decision}: ${d.projectName}`.slice(0, 200),
      message: (d.decision === 'approved'
        ? `Your ${unitsText(d.unit, d.unitsHundredths)} for the ${weekText(d.weekStarting)} were approved.${d.comments ? ` “${d.comments}”` : ''}`
        : `Your timesheet for the ${weekText(d.weekStarting)} was rejected: “${d.comments}”. Correct it and submit it again.`
      ).slice(0, 300),
      actionUrl: sheetUrl(d),
      priority: d.decision === 'rejected' ? ('high' as const) : ('normal' as const),
    };
  },

  /** To a contractor on Friday: this week's sheet of a placement is missing, a draft or rejected. */
  timesheet_reminder: (r: { companyName: string; weekStarting: string; sheetStatus: string | null }) => {
    const week = longDate(r.weekStarting);
    const state = r.sheetStatus === 'rejected' ? 'was rejected and is not submitted again yet' : r.sheetStatus === 'draft' ? 'is still a draft' : 'has not been started';
    return {
      title: `Your timesheet for the week starting ${week} is not submitted yet`,
      message: `Your timesheet for ${r.companyName}, week starting ${week}, ${state}. Please fill it in and submit it for approval.`.slice(0, 300),
      actionUrl: '/timesheets',
    };
  },
} satisfies NotificationTemplates;

import type { LeadStatus } from '../../../common/constants/options.ts';
import { STATUS_LABELS } from '../../../common/rules/pipeline.ts';
import type { NotificationTemplates } from '../notification-types.ts';

/** An administrator's review of a lead, told to its submitter: the stage it moved between, or what was done to it. */
export interface LeadReview {
  leadId: string;
  companyName: string;
  from: LeadStatus;
  to: LeadStatus;
  /** The timeline's words for a review that kept the stage ("Notes updated"). */
  activity: string;
}

/** What this feature tells members, one template per notification kind it sends. */
export const leadsNotifications = {
  /** To the submitter: their lead moved stage (high priority when it was won) or was reviewed. */
  lead_status: (r: LeadReview) => ({
    title: r.from === r.to ? 'Lead updated' : `Lead ${STATUS_LABELS[r.to].toLowerCase()}`,
    message: r.from === r.to ? `${r.companyName}: ${r.activity.toLowerCase()}.` : `${r.companyName} moved from ${STATUS_LABELS[r.from]} to ${STATUS_LABELS[r.to]}.`,
    actionUrl: `/leads?lead=${r.leadId}`,
    priority: r.to === 'closed-won' ? 'high' : 'normal',
  }),
} satisfies NotificationTemplates;

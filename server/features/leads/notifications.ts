import type { LeadStatus } from '../../../common/constants/options.ts';
import { STATUS_LABELS } from '../../../common/rules/pipeline.ts';
import { mentionsAsPlainText } from '../../../common/schemas/mentions.ts';
import type { NotificationTemplates } from '../notification-types.ts';

/** An administrator's review of a lead, told to its submitter: the stage it moved between, or what was done to it. */
export interface LeadReview {
  leadId: string;
  companyName: string;
  from: LeadStatus;
  to: LeadStatus;
  /** The timeline's words for a review that kept the stage ("Notes updated"). */
  activity: string;
  /** Told to the lead's owner: its partner withdrew it, for this reason. */
  withdrawn?: { partnerName: string; reason: string };
}

/** A message in a lead's discussion, told to the other side (or to a member it mentions). */
export interface LeadDiscussionMessage {
  leadId: string;
  companyName: string;
  authorName: string;
  content: string;
  /** Written as an internal note: only ever told to administrators. */
  internal: boolean;
  /** The member is told because the message names them. */
  mentioned?: boolean;
}

/** A lead given to an administrator to own. */
export interface LeadAssignment {
  leadId: string;
  companyName: string;
  assignerName: string;
}

/** Where a lead opens in the web app. */
export const leadPath = (leadId: string) => `/leads/${encodeURIComponent(leadId)}`;

const EXCERPT = 140;
/** The first words of a message, mentions as plain `@Name`. */
const excerpt = (text: string) => {
  const plain = mentionsAsPlainText(text).replace(/\s+/g, ' ').trim();
  return plain.length > EXCERPT ? `${plain.slice(0, EXCERPT - 1)}…` : plain;
};

/** What this feature tells members, one template per notification kind it sends. */
export const leadsNotifications = {
  /**
   * To the submitter: their lead moved stage (high priority when it was won) or was reviewed. To the lead's owner:
   * its partner withdrew it.
   */
  lead_status: (r: LeadReview) =>
    r.withdrawn
      ? {
          title: `Lead withdrawn: ${r.companyName}`,
          message: `${r.withdrawn.partnerName} withdrew the lead ${r.companyName}: ${excerpt(r.withdrawn.reason)}`,
          actionUrl: leadPath(r.leadId),
          priority: 'normal' as const,
        }
      : {
          title: r.from === r.to ? 'Lead updated' : `Lead ${STATUS_LABELS[r.to].toLowerCase()}`,
          message: r.from === r.to ? `${r.companyName}: ${r.activity.toLowerCase()}.` : `${r.companyName} moved from ${STATUS_LABELS[r.from]} to ${STATUS_LABELS[r.to]}.`,
          actionUrl: leadPath(r.leadId),
          priority: r.to === 'closed-won' ? ('high' as const) : ('normal' as const),
        },
  /**
   * A message in a lead's discussion: to its partner (an administrator's message), to its owner (the partner's), or
   * to a member it mentions. An internal note is only ever sent to administrators.
   */
  lead_comment: (m: LeadDiscussionMessage) => ({
    title: m.mentioned
      ? `${m.authorName} mentioned you ${m.internal ? 'in an internal note on' : 'on the lead'} ${m.companyName}`
      : `New message on the lead ${m.companyName}`,
    message: `${m.authorName}: ${excerpt(m.content)}`,
    actionUrl: leadPath(m.leadId),
  }),
  /** To an administrator: another administrator gave them a lead to own. */
  lead_assigned: (a: LeadAssignment) => ({
    title: `Lead assigned to you: ${a.companyName}`,
    message: `${a.assignerName} assigned you the lead ${a.companyName}.`,
    actionUrl: leadPath(a.leadId),
  }),
} satisfies NotificationTemplates;

import type { LeadStatus } from '../../../common/constants/options.ts';
import type { LeadInput } from '../../../common/schemas/lead.ts';

/**
 * When something happened, relative to the moment the demo is seeded: some days ago, or a day of a month some
 * months back (at noon UTC, so the same day in London). Month anchors keep two closes of a partner in one
 * commission month whatever today's date is; `clampToThisMonth` keeps a recent close inside the current month.
 */
export type Moment = { daysAgo: number; clampToThisMonth?: boolean } | { monthsAgo: number; day: number };

const DAY = 86_400_000;

export function resolveMoment(m: Moment, now: Date): Date {
  if ('monthsAgo' in m) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m.monthsAgo, m.day, 12));
  const at = now.getTime() - m.daysAgo * DAY;
  if (!m.clampToThisMonth) return new Date(at);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 1);
  return new Date(Math.min(Math.max(at, monthStart), now.getTime() - 60_000));
}

/** One referral of the demo: who made it, what it is, when it came in and where it went. */
export interface DemoLead {
  /** Username of the referring partner. */
  by: string;
  lead: Partial<LeadInput> & { companyName: string; estimatedValue: string };
  submitted: Moment;
  status: LeadStatus;
  /** The moves, when not the usual path to `status` (a deal reopened after closing). */
  path?: LeadStatus[];
  /** When the last move happened; the earlier ones are spread evenly since submission. */
  moved?: Moment;
  /** The admin's note on the last move. */
  notes?: string;
  /** When the commission was paid out (closed-won only). */
  paid?: Moment;
}

/** The fields of a referral as the partner typed them; urgency medium and relationship strong unless said. */
export const l = (
  companyName: string,
  industry: LeadInput['industry'],
  contactName: string,
  contactEmail: string,
  leadType: LeadInput['leadType'],
  estimatedValue: string,
  projectDescription: string,
  urgency: LeadInput['urgency'] = 'medium',
  relationshipStrength: LeadInput['relationshipStrength'] = 'strong',
) => ({ companyName, industry, contactName, contactEmail, leadType, estimatedValue, projectDescription, urgency, relationshipStrength });

/** Members asking each other to connect: accepted ones and some still waiting for an answer. */
export const DEMO_CONNECTIONS: Array<{ from: string; to: string; status: 'pending' | 'accepted'; daysAgo: number; message: string }> = [
  { from: 'marcus.adeyemi', to: 'james.okafor', status: 'accepted', daysAgo: 150, message: 'Welcome aboard, James. Happy to help with your first referral.' },
  { from: 'james.okafor', to: 'oliver.grant', status: 'accepted', daysAgo: 120, message: 'Would value your view on board roles in industrials.' },
  { from: 'priya.raman', to: 'hannah.becker', status: 'accepted', daysAgo: 90, message: 'We keep meeting the same CFO candidates; shall we compare notes?' },
  { from: 'sophie.laurent', to: 'aisha.khan', status: 'accepted', daysAgo: 60, message: 'Keen to swap notes on digital operations.' },
  { from: 'tom.fletcher', to: 'priya.raman', status: 'accepted', daysAgo: 45, message: 'One of my clients needs a life-science CFO.' },
  { from: 'daniel.hughes', to: 'hannah.becker', status: 'accepted', daysAgo: 30, message: 'Looking for investors in modular housing.' },
  { from: 'james.okafor', to: 'sophie.laurent', status: 'pending', daysAgo: 6, message: 'Would love your take on retail energy contracts.' },
  { from: 'aisha.khan', to: 'tom.fletcher', status: 'pending', daysAgo: 4, message: 'Could use advice on data-sharing agreements.' },
  { from: 'oliver.grant', to: 'daniel.hughes', status: 'pending', daysAgo: 2, message: 'Interested in your modular build programme.' },
  { from: 'tom.fletcher', to: 'eleanor.whitmore', status: 'pending', daysAgo: 1, message: 'Would like to introduce two founders to the network.' },
];

import type { Lead, LeadActivity } from '../../common/schemas/lead.ts';
import { activityText } from '../../common/rules/pipeline.ts';
import type { leads } from '../db/schema/index.ts';
import { leadAbilities } from '../policies/leads.ts';
import type { Actor } from '../policies/roles.ts';
import { iso, money } from './wire.ts';

type LeadRow = typeof leads.$inferSelect;
/** The columns a lead is presented from (a whole row will do). */
export type PresentedLeadRow = Omit<LeadRow, 'companyKey' | 'contactDomain'>;

/** A lead as the viewer may see it: the duplicate flag only when their abilities include it. */
export function presentLead(viewer: Actor, l: PresentedLeadRow, submitterName: string, possibleDuplicate?: boolean): Lead {
  const can = leadAbilities(viewer, l);
  return {
    id: l.id,
    submitterId: l.submitterId,
    submitterName,
    leadType: l.leadType as Lead['leadType'],
    companyName: l.companyName,
    industry: l.industry,
    contactName: l.contactName,
    contactEmail: l.contactEmail,
    projectDescription: l.projectDescription,
    estimatedValue: money(l.estimatedValue),
    urgency: l.urgency as Lead['urgency'],
    relationshipStrength: l.relationshipStrength as Lead['relationshipStrength'],
    status: l.status as Lead['status'],
    notes: l.notes,
    sourceEventId: l.sourceEventId,
    ...(can.seeDuplicateFlag && possibleDuplicate !== undefined ? { possibleDuplicate } : {}),
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
    can,
  };
}

interface ActivityRow {
  id: string;
  leadId: string;
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  notes: string | null;
  userName: string | null;
  createdAt: Date;
}

/** A timeline entry: its structured fields and the text shown for them. */
export function presentActivity(a: ActivityRow): LeadActivity {
  return {
    id: a.id,
    leadId: a.leadId,
    kind: a.kind as LeadActivity['kind'],
    fromStatus: a.fromStatus as LeadActivity['fromStatus'],
    toStatus: a.toStatus as LeadActivity['toStatus'],
    activity: activityText(a.kind, a.fromStatus, a.toStatus),
    notes: a.notes,
    userName: a.userName,
    createdAt: iso(a.createdAt),
  };
}

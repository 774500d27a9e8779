import type { Lead } from '../../common/schemas/lead.ts';
import type { leads } from '../db/schema/index.ts';

type LeadRow = typeof leads.$inferSelect;

/** A lead as the screens read it, with the submitter's name; the duplicate flag only for admins. */
export function presentLead(l: LeadRow, submitterName: string, possibleDuplicate?: boolean): Lead {
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
    estimatedValue: l.estimatedValue,
    urgency: l.urgency as Lead['urgency'],
    relationshipStrength: l.relationshipStrength as Lead['relationshipStrength'],
    status: l.status as Lead['status'],
    notes: l.notes,
    ...(possibleDuplicate === undefined ? {} : { possibleDuplicate }),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

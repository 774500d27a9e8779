import type { Lead, LeadActivity } from '../../common/schemas/lead.ts';
import type { LeadComment } from '../../common/schemas/lead-comments.ts';
import { activityText } from '../../common/rules/pipeline.ts';
import type { leads } from '../db/schema/index.ts';
import { leadAbilities, leadCommentAbilities } from '../policies/leads.ts';
import { showsAsAdministrator, type Actor } from '../policies/roles.ts';
import { iso, money } from './wire.ts';

type LeadRow = typeof leads.$inferSelect;
/** The columns a lead is presented from (a whole row will do); the duplicate check's keys and the analytics marks are not shown. */
export type PresentedLeadRow = Omit<LeadRow, 'companyKey' | 'contactDomain' | 'furthestStage' | 'stageEnteredAt' | 'closedAt'>;

/**
 * A lead as the viewer may see it: the duplicate flag only when their abilities include it, its owner by name
 * (`assigneeName`, read with the row). The lead's own notes are no longer shown: they live in its discussion.
 */
export function presentLead(viewer: Actor, l: PresentedLeadRow & { assigneeName?: string | null }, submitterName: string, possibleDuplicate?: boolean): Lead {
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
    notes: null,
    sourceEventId: l.sourceEventId,
    assignedTo: l.assignedTo ? { id: l.assignedTo, name: l.assigneeName ?? 'Administrator' } : null,
    withdrawnAt: l.withdrawnAt ? iso(l.withdrawnAt) : null,
    withdrawnReason: l.withdrawnReason,
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

/** A message of a lead's discussion as read with its author (left-joined: null once their account is gone). */
export interface LeadCommentRow {
  id: string;
  leadId: string;
  authorId: string | null;
  authorName: string | null;
  authorPicture: string | null;
  authorRole: string | null;
  content: string;
  internal: boolean;
  createdAt: Date;
  editedAt: Date | null;
}

/** A message of a lead's discussion; the caller has already kept internal notes from anyone but administrators. */
export function presentLeadComment(viewer: Actor, c: LeadCommentRow): LeadComment {
  return {
    id: c.id,
    leadId: c.leadId,
    author: c.authorId ? { id: c.authorId, name: c.authorName ?? 'Deleted member', picture: c.authorPicture, admin: showsAsAdministrator({ role: c.authorRole }) } : null,
    content: c.content,
    internal: c.internal,
    createdAt: iso(c.createdAt),
    editedAt: c.editedAt ? iso(c.editedAt) : null,
    can: leadCommentAbilities(viewer, c),
  };
}

import { and, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LEAD_CLOSED_STATUSES, LEAD_COMMISSION_FIELDS_LOCKED, LEAD_EDITABLE_STATUSES } from '../../common/schemas/lead.ts';
import type { LeadAbilities } from '../../common/schemas/abilities.ts';
import { leadComments, leads, users } from '../db/schema/index.ts';
import { conflict, forbidden, notFound, permits, type Permission } from './authorize.ts';
import { hasAdminRoleSql, isAdmin, type Actor } from './roles.ts';

/** The leads an actor may list or load: admins work every lead, a partner sees only the leads they submitted. */
export function leadScope(actor: Actor, actorId: SQLWrapper | string = actor.id): SQL {
  return seesAllLeads(actor) ? sql`true` : eq(leads.submitterId, actorId);
}

/** Whether the actor's lead scope is every lead (so organisation-wide totals answer for it). */
export function seesAllLeads(actor: Actor): boolean {
  return isAdmin(actor);
}

/** What the lead policy needs of a lead: who submitted it and, for the acts that depend on it, where it stands. */
export interface LeadFacts {
  submitterId: string;
  status?: string;
}

const editable = new Set<string>(LEAD_EDITABLE_STATUSES);
const closed = new Set<string>(LEAD_CLOSED_STATUSES);

export type LeadAction = 'read' | 'update' | 'delete' | 'edit' | 'editCommissionFields' | 'withdraw' | 'assign' | 'comment' | 'writeInternal';

/**
 * Whether the actor may do this to a lead, and if not, the refusal to send. Outside what they see (another
 * partner's lead) is not found. Administrators change its status, delete it, assign it to an administrator and write
 * internal notes in its discussion; anyone else is refused (403). Its fields are corrected by its partner while it is
 * submitted or under review (409 after), and by an administrator in any status; but once it is closed-won nobody
 * changes the fields its commission was computed from (409). Its partner withdraws it while it is not closed (409
 * after); nobody else does (403). Whoever sees a lead writes in its discussion.
 */
export function leadPermission(actor: Actor, action: LeadAction, lead: LeadFacts): Permission {
  const admin = isAdmin(actor);
  const own = lead.submitterId === actor.id;
  if (!admin && !own) return notFound('Lead not found.');
  switch (action) {
    case 'read':
    case 'comment':
      return 'ok';
    case 'update':
      return admin ? 'ok' : forbidden('Only an administrator can change a lead.');
    case 'delete':
      return admin ? 'ok' : forbidden('Only an administrator can delete a lead.');
    case 'assign':
      return admin ? 'ok' : forbidden('Only an administrator can assign a lead.');
    case 'writeInternal':
      return admin ? 'ok' : forbidden('Only administrators can write internal notes.');
    case 'edit':
      if (admin || (lead.status !== undefined && editable.has(lead.status))) return 'ok';
      return conflict('This lead can no longer be edited: only a lead that is submitted or under review can be changed.');
    case 'editCommissionFields': {
      const edit = leadPermission(actor, 'edit', lead);
      if (edit !== 'ok') return edit;
      return lead.status === 'closed-won' ? conflict(LEAD_COMMISSION_FIELDS_LOCKED) : 'ok';
    }
    case 'withdraw':
      if (!own) return forbidden('Only the partner who submitted a lead can withdraw it.');
      return lead.status !== undefined && !closed.has(lead.status) ? 'ok' : conflict('This lead is already closed and cannot be withdrawn.');
  }
}

/**
 * What the actor may do with a lead they can see, as the screen shows it: the answers of {@link leadPermission}, and
 * whether they see the possible-duplicate flag (administrators: it would otherwise tell a partner about other
 * members' leads).
 */
export function leadAbilities(actor: Actor, lead: LeadFacts): LeadAbilities {
  const ok = (action: LeadAction) => permits(leadPermission(actor, action, lead));
  return {
    read: ok('read'),
    update: ok('update'),
    delete: ok('delete'),
    seeDuplicateFlag: isAdmin(actor),
    edit: ok('edit'),
    editCommissionFields: ok('editCommissionFields'),
    withdraw: ok('withdraw'),
    assign: ok('assign'),
    comment: ok('comment'),
    writeInternal: ok('writeInternal'),
  };
}

/**
 * The members who work leads, as SQL over the `users` row: active, approved administrators. A lead is assigned only
 * to one of them, and a partner's message on a lead nobody owns is told to them.
 */
export function leadAdministratorsSql(): SQL {
  return and(hasAdminRoleSql(users.role), eq(users.isActive, true), eq(users.accountStatus, 'approved'), isNull(users.removedAt))!;
}

/** Whether the member may see a lead's internal notes (administrators only), in any answer, notification or live event. */
export function seesInternalLeadNotes(actor: Pick<Actor, 'role'>): boolean {
  return isAdmin(actor);
}

/** What the policy needs of one message of a lead's discussion. */
export interface LeadCommentFacts {
  authorId: string | null;
  internal: boolean;
  deletedAt?: Date | null;
}

/** Whether the viewer reads this message of a lead they see: not deleted, and an internal note only if an administrator. */
export function readsLeadComment(actor: Pick<Actor, 'role'>, comment: LeadCommentFacts): boolean {
  return !comment.deletedAt && (!comment.internal || seesInternalLeadNotes(actor));
}

/** The messages of a lead's discussion the viewer reads, as SQL over `lead_comments` (the rule of {@link readsLeadComment}). */
export function readableLeadCommentsSql(actor: Pick<Actor, 'role'>): SQL {
  return seesInternalLeadNotes(actor) ? isNull(leadComments.deletedAt) : and(isNull(leadComments.deletedAt), eq(leadComments.internal, false))!;
}

/**
 * Who may read a message of a lead's discussion, as SQL over a member (a `users` row and its id): administrators,
 * and the lead's partner unless it is an internal note. Mentions link and tell only these members.
 */
export function leadCommentAudienceSql(lead: { submitterId: string }, internal: boolean): (userId: SQLWrapper) => SQL {
  return (userId) => (internal ? hasAdminRoleSql(users.role) : sql`(${hasAdminRoleSql(users.role)} or ${userId} = ${lead.submitterId}::uuid)`);
}

/** What the viewer may do with one message of a lead's discussion they can read: its author edits and deletes it. */
export function leadCommentAbilities(actor: Actor, comment: { authorId: string | null; deletedAt?: Date | null }) {
  const own = comment.authorId === actor.id && !comment.deletedAt;
  return { edit: own, delete: own };
}

/**
 * Whether the actor may read, edit or delete a message of a lead's discussion: not found when there is no such
 * message, it is deleted, its lead is outside what they see (`onSeenLead` false) or it is an internal note they may
 * not read; a message that is not theirs is refused (403).
 */
export function leadCommentPermission(actor: Actor, action: 'read' | 'edit' | 'delete', comment: (LeadCommentFacts & { onSeenLead: boolean }) | undefined): Permission {
  if (!comment || !comment.onSeenLead || !readsLeadComment(actor, comment)) return notFound('Message not found.');
  if (action === 'read') return 'ok';
  const can = leadCommentAbilities(actor, comment);
  if (action === 'edit') return can.edit ? 'ok' : forbidden('You can only edit your own messages.');
  return can.delete ? 'ok' : forbidden('You can only delete your own messages.');
}

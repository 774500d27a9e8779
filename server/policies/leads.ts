import { eq, sql, type SQL } from 'drizzle-orm';
import { LEAD_CLOSED_STATUSES, LEAD_EDITABLE_STATUSES } from '../../common/schemas/lead.ts';
import type { LeadAbilities } from '../../common/schemas/abilities.ts';
import { leads } from '../db/schema/index.ts';
import { isAdmin, type Actor } from './roles.ts';

/** The leads an actor may list or load: admins work every lead, a partner sees only the leads they submitted. */
export function leadScope(actor: Actor): SQL {
  return seesAllLeads(actor) ? sql`true` : eq(leads.submitterId, actor.id);
}

/** Whether the actor's lead scope is every lead (so organisation-wide totals answer for it). */
export function seesAllLeads(actor: Actor): boolean {
  return isAdmin(actor);
}

/** What the lead policy needs of a lead: who submitted it and, for the submitter's own acts, where it stands. */
export interface LeadFacts {
  submitterId: string;
  status?: string;
}

const editable = new Set<string>(LEAD_EDITABLE_STATUSES);
const closed = new Set<string>(LEAD_CLOSED_STATUSES);

/**
 * What the actor may do with a lead they can see: admins change status, delete, assign it to an administrator, see
 * the possible-duplicate flag (which would otherwise tell a partner about other members' leads) and write internal
 * notes in its discussion. Its submitter corrects its fields while it is submitted or under review, and withdraws it
 * while it is not closed. Whoever sees a lead writes in its discussion.
 */
export function leadAbilities(actor: Actor, lead: LeadFacts): LeadAbilities {
  const admin = isAdmin(actor);
  const own = lead.submitterId === actor.id;
  const read = admin || own;
  return {
    read,
    update: admin,
    delete: admin,
    seeDuplicateFlag: admin,
    edit: own && lead.status !== undefined && editable.has(lead.status),
    withdraw: own && lead.status !== undefined && !closed.has(lead.status),
    assign: admin,
    comment: read,
    writeInternal: admin,
  };
}

/** Whether the member may see a lead's internal notes (administrators only), in any answer, notification or live event. */
export function seesInternalLeadNotes(actor: Pick<Actor, 'role'>): boolean {
  return isAdmin(actor);
}

/** What the viewer may do with one message of a lead's discussion they can read: its author edits and deletes it. */
export function leadCommentAbilities(actor: Actor, comment: { authorId: string | null; deletedAt?: Date | null }) {
  const own = comment.authorId === actor.id && !comment.deletedAt;
  return { edit: own, delete: own };
}

import { eq, sql, type SQL } from 'drizzle-orm';
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

/**
 * What the actor may do with a lead they can see: admins change status and notes, delete, and see the
 * possible-duplicate flag (which would otherwise tell a partner about other members' leads).
 */
export function leadAbilities(actor: Actor, lead: { submitterId: string }): LeadAbilities {
  const admin = isAdmin(actor);
  return { read: admin || lead.submitterId === actor.id, update: admin, delete: admin, seeDuplicateFlag: admin };
}

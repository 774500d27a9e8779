import { eq, type SQL } from 'drizzle-orm';
import { leads } from '../db/schema/index.ts';
import { isAdmin, type Actor } from './roles.ts';

/** The leads an actor may see: their own, or all of them for admins (issue decision). */
export function leadScope(actor: Actor): SQL | undefined {
  return isAdmin(actor) ? undefined : eq(leads.submitterId, actor.id);
}

/** Only admins change a lead's status and notes, or delete it. */
export function canManageLeads(actor: Actor): boolean {
  return isAdmin(actor);
}

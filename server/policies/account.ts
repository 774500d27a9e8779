import { isAdmin, type Actor } from './roles.ts';

/** Who may ask for their own account to be deleted: everyone but a master-admin (the organisation's owner is never erased this way). */
export function canRequestDeletion(actor: Pick<Actor, 'role'>): boolean {
  return actor.role !== 'master-admin';
}

/**
 * What an admin may do with a member's deletion request. Nobody decides their own; confirming (the account is
 * anonymised) follows the user policy: an admin for a partner, only a master-admin for an admin, never for a
 * master-admin. Any other admin may decline. (That the last administrator is never erased needs the database,
 * so the service checks it under a lock.)
 */
export function deletionAbilities(actor: Actor, target: { id: string; role: string }): { confirm: boolean; decline: boolean } {
  const admin = isAdmin(actor) && actor.id !== target.id;
  const confirm = admin && target.role !== 'master-admin' && (target.role !== 'admin' || actor.role === 'master-admin');
  return { confirm, decline: admin };
}

/** An administrator's account as the last-administrator rule reads it. */
export interface AdminStanding {
  id: string;
  isActive: boolean;
  accountStatus: string;
  removedAt: Date | null;
}

/**
 * Whether erasing `target` would leave the organisation with no active administrator: it is an administrator
 * and no other administrator (of `admins`, every administrator's row) is active, approved and not removed.
 */
export function erasureLeavesNoAdministrator(target: Pick<Actor, 'id' | 'role'>, admins: readonly AdminStanding[]): boolean {
  return isAdmin(target) && !admins.some((a) => a.id !== target.id && a.isActive && a.accountStatus === 'approved' && !a.removedAt);
}

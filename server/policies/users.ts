import type { UserAbilities } from '../../common/schemas/abilities.ts';
import { isAdmin, type Actor } from './roles.ts';

/** Roles whose accounts only a master-admin may act on. */
const PRIVILEGED = new Set(['admin', 'master-admin']);

/**
 * What an admin may do to another account. Nobody acts on their own account here; an admin manages partners;
 * only a master-admin acts on an admin or master-admin account. (That the last active master-admin is never
 * deactivated or removed needs the database, so the service checks it under a lock.)
 */
export function userAbilities(actor: Actor, target: { id: string; role: string; isActive: boolean; removedAt?: Date | null }): UserAbilities {
  const allowed = isAdmin(actor) && actor.id !== target.id && (!PRIVILEGED.has(target.role) || actor.role === 'master-admin') && !target.removedAt;
  return { activate: allowed && !target.isActive, deactivate: allowed && target.isActive, remove: allowed };
}

/**
 * Who may read a member's CV: the member themselves and administrators. (A mentor the member has asked for
 * mentorship will be added here.) Everyone else is answered as if there were no CV.
 */
export function canReadCv(actor: Pick<Actor, 'id' | 'role'>, owner: { id: string }): boolean {
  return actor.id === owner.id || isAdmin(actor);
}

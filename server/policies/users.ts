import { and, eq, ne } from 'drizzle-orm';
import type { UserAbilities } from '../../common/schemas/abilities.ts';
import type { Db } from '../db/client.ts';
import { mentorshipRequests } from '../db/schema/index.ts';
import { CV_WITHHELD_STATUS } from './mentoring.ts';
import { forbidden, permits, type Permission } from './authorize.ts';
import { isAdmin, isMasterAdmin, type Actor } from './roles.ts';

/**
 * What an admin may do to another account. Nobody acts on their own account here; an admin manages partners;
 * only a master-admin acts on an admin or master-admin account. (That the last active master-admin is never
 * deactivated, removed or demoted needs the database, so the service checks it under a lock.)
 *
 * Roles are a master-admin's decision alone, on approved accounts only (an applicant is admitted through review
 * first). It is the one act a master-admin may do to their own account: stepping down is allowed while another
 * master-admin remains.
 */
export function userAbilities(actor: Actor, target: { id: string; role: string; isActive: boolean; removedAt?: Date | null; accountStatus?: string }): UserAbilities {
  const allowed = isAdmin(actor) && actor.id !== target.id && (!isAdmin(target) || isMasterAdmin(actor)) && !target.removedAt;
  const changeRole = permits(roleChangePermission(actor, target));
  // a reset link is only worth sending to an account that can sign in with it
  return {
    activate: allowed && !target.isActive,
    deactivate: allowed && target.isActive,
    remove: allowed,
    edit: allowed,
    changeRole,
    sendPasswordReset: allowed && target.isActive,
  };
}

/** Who may invite someone to join as an approved partner: administrators (admin and master-admin). */
export function canInviteMembers(actor: Actor): boolean {
  return isAdmin(actor);
}

/**
 * Who may read a member's CV: the member themselves, administrators, and a mentor the member has asked for
 * mentorship, whatever became of the request (pending, accepted, declined or completed) unless the member withdrew
 * it. Asking is one-way: the mentor's CV is not shared with the mentee by it. Everyone else is answered as if there
 * were no CV. The mentor check is one lookup on the mentor's index of requests.
 */
export async function canReadCv(db: Pick<Db, 'select'>, actor: Pick<Actor, 'id' | 'role'>, owner: { id: string }): Promise<boolean> {
  if (actor.id === owner.id || isAdmin(actor)) return true;
  const [asked] = await db
    .select({ id: mentorshipRequests.id })
    .from(mentorshipRequests)
    .where(and(eq(mentorshipRequests.mentorId, actor.id), eq(mentorshipRequests.menteeId, owner.id), ne(mentorshipRequests.status, CV_WITHHELD_STATUS)))
    .limit(1);
  return !!asked;
}

/**
 * Whether the actor may give the target another role: a master-admin's decision alone, on an approved account that
 * was not removed (an applicant is admitted through review first).
 */
export function roleChangePermission(actor: Pick<Actor, 'role'>, target: { removedAt?: Date | null; accountStatus?: string }): Permission {
  if (!isMasterAdmin(actor)) return forbidden('Only a master administrator can change a member’s role.');
  if (target.accountStatus !== 'approved' || target.removedAt) return forbidden('Only an approved member can be given a role; review their application first.');
  return 'ok';
}

/**
 * Whether acting on `target` (deactivating, removing or demoting it) would leave the organisation without an active
 * master-admin. `owners` are the master-admin rows, read under a lock; one without `accountStatus` counts by its
 * activity alone.
 */
export function leavesNoOwner(
  target: { id: string; role: string },
  owners: { id: string; isActive: boolean; removedAt: Date | null; accountStatus?: string }[],
): boolean {
  return isMasterAdmin(target) && !owners.some((m) => m.id !== target.id && m.isActive && !m.removedAt && (m.accountStatus ?? 'approved') === 'approved');
}

/** Whether the actor may choose the e-mails only administrators receive (the admin-only notification categories). */
export function receivesAdminEmails(actor: Pick<Actor, 'role'>): boolean {
  return isAdmin(actor);
}

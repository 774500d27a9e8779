import { eq, inArray, notInArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Role } from '../../common/constants/options.ts';
import { ADMIN_ROLES, isAdminRole, isOwnerRole, NEW_MEMBER_ROLE, OWNER_ROLE } from '../../common/rules/roles.ts';

export { ADMIN_ROLES, NEW_MEMBER_ROLE };

/** The fields a policy needs to know about the signed-in user. */
export interface Actor {
  id: string;
  role: Role | string;
  accountStatus: string;
  isActive: boolean;
}

/** SQL: the user row in `column` holds an administrator's role. */
export const hasAdminRoleSql = (column: AnyColumn): SQL => inArray(column, [...ADMIN_ROLES]);

/** SQL: the user row in `column` holds a partner's role (not an administrator's). */
export const hasPartnerRoleSql = (column: AnyColumn): SQL => notInArray(column, [...ADMIN_ROLES]);

/** SQL: the user row in `column` holds the organisation owner's role (master-admin). */
export const hasMasterAdminRoleSql = (column: AnyColumn): SQL => eq(column, OWNER_ROLE);

/** Admin and master-admin share every admin screen and permission. */
export function isAdmin(actor: Pick<Actor, 'role'> | null | undefined): boolean {
  return isAdminRole(actor?.role);
}

/** The organisation's owners: only a master-admin decides roles, security settings and other administrators' accounts. */
export function isMasterAdmin(actor: Pick<Actor, 'role'> | null | undefined): boolean {
  return isOwnerRole(actor?.role);
}

/** Whether someone shown beside their words (the author of a lead's discussion message) is marked as an administrator. */
export function showsAsAdministrator(person: { role: string | null | undefined }): boolean {
  return isAdminRole(person.role);
}

/** An approved, active account may use the member areas; pending and rejected ones see only their status. */
export function isMember(actor: Actor | null | undefined): boolean {
  return !!actor && actor.isActive && actor.accountStatus === 'approved';
}

/** Route access levels: every route declares one; `member` is the default so a new route is closed. */
export type Access = 'public' | 'session' | 'member' | 'admin';

/** Whether an actor passes a route's access level; answers the HTTP status to send when not. */
export function checkAccess(access: Access, actor: Actor | null): 200 | 401 | 403 {
  if (access === 'public') return 200;
  if (!actor) return 401;
  if (access === 'session') return 200;
  if (!isMember(actor)) return 403;
  if (access === 'admin' && !isAdmin(actor)) return 403;
  return 200;
}

/** Why a signed-in user is refused a route: an approved member lacks the administrators' role; anyone else is not admitted yet. */
export function accessRefusal(access: Access, actor: Pick<Actor, 'accountStatus'> | null): string {
  return access === 'admin' && actor?.accountStatus === 'approved' ? 'Administrator access is required.' : 'Your account does not have access to this yet.';
}

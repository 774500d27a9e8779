import { inArray, notInArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Role } from '../../common/constants/options.ts';

/** The fields a policy needs to know about the signed-in user. */
export interface Actor {
  id: string;
  role: Role | string;
  accountStatus: string;
  isActive: boolean;
}

/** The roles that administer the programme; admin and master-admin share every admin screen and permission. */
export const ADMIN_ROLES = ['admin', 'master-admin'] as const satisfies readonly Role[];

/** SQL: the user row in `column` holds an administrator's role. */
export const hasAdminRoleSql = (column: AnyColumn): SQL => inArray(column, [...ADMIN_ROLES]);

/** SQL: the user row in `column` holds a partner's role (not an administrator's). */
export const hasPartnerRoleSql = (column: AnyColumn): SQL => notInArray(column, [...ADMIN_ROLES]);

/** Admin and master-admin share every admin screen and permission. */
export function isAdmin(actor: Pick<Actor, 'role'> | null | undefined): boolean {
  return actor?.role === 'admin' || actor?.role === 'master-admin';
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

import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { appSettings, userTotp } from '../db/schema/index.ts';
import { hasAdminRoleSql, isAdmin, type Actor } from './roles.ts';

/** The app setting that makes two-factor sign-in compulsory for admin and master-admin accounts. */
export const REQUIRE_ADMIN_2FA = 'require_admin_2fa';

/** What the two-factor rule needs to know: the user's own second factor and the organisation's setting. */
export interface SecondFactorState {
  /** The user has two-factor sign-in on. */
  twoFactorEnabled: boolean;
  /** The organisation requires it of administrators. */
  adminTwoFactorRequired: boolean;
}

/** Whether the organisation requires this user to keep a second factor: administrators, while the setting is on. */
export function mustKeepSecondFactor(actor: Pick<Actor, 'role'>, settings: Pick<SecondFactorState, 'adminTwoFactorRequired'>): boolean {
  return isAdmin(actor) && settings.adminTwoFactorRequired;
}

/**
 * Whether this user must turn on two-factor sign-in before anything else answers them: an administrator without one
 * while the organisation requires it. `mustSetUpSecondFactorSql` is the same rule for a query over users.
 */
export function mustSetUpSecondFactor(actor: Pick<Actor, 'role'> | null, settings: SecondFactorState | null): boolean {
  return !!actor && !!settings && mustKeepSecondFactor(actor, settings) && !settings.twoFactorEnabled;
}

/** SQL: the organisation requires administrators to use two-factor sign-in (false when never set). */
export const adminTwoFactorRequiredSql = (): SQL =>
  sql`coalesce((select ${appSettings.value} = 'true'::jsonb from ${appSettings} where ${appSettings.key} = ${REQUIRE_ADMIN_2FA}), false)`;

/** SQL: the user whose id is in `userId` has two-factor sign-in on. */
export const twoFactorEnabledSql = (userId: AnyColumn | string): SQL =>
  sql`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.enabledAt} is not null)`;

/** SQL form of `mustSetUpSecondFactor` for the user row whose role and id are in `role` and `userId`. */
export const mustSetUpSecondFactorSql = (role: AnyColumn, userId: AnyColumn): SQL =>
  sql`(${hasAdminRoleSql(role)} and ${adminTwoFactorRequiredSql()} and not ${twoFactorEnabledSql(userId)})`;

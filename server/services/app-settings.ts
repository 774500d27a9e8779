import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { SecuritySettings } from '../../common/schemas/security.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema/index.ts';
import type { Mailer } from '../plugins/mailer.ts';
import { AUTH_CHANGES_CHANNEL, forgetAllSessions, type UserRow } from '../plugins/session.ts';
import { REQUIRE_ADMIN_2FA } from '../policies/two-factor.ts';
import { globalAbilities } from '../policies/global.ts';
import { recordAudit } from './audit.ts';
import { sendSettingsNotice } from './security-notices.ts';

export const SETTINGS_OWNER_ONLY = 'Only a master-admin can change the security settings.';

/** The security settings of the organisation; a setting never saved has its default (off). */
export async function getSecuritySettings(db: Db): Promise<SecuritySettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, REQUIRE_ADMIN_2FA));
  return { requireAdmin2fa: row?.value === true };
}

/**
 * Saves the security settings (the policy decides who may), audited with the value before and after; the other
 * master-admins are e-mailed of a change. Every session lookup reads the requirement, so every instance is told
 * to forget its cached lookups when it changes.
 */
export async function setSecuritySettings(
  deps: { db: Db; config: Config; mailer: Mailer; now: () => Date },
  actor: UserRow,
  next: SecuritySettings,
): Promise<SecuritySettings> {
  const { db } = deps;
  const now = deps.now();
  if (!globalAbilities(actor).manageSecuritySettings) throw new AppError('forbidden', SETTINGS_OWNER_ONLY);
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, REQUIRE_ADMIN_2FA)).for('update');
    const was = before?.value === true;
    if (was === next.requireAdmin2fa) return false;
    await tx
      .insert(appSettings)
      .values({ key: REQUIRE_ADMIN_2FA, value: next.requireAdmin2fa, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: next.requireAdmin2fa, updatedBy: actor.id, updatedAt: now } });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'settings.security.update',
      entityType: 'app_setting',
      entityId: REQUIRE_ADMIN_2FA,
      before: { requireAdmin2fa: was },
      after: { requireAdmin2fa: next.requireAdmin2fa },
      at: now,
    });
    await tx.execute(sql`select pg_notify(${AUTH_CHANGES_CHANNEL}, 'settings')`);
    return true;
  });
  if (changed) {
    forgetAllSessions(db);
    const what = `two-factor sign-in for administrators is now ${next.requireAdmin2fa ? 'required' : 'optional'}`;
    await sendSettingsNotice(deps, actor, what);
  }
  return next;
}

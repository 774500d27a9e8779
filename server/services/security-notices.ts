import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Mailer } from '../plugins/mailer.ts';
import type { UserRow } from '../plugins/session.ts';
import { hasMasterAdminRoleSql } from '../policies/roles.ts';

export interface SecurityNoticeDeps {
  db: Db;
  config: Pick<Config, 'brandName' | 'supportEmail'>;
  mailer: Mailer;
}

/** The changes to an account's way in that its owner is always told of by e-mail; no notification preference turns these off. */
export type SecurityNotice =
  | { kind: 'email-changed'; previousEmail: string }
  | { kind: 'provider-linked'; provider: 'google' | 'apple' }
  | { kind: 'provider-unlinked'; provider: 'google' | 'apple' }
  | { kind: 'password-changed' }
  | { kind: 'two-factor-off' }
  | { kind: 'two-factor-failures'; failures: number };

const providerName = (p: 'google' | 'apple') => (p === 'google' ? 'Google' : 'Apple');

function wording(notice: SecurityNotice, user: UserRow, brandName: string): { subject: string; what: string } {
  switch (notice.kind) {
    case 'email-changed':
      return {
        subject: `Your ${brandName} e-mail address was changed`,
        what: `The e-mail address of your ${brandName} account was changed from this address to ${user.email}.`,
      };
    case 'provider-linked':
      return {
        subject: `${providerName(notice.provider)} sign-in was linked to your ${brandName} account`,
        what: `A ${providerName(notice.provider)} account was linked to your ${brandName} account: it can now be used to sign in.`,
      };
    case 'provider-unlinked':
      return {
        subject: `${providerName(notice.provider)} sign-in was removed from your ${brandName} account`,
        what: `${providerName(notice.provider)} was unlinked from your ${brandName} account: it can no longer be used to sign in.`,
      };
    case 'password-changed':
      return { subject: `Your ${brandName} password was changed`, what: `The password of your ${brandName} account was changed.` };
    case 'two-factor-off':
      return {
        subject: `Two-factor sign-in was turned off for your ${brandName} account`,
        what: `Two-factor sign-in was turned off for your ${brandName} account: signing in now needs only the password.`,
      };
    case 'two-factor-failures':
      return {
        subject: `Incorrect sign-in codes were entered for your ${brandName} account`,
        what: `${notice.failures} incorrect two-factor codes in a row were entered while signing in to your ${brandName} account. Whoever entered them knew your password. If it was not you, change your password now.`,
      };
  }
}

/**
 * Tells the owner of a change to how their account is reached, so a member whose session was taken over hears
 * of it. Mailed to the address the account has proved (the previous one for an e-mail change); an address not
 * yet verified may be the intruder's own, so it is never used. Never throws (the mailer records a failure).
 */
export async function sendSecurityNotice(deps: SecurityNoticeDeps, user: UserRow, notice: SecurityNotice): Promise<void> {
  const to = notice.kind === 'email-changed' ? notice.previousEmail : user.emailVerifiedAt ? user.email : null;
  if (!to) return;
  const { brandName, supportEmail } = deps.config;
  const { subject, what } = wording(notice, user, brandName);
  await deps.mailer.send({
    to,
    subject,
    text: `Dear ${user.firstName},\n\n${what} If you made this change, there is nothing more to do. If you did not, please tell us at once at ${supportEmail}.\n\nKind regards,\nThe ${brandName} membership team`,
  });
}

/** Tells every other active master-admin that the organisation's security settings changed, and who changed them. */
export async function sendSettingsNotice(deps: SecurityNoticeDeps, actor: UserRow, what: string): Promise<void> {
  const { brandName, supportEmail } = deps.config;
  const owners = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(hasMasterAdminRoleSql(users.role), eq(users.isActive, true), ne(users.id, actor.id)));
  for (const owner of owners) {
    await deps.mailer.send({
      to: owner.email,
      subject: `${brandName} security settings were changed`,
      text: `Dear ${owner.firstName},\n\n${actor.firstName} ${actor.lastName} (${actor.email}) changed the organisation's security settings: ${what}. If this was not expected, please review it in the Admin Panel or tell us at ${supportEmail}.\n\nKind regards,\nThe ${brandName} membership team`,
    });
  }
}

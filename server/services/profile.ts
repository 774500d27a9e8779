import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { ProfileUpdate } from '../../common/schemas/profile.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import type { Mailer } from '../plugins/mailer.ts';
import { forgetUser, type UserRow } from '../plugins/session.ts';
import { admitResend, sendVerificationEmail } from './email-verification.ts';
import { admitSignIn, signInSucceeded, throttleAccount } from './login-throttle.ts';
import { assertRecentlyConfirmed } from './reauthentication.ts';
import { sendSecurityNotice } from './security-notices.ts';

export const EMAIL_TAKEN = 'An account with this email already exists.';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';
export const PASSWORD_THROTTLED = 'Too many failed attempts. Please try again later.';
export const SAME_PASSWORD = 'Your new password must be different from your current password.';
export const NO_PASSWORD = 'Your account signs in with Google or Apple, so it has no password to change.';

export interface ProfileDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
}

const emailTaken = () => new AppError('conflict', EMAIL_TAKEN, { issues: [{ path: 'email', message: EMAIL_TAKEN }] });

/** Whether a database error is a unique-index violation (Drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** A text field of the form: left out stays as it is, empty clears it. */
const textOrNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);

/**
 * Saves the owner's profile. A new e-mail address must not belong to any other account (compared without
 * letter case; the unique index decides a race) and is unverified until its owner confirms a link sent to it,
 * as at registration (the old address is told of the change). Changing the address needs the identity confirmed
 * on this session within the last minutes: it is the way to every other sign-in method. Answers the updated row.
 */
export async function updateProfile(
  deps: ProfileDeps,
  user: UserRow,
  sessionId: string | null,
  data: ProfileUpdate,
  origin: string | null,
  ip: string,
): Promise<UserRow> {
  const { db } = deps;
  const emailChanged = data.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) {
    await assertRecentlyConfirmed(deps, sessionId);
    // a change mails a link to the new address: limited like resends, so the form cannot be used to flood inboxes
    await admitResend(db, deps.config, user.id, ip, deps.now());
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${data.email.toLowerCase()}`, ne(users.id, user.id)))
      .limit(1);
    if (other) throw emailTaken();
  }
  const changes: Partial<typeof users.$inferInsert> = {
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    company: textOrNull(data.company),
    jobTitle: textOrNull(data.jobTitle),
    location: textOrNull(data.location),
    bio: textOrNull(data.bio),
    phoneNumber: textOrNull(data.phoneNumber),
    linkedinUrl: textOrNull(data.linkedinUrl),
    website: textOrNull(data.website),
    expertise: data.expertise,
    industries: data.industries,
    availableForNetworking: data.availableForNetworking,
    ...(emailChanged ? { emailVerifiedAt: null } : {}),
  };
  let updated: UserRow | undefined;
  try {
    [updated] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  if (!updated) throw new AppError('not_found', 'Account not found.');
  forgetUser(db, user.id);
  if (emailChanged) {
    await sendVerificationEmail(deps, origin, updated, 'changed');
    // the old address hears of it, so a member whose session was taken over learns that their address changed
    await sendSecurityNotice(deps, updated, { kind: 'email-changed', previousEmail: user.email });
  }
  return updated;
}

/**
 * Changes the owner's password. The current password is checked under the sign-in limits of the same account
 * (the attempt counts before it is checked, and failures here and at sign-in share one count), so a stolen
 * session cannot be used to guess the password. On success the new password is hashed (argon2id) and every
 * other session of the account ends; the session that made the change stays, and the owner is e-mailed.
 */
export async function changePassword(
  deps: Pick<ProfileDeps, 'db' | 'config' | 'now' | 'mailer'>,
  user: UserRow,
  sessionId: string | null,
  ip: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { db, config } = deps;
  if (!user.password) throw new AppError('bad_request', NO_PASSWORD);
  const account = throttleAccount('', user);
  const admission = await admitSignIn(db, account, ip, config.login, deps.now());
  if (!admission.admitted) {
    throw new AppError('rate_limited', PASSWORD_THROTTLED, { headers: { 'Retry-After': String(admission.retryAfter) } });
  }
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    throw new AppError('validation_failed', WRONG_CURRENT_PASSWORD, { issues: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }] });
  }
  await signInSucceeded(db, account, admission.ids);
  if (input.newPassword === input.currentPassword) {
    throw new AppError('validation_failed', SAME_PASSWORD, { issues: [{ path: 'newPassword', message: SAME_PASSWORD }] });
  }
  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: hash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(sessionId ? and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)) : eq(sessions.userId, user.id));
  });
  forgetUser(db, user.id);
  await sendSecurityNotice(deps, user, { kind: 'password-changed' });
}

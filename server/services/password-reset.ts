import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import { RESET_LINK_KINDS, type ResetLinkKind } from '../../common/schemas/password-reset.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pushSubscriptions, sessions, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { keyFor } from '../lib/secret-box.ts';
import { readToken, signToken } from '../lib/signed-token.ts';
import type { Mailer } from '../plugins/mailer.ts';
import { forgetUser } from '../plugins/session.ts';
import type { Actor } from '../policies/roles.ts';
import { userAbilities } from '../policies/users.ts';
import { recordAudit } from './audit.ts';
import { admitAttempt, clearKey } from './rate-limit.ts';

const PURPOSE = 'password-reset';
const HOUR = 3_600_000;

/** How long a link works: an hour for a forgotten password, a week for an invitation (people open those later). */
export const LINK_TTL_MS: Record<ResetLinkKind, number> = { reset: HOUR, invite: 7 * 24 * HOUR };

/**
 * Request limits within an hour: per address asked for and per account mailed (so nobody's inbox can be
 * flooded), per client IP (so addresses cannot be tried in bulk), and per IP for setting a password with a link.
 */
export const RESET_LIMITS = { perAddress: 3, perAccount: 3, perIp: 20, submitPerIp: 20, windowMs: HOUR } as const;

export const INVALID_LINK = 'This link is invalid, has expired or has already been used. Please request a new one.';
export const RESET_THROTTLED = 'Too many attempts. Please try again later.';

/**
 * What a link vouches for: this account (u), at this address (e), while its password is still the one it had
 * when the link was made (p: a keyed hash of the stored password hash, so setting a password, by this link or
 * any other way, spends every link made before), what it is for (k), until this moment (x). Nothing is stored.
 */
const payloadSchema = z.object({ u: z.uuid(), e: z.string().min(3), p: z.string().min(1), k: z.enum(RESET_LINK_KINDS), x: z.number().int() });

export interface ResetDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  log?: { warn: (obj: object, msg: string) => void; error?: (obj: object, msg: string) => void };
}

interface Account {
  id: string;
  email: string;
  firstName: string;
  password: string | null;
}

/** The keyed hash of the password a link is bound to; an account with no password yet is bound to having none. */
function passwordStamp(config: Config, password: string | null): string {
  return createHmac('sha256', config.sessionSecret)
    .update(`password-reset-stamp:${password ?? ''}`)
    .digest('base64url');
}

function sameStamp(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The link of a reset or invitation e-mail: the web page /reset-password, which posts the token back with the new password. */
export function resetLink(config: Config, origin: string, account: Account, kind: ResetLinkKind, now: Date): string {
  const token = signToken(config.sessionSecret, PURPOSE, {
    u: account.id,
    e: account.email.toLowerCase(),
    p: passwordStamp(config, account.password),
    k: kind,
    x: now.getTime() + LINK_TTL_MS[kind],
  });
  return `${origin}/reset-password?token=${encodeURIComponent(token)}`;
}

/** An account a link may be mailed to and used on: active, not removed, not anonymised. */
const usable = and(eq(users.isActive, true), isNull(users.removedAt), isNull(users.anonymisedAt));

/** Sends the forgotten-password e-mail (the mailer never throws: a failure is logged and kept in the outbox). */
async function sendResetEmail(deps: ResetDeps, origin: string, account: Account, by: 'owner' | 'administrator' = 'owner'): Promise<void> {
  const { brandName, supportEmail } = deps.config;
  const why =
    by === 'administrator'
      ? `An administrator of ${brandName} sent you this link to choose a new password for your account.`
      : `Someone (we hope you) asked to reset the password of your ${brandName} account.`;
  await deps.mailer.send({
    to: account.email,
    subject: `Reset your ${brandName} password`,
    text: `Dear ${account.firstName},\n\n${why} To choose a new password, open the link below:\n\n${resetLink(deps.config, origin, account, 'reset', deps.now())}\n\nThe link works once, for 1 hour. If you did not ask for it, you can ignore this message: your password stays as it is. If you keep receiving these messages, tell us at ${supportEmail}.\n\nKind regards,\nThe ${brandName} membership team`,
  });
}

/** Sends the invitation e-mail of an account an administrator created. */
export async function sendInvitationEmail(
  deps: ResetDeps,
  origin: string,
  account: Account & { username: string },
  inviterName: string,
  opts: { pending?: boolean } = {},
): Promise<void> {
  const { brandName, supportEmail } = deps.config;
  const days = Math.round(LINK_TTL_MS.invite / (24 * HOUR));
  // an account brought in still pending its approval is told so: it may choose its password, then waits for the review
  const state = opts.pending
    ? 'Your membership application is with our team for review; meanwhile you can choose your password'
    : 'Your account is ready: to start, choose your password';
  await deps.mailer.send({
    to: account.email,
    subject: `You are invited to join ${brandName}`,
    text: `Dear ${account.firstName},\n\n${inviterName} has invited you to join ${brandName} as a partner. ${state} by opening the link below:\n\n${resetLink(deps.config, origin, account, 'invite', deps.now())}\n\nThe link works once, for ${days} days. Afterwards, sign in with your username ${account.username} or this e-mail address and the password you chose. If you were not expecting this invitation, you can ignore this message, or tell us at ${supportEmail}.\n\nKind regards,\nThe ${brandName} membership team`,
  });
}

/**
 * A forgotten-password request, decided after the answer has gone out (the answer is the same whatever happens
 * here, and takes the same time). Limited per client IP and per address asked for, then per account; an account
 * that cannot sign in (deactivated, removed, anonymised) gets nothing. An account with no password yet (one
 * that signs in with Google or Apple, or an invitation not yet taken up) gets a link too: following it proves
 * the same control of the address that the provider vouched for, and it may then also sign in with a password.
 */
export async function requestPasswordReset(deps: ResetDeps, origin: string | null, email: string, ip: string): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const address = email.toLowerCase();
  const { perAddress, perIp, perAccount, windowMs } = RESET_LIMITS;
  const admitted = await admitAttempt(
    db,
    [
      { key: `reset-ip:${ip}`, max: perIp, windowMs },
      // the address is counted by a keyed digest: the attempt log keeps no one's e-mail address, nor one a list of
      // addresses could be matched against
      { key: `reset-address:${createHmac('sha256', keyFor(deps.config.sessionSecret, 'reset-address')).update(address).digest('base64url')}`, max: perAddress, windowMs },
    ],
    now,
  );
  if (!admitted.admitted) return;
  const [account] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, password: users.password })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${address}`, usable))
    .limit(1);
  if (!account) return;
  if (!(await admitAttempt(db, [{ key: `reset-user:${account.id}`, max: perAccount, windowMs }], now)).admitted) return;
  if (!origin) {
    // no trustworthy address for the link (PUBLIC_URL unset on a non-local host): better no mail than a link an attacker chose
    deps.log?.warn({ userId: account.id }, 'password reset e-mail not sent: set PUBLIC_URL so links point at this site');
    return;
  }
  await sendResetEmail(deps, origin, account);
}

/** Forgotten-password requests still being decided, per app (found by its database handle), so closing waits for them. */
const pending = new WeakMap<Db, Set<Promise<void>>>();

/** Starts a forgotten-password request after the answer has gone out; a failure is logged, never answered. */
export function startPasswordResetRequest(deps: ResetDeps, origin: string | null, email: string, ip: string): void {
  const set = pending.get(deps.db) ?? new Set<Promise<void>>();
  pending.set(deps.db, set);
  const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => requestPasswordReset(deps, origin, email, ip))
    .catch((err: unknown) => deps.log?.error?.({ err }, 'password reset request failed'))
    .finally(() => set.delete(job));
  set.add(job);
}

/** Waits for every forgotten-password request started so far (closing the app, and tests). */
export async function passwordResetRequestsSettled(db: Db): Promise<void> {
  const set = pending.get(db);
  while (set?.size) await Promise.allSettled([...set]);
}

/** Setting a password with a link is limited per client IP: the token is unguessable, but hashing costs. */
export async function admitResetSubmit(db: Db, ip: string, now: Date): Promise<void> {
  const { submitPerIp: max, windowMs } = RESET_LIMITS;
  const admission = await admitAttempt(db, [{ key: `reset-submit-ip:${ip}`, max, windowMs }], now);
  if (!admission.admitted) throw new AppError('rate_limited', RESET_THROTTLED, { headers: { 'Retry-After': String(admission.retryAfter) } });
}

/**
 * Sets the password of the account a link was made for, if the link is authentic, unexpired, for the address the
 * account still has, and the account's password is still the one the link was bound to (so a link works once,
 * and no longer once the password changed any other way). The change is made only if the password is still that
 * one when it is written, so two uses of one link at once cannot both succeed. Every session of the account ends
 * and its push subscriptions go (whoever held them may be why the password was reset); the address is marked
 * verified, since the link was opened from it; the failed sign-ins counted against the account are forgotten;
 * the owner is told by e-mail.
 */
export async function resetPassword(deps: ResetDeps, token: string, newPassword: string): Promise<{ userId: string; kind: ResetLinkKind }> {
  const { db, config } = deps;
  const now = deps.now();
  const parsed = payloadSchema.safeParse(readToken(config.sessionSecret, PURPOSE, token));
  if (!parsed.success || parsed.data.x <= now.getTime()) throw new AppError('bad_request', INVALID_LINK);
  const { u: userId, e: address, p: stamp, k: kind } = parsed.data;
  const [account] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, password: users.password })
    .from(users)
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${address}`, usable))
    .limit(1);
  if (!account || !sameStamp(passwordStamp(config, account.password), stamp)) throw new AppError('bad_request', INVALID_LINK);
  const hash = await hashPassword(newPassword);
  const changed = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ password: hash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(
        and(
          eq(users.id, userId),
          // still the address the link was sent to, and still the password it was bound to, when it is written
          sql`lower(${users.email}) = ${address}`,
          account.password === null ? isNull(users.password) : eq(users.password, account.password),
          usable,
        ),
      )
      .returning({ id: users.id });
    if (!updated) return false;
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    // the member's own act: recorded without anything personal (no address, no token), only what the link was for
    await recordAudit(tx, {
      actorId: userId,
      action: kind === 'invite' ? 'user.invitation_accepted' : 'user.password_reset',
      entityType: 'user',
      entityId: userId,
      at: now,
    });
    return true;
  });
  if (!changed) throw new AppError('bad_request', INVALID_LINK);
  forgetUser(db, userId);
  await clearKey(db, `account:user:${userId}`);
  await sendPasswordChangedNotice(deps, account, kind);
  return { userId, kind };
}

async function sendPasswordChangedNotice(deps: ResetDeps, account: Account, kind: ResetLinkKind): Promise<void> {
  const { brandName, supportEmail } = deps.config;
  const what = kind === 'invite' ? `A password was set for your ${brandName} account` : `The password of your ${brandName} account was changed`;
  await deps.mailer.send({
    to: account.email,
    subject: `Your ${brandName} password was ${kind === 'invite' ? 'set' : 'changed'}`,
    text: `Dear ${account.firstName},\n\n${what} with a link sent to this address, and every device signed in to it was signed out. If this was you, there is nothing more to do. If this was not you, please reset your password at once from the sign-in page ("Forgot password?") and tell us at ${supportEmail}.\n\nKind regards,\nThe ${brandName} membership team`,
  });
}

export const RESET_NOT_ALLOWED = 'You cannot send a password reset link to this account.';
export const ADMIN_RESET_THROTTLED = 'Too many password reset links were sent to this member recently. Please try again later.';
export const NO_LINK_ORIGIN = 'E-mail links cannot be sent until the site address (PUBLIC_URL) is set.';

/**
 * An administrator sends a member the same link a forgotten-password request would (the administrator never
 * sees or sets the password). Who may act on whom is the user policy's decision; the link counts against the
 * member's own limit, so requests from both sides together cannot flood their inbox. Audited.
 */
export async function sendPasswordResetAsAdmin(deps: ResetDeps, actor: Actor, targetId: string, origin: string | null): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const [target] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, targetId), isNull(users.removedAt)))
    .limit(1);
  if (!target) throw new AppError('not_found', 'User not found.');
  if (!userAbilities(actor, target).sendPasswordReset) throw new AppError('forbidden', RESET_NOT_ALLOWED);
  if (!origin) throw new AppError('unavailable', NO_LINK_ORIGIN);
  const { perAccount, windowMs } = RESET_LIMITS;
  const admission = await admitAttempt(db, [{ key: `reset-user:${target.id}`, max: perAccount, windowMs }], now);
  if (!admission.admitted) throw new AppError('rate_limited', ADMIN_RESET_THROTTLED, { headers: { 'Retry-After': String(admission.retryAfter) } });
  await recordAudit(db, { actorId: actor.id, action: 'user.password_reset_sent', entityType: 'user', entityId: target.id, at: now });
  await sendResetEmail(deps, origin, target, 'administrator');
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { readToken, signToken } from '../lib/signed-token.ts';
import type { Mailer } from '../plugins/mailer.ts';
import { forgetUser } from '../plugins/session.ts';
import { admitAttempt } from './rate-limit.ts';

const PURPOSE = 'verify-email';
const INVALID_LINK = 'This verification link is invalid or has expired. Please request a new one from your application status page.';

/** What a verification link vouches for: this account, at this e-mail address, until this moment. */
const payloadSchema = z.object({ u: z.uuid(), e: z.string().min(3), x: z.number().int() });

export interface VerificationDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  /** Where a mail that cannot be sent safely is reported. */
  log?: { warn: (obj: object, msg: string) => void };
}

/** The first sentence of the verification e-mail, by why it was sent. */
const VERIFICATION_OPENING = {
  applied: (brand: string) => `Thank you for applying to ${brand}.`,
  changed: (brand: string) => `You changed the e-mail address of your ${brand} account to this one.`,
  corrected: (brand: string) => `An administrator changed the e-mail address of your ${brand} account to this one.`,
};

interface Recipient {
  id: string;
  email: string;
  firstName: string;
}

/** The link of the verification e-mail: the web page /verify-email, which posts the token back (a GET changes nothing). */
export function verificationLink(config: Config, origin: string, user: Recipient, now: Date): string {
  const token = signToken(config.sessionSecret, PURPOSE, { u: user.id, e: user.email.toLowerCase(), x: now.getTime() + config.verification.ttlMs });
  return `${origin}/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * Sends the verification e-mail (the mailer never throws: a failure is logged and kept in the outbox): after an
 * application, after a member changed their address in Profile Settings (`reason: 'changed'`), or after an
 * administrator corrected it in User Management (`reason: 'corrected'`).
 */
export async function sendVerificationEmail(
  deps: VerificationDeps,
  origin: string | null,
  user: Recipient,
  reason: 'applied' | 'changed' | 'corrected' = 'applied',
): Promise<void> {
  const { brandName, supportEmail } = deps.config;
  if (!origin) {
    // no trustworthy address for the link (PUBLIC_URL unset on a non-local host): better no mail than a link an attacker chose
    deps.log?.warn({ userId: user.id }, 'verification e-mail not sent: set PUBLIC_URL so links point at this site');
    return;
  }
  const hours = Math.round(deps.config.verification.ttlMs / 3_600_000);
  await deps.mailer.send({
    to: user.email,
    subject: `Please confirm your e-mail address for ${brandName}`,
    text: `Dear ${user.firstName},\n\n${VERIFICATION_OPENING[reason](brandName)} Please confirm that this is your e-mail address by opening the link below and pressing "Confirm my email address":\n\n${verificationLink(deps.config, origin, user, deps.now())}\n\nThe link works for ${hours} hours. If you did not ${reason === 'applied' ? 'apply' : reason === 'changed' ? 'make this change' : 'expect this change'}, you can ignore this message, or tell us at ${supportEmail}.\n\nKind regards,\nThe ${brandName} membership team`,
  });
}

/**
 * Marks the account's e-mail address verified if the token is authentic, unexpired, and the account still has
 * the address the token was made for (a link sent to an old address proves nothing about a new one).
 * Confirming twice is harmless: the first moment is kept.
 */
export async function confirmEmail(db: Db, config: Config, token: string, now: Date): Promise<string> {
  const parsed = payloadSchema.safeParse(readToken(config.sessionSecret, PURPOSE, token));
  if (!parsed.success || parsed.data.x <= now.getTime()) throw new AppError('bad_request', INVALID_LINK);
  const { u: userId, e: email } = parsed.data;
  const sameAddress = and(eq(users.id, userId), sql`lower(${users.email}) = ${email}`);
  const [updated] = await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(sameAddress, isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (updated) {
    forgetUser(db, updated.id);
    return updated.id;
  }
  const [already] = await db.select({ id: users.id }).from(users).where(sameAddress).limit(1);
  if (!already) throw new AppError('bad_request', INVALID_LINK);
  return already.id;
}

/** Resends are limited per account and per client IP, so the mailer cannot be turned on someone's inbox. */
export async function admitResend(db: Db, config: Config, userId: string, ip: string, now: Date): Promise<void> {
  const { resendMax: max, resendWindowMs: windowMs } = config.verification;
  const admission = await admitAttempt(
    db,
    [
      { key: `verify-resend-user:${userId}`, max, windowMs },
      { key: `verify-resend-ip:${ip}`, max, windowMs },
    ],
    now,
  );
  if (!admission.admitted) {
    throw new AppError('rate_limited', 'Too many verification e-mails requested. Please try again later.', { headers: { 'Retry-After': String(admission.retryAfter) } });
  }
}

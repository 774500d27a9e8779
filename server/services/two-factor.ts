import { createHash, createHmac, randomInt } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../../common/errors.ts';
import { RECOVERY_CODE_COUNT, type TwoFactorSetupResult, type TwoFactorStatus } from '../../common/schemas/security.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { recoveryCodes, signInChallenges, users, userTotp } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { keyFor, openSecret, sealSecret } from '../lib/secret-box.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { Mailer } from '../plugins/mailer.ts';
import type { SessionSecurity } from '../plugins/session-cache.ts';
import { AUTH_CHANGES_CHANNEL, forgetUser, type UserRow } from '../plugins/session.ts';
import { iso } from '../presenters/wire.ts';
import { adminTwoFactorRequiredSql, mustKeepSecondFactor, twoFactorEnabledSql } from '../policies/two-factor.ts';
import { admitSignIn, signInSucceeded, throttleAccount } from './login-throttle.ts';
import { admitAttempt, clearKey, forgetAttempt, type Limit } from './rate-limit.ts';
import { sendSecurityNotice } from './security-notices.ts';

export interface TwoFactorDeps {
  db: Db;
  config: Config;
  now: () => Date;
  /** Tells the owner after repeated wrong codes; without it (set-up steps) nobody is mailed. */
  mailer?: Mailer;
}

/** What the stored secret is sealed for (its own key, derived from SESSION_SECRET). */
const SECRET_PURPOSE = 'totp-secret';
const STEP_MS = 30_000;
/** How long the second step of a sign-in may take. */
export const CHALLENGE_MS = 5 * 60_000;

export const WRONG_PASSWORD = 'Your password is incorrect.';
export const WRONG_CODE = 'That code is not correct. Check the time on your phone and enter the newest code.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not correct or has already been used.';
export const CODES_THROTTLED = 'Too many incorrect codes. Please try again later.';
export const NO_PASSWORD_FOR_2FA = 'Your account signs in with Google or Apple and has no password, so two-factor sign-in cannot be set up.';
export const ALREADY_ON = 'Two-factor sign-in is already on for your account.';
export const NOT_ON = 'Two-factor sign-in is not on for your account.';
export const SETUP_MISSING = 'Please start the set-up again: scan the new QR code, then enter the code it shows.';
export const CHALLENGE_SPENT = 'Too many incorrect codes for this sign-in. Please enter your username and password again.';
export const CODES_STOPPED =
  'Too many incorrect codes have been entered for your account, so codes from the app are no longer accepted. Sign in with one of your recovery codes, or contact support.';
export const REQUIRED_FOR_ADMINS = 'Two-factor sign-in is required for administrator accounts, so it cannot be turned off.';

/** Attempt keys of the second step: wrong codes are counted per account and per address, apart from passwords. */
const codeAccountKey = (userId: string) => `2fa-account:${userId}`;
const codeIpKey = (ip: string) => `2fa-ip:${ip}`;

/** Wrong codes one sign-in challenge takes; then the password must be entered again (a fresh challenge). */
export const CODES_PER_CHALLENGE = 5;
/** Wrong codes in a row after which the owner is e-mailed: whoever enters them knows the password. */
export const CODE_FAILURES_NOTICE = 5;
/** Wrong codes in a row after which only a recovery code is accepted (a long-horizon stop for a patient guesser). */
export const CODE_FAILURES_STOP = 100;

/**
 * An authenticator on the app's clock. The current step and the one before are accepted (a code typed just as
 * it turns over), not the next: each code lives 30 to 60 seconds, not 90.
 */
const otp = (now: Date) => authenticator.clone({ epoch: now.getTime(), window: [1, 0] });

/** The 30-second step a code belongs to when it is current for this secret, else null. */
function codeStep(secret: string, code: string, now: Date): number | null {
  const delta = otp(now).checkDelta(code, secret);
  return delta === null ? null : Math.floor(now.getTime() / STEP_MS) + delta;
}

/** What a recovery code's keyed hash is made with (its own key, derived from SESSION_SECRET). */
const RECOVERY_PURPOSE = 'recovery-code';

/** A recovery code as stored: HMAC-SHA256 under a key a database copy alone does not hold, so the codes cannot be enumerated from a dump. */
const hashRecoveryCode = (secret: string, normalised: string) => createHmac('sha256', keyFor(secret, RECOVERY_PURPOSE)).update(normalised).digest('hex');
/** The unkeyed form codes made before were stored in; such a code still works until it is used or the codes are replaced. */
const legacyRecoveryHash = (normalised: string) => createHash('sha256').update(`recovery:${normalised}`).digest('hex');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new codes of ten characters (about 49 bits each), shown as "abcde-fghij". */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Tells every instance that this user's second factor changed (the session lookups read it). */
async function announce(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_notify(${AUTH_CHANGES_CHANNEL}, ${`u:${userId}`})`);
}

/** The user's second factor and whether the organisation requires it of admins, as the session lookup reads them. */
export async function readSecurity(db: Db, userId: string): Promise<SessionSecurity> {
  const [row] = rowsOf<{ enabled: boolean; required: boolean }>(
    await db.execute(sql`select
      ${twoFactorEnabledSql(userId)} as enabled,
      ${adminTwoFactorRequiredSql()} as required`),
  );
  return { twoFactorEnabled: !!row?.enabled, adminTwoFactorRequired: !!row?.required };
}

/** The rows of a raw query, whichever driver answered it. */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

/**
 * Checks the owner's password under the sign-in limits of the same account (counted before it is checked, as a
 * password change does), so a stolen session cannot be used to guess it.
 */
export async function checkPassword(deps: TwoFactorDeps, user: UserRow, ip: string, password: string) {
  if (!user.password) throw new AppError('bad_request', NO_PASSWORD_FOR_2FA);
  const account = throttleAccount('', user);
  const admission = await admitSignIn(deps.db, account, ip, deps.config.login, deps.now());
  if (!admission.admitted)
    throw new AppError('rate_limited', 'Too many failed attempts. Please try again later.', { headers: { 'Retry-After': String(admission.retryAfter) } });
  if (!(await verifyPassword(user.password, password))) {
    throw new AppError('validation_failed', WRONG_PASSWORD, { issues: [{ path: 'password', message: WRONG_PASSWORD }] });
  }
  await signInSucceeded(deps.db, account, admission.ids);
}

async function totpRow(db: Db, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

/**
 * Proves the second factor: a current code from the app or one unused recovery code. Attempts are counted before
 * anything is checked (a wrong one stays counted):
 * - during a sign-in, per challenge (CODES_PER_CHALLENGE, then the password is owed again) and per address, so
 *   someone else's guesses never lock the owner out of their own fresh sign-in;
 * - signed in (turning it off, new recovery codes, confirming identity), per account and per address in the
 *   sign-in window (over the limit answers 429 with Retry-After);
 * - always, wrong codes in a row per account: the owner is e-mailed at CODE_FAILURES_NOTICE, and from
 *   CODE_FAILURES_STOP on only a recovery code is accepted; any accepted factor starts the count again.
 * A code is accepted once: its step must be newer than the last one accepted, decided in the same statement that
 * records it; a recovery code is marked used in the statement that accepts it.
 */
export async function proveSecondFactor(deps: TwoFactorDeps, userId: string, ip: string, factor: SecondFactor, opts: { enabled?: boolean; challengeId?: string } = {}) {
  const { db, config } = deps;
  const enabled = opts.enabled ?? true;
  const now = deps.now();
  const limits: Limit[] = [{ key: codeIpKey(ip), max: config.login.maxPerIp, windowMs: config.login.windowMs }];
  if (!opts.challengeId) limits.push({ key: codeAccountKey(userId), max: config.login.maxPerAccount, windowMs: config.login.windowMs });
  const admission = await admitAttempt(db, limits, now);
  if (!admission.admitted) throw new AppError('rate_limited', CODES_THROTTLED, { headers: { 'Retry-After': String(admission.retryAfter) } });
  if (opts.challengeId) {
    const counted = await db
      .update(signInChallenges)
      .set({ failedCodes: sql`${signInChallenges.failedCodes} + 1` })
      .where(and(eq(signInChallenges.id, opts.challengeId), lt(signInChallenges.failedCodes, CODES_PER_CHALLENGE)))
      .returning({ id: signInChallenges.id });
    if (counted.length === 0) {
      await closeChallenge(db, opts.challengeId);
      throw new AppError('unauthorized', CHALLENGE_SPENT);
    }
  }

  let accepted = false;
  let step: number | null = null;
  if (factor.code) {
    const row = await totpRow(db, userId);
    if (row && enabled && row.enabledAt && row.failedCodes >= CODE_FAILURES_STOP) {
      throw new AppError('validation_failed', CODES_STOPPED, { issues: [{ path: 'code', message: CODES_STOPPED }] });
    }
    if (row && !!row.enabledAt === enabled) {
      step = codeStep(openSecret(config.sessionSecret, SECRET_PURPOSE, row.secret), factor.code, now);
      if (step !== null && enabled) {
        const used = await db
          .update(userTotp)
          .set({ lastUsedStep: step, failedCodes: 0 })
          .where(and(eq(userTotp.userId, userId), sql`${userTotp.enabledAt} is not null`, or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
          .returning({ userId: userTotp.userId });
        accepted = used.length === 1;
      } else accepted = step !== null;
    }
  } else if (factor.recoveryCode && enabled) {
    const hashes = [hashRecoveryCode(config.sessionSecret, factor.recoveryCode), legacyRecoveryHash(factor.recoveryCode)];
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, userId), inArray(recoveryCodes.codeHash, hashes), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    accepted = used.length === 1;
    if (accepted) await db.update(userTotp).set({ failedCodes: 0 }).where(eq(userTotp.userId, userId));
  }
  if (!accepted) {
    if (enabled) await countFailure(deps, userId);
    const path = factor.code ? 'code' : 'recoveryCode';
    const message = factor.code ? WRONG_CODE : WRONG_RECOVERY_CODE;
    throw new AppError('validation_failed', message, { issues: [{ path, message }] });
  }
  await forgetAttempt(db, admission.ids);
  if (!opts.challengeId) await clearKey(db, codeAccountKey(userId));
  return { step };
}

/** One more wrong code in a row for the account; the owner hears of it once the count reaches CODE_FAILURES_NOTICE (once per run). */
async function countFailure(deps: TwoFactorDeps, userId: string) {
  const [row] = await deps.db
    .update(userTotp)
    .set({ failedCodes: sql`${userTotp.failedCodes} + 1` })
    .where(and(eq(userTotp.userId, userId), sql`${userTotp.enabledAt} is not null`))
    .returning({ failedCodes: userTotp.failedCodes });
  if (row?.failedCodes !== CODE_FAILURES_NOTICE || !deps.mailer) return;
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (user) await sendSecurityNotice({ db: deps.db, config: deps.config, mailer: deps.mailer }, user, { kind: 'two-factor-failures', failures: row.failedCodes });
}

/** Whether it is on, since when, and how many unused recovery codes are left. */
export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const row = await totpRow(db, userId);
  const enabled = !!row?.enabledAt;
  const [left] = enabled
    ? await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    : [{ n: 0 }];
  return { enabled, enabledAt: enabled ? iso(row!.enabledAt) : null, recoveryCodesLeft: left?.n ?? 0 };
}

/**
 * Starts the set-up (the password proves the owner is at the keyboard): a new secret, sealed, kept until the
 * first code turns it on; answers the QR code and the key for typing in. Starting again replaces a set-up not
 * yet finished; an account that already has it on must turn it off first.
 */
export async function startSetup(deps: TwoFactorDeps, user: UserRow, ip: string, password: string): Promise<TwoFactorSetupResult> {
  const { db, config } = deps;
  await checkPassword(deps, user, ip, password);
  const secret = authenticator.generateSecret(20);
  const sealed = sealSecret(config.sessionSecret, SECRET_PURPOSE, secret);
  const saved = await db
    .insert(userTotp)
    .values({ userId: user.id, secret: sealed, createdAt: deps.now() })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret: sealed, lastUsedStep: null, createdAt: deps.now() }, setWhere: isNull(userTotp.enabledAt) })
    .returning({ userId: userTotp.userId });
  if (saved.length === 0) throw new AppError('conflict', ALREADY_ON);
  const uri = authenticator.keyuri(user.email, config.brandName, secret);
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, manualKey: secret.match(/.{1,4}/g)!.join(' ') };
}

/** Replaces every recovery code of the user with ten new ones (inside the caller's transaction); answers them once. */
async function replaceRecoveryCodes(tx: Tx, secret: string, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(secret, c.replace('-', '')), createdAt: now })));
  return codes;
}

/** The first valid code turns two-factor sign-in on; answers the ten recovery codes, shown this once. */
export async function enableTwoFactor(deps: TwoFactorDeps, user: UserRow, ip: string, code: string): Promise<string[]> {
  const { db } = deps;
  const row = await totpRow(db, user.id);
  if (row?.enabledAt) throw new AppError('conflict', ALREADY_ON);
  if (!row) throw new AppError('conflict', SETUP_MISSING);
  const { step } = await proveSecondFactor(deps, user.id, ip, { code }, { enabled: false });
  const now = deps.now();
  const codes = await db.transaction(async (tx) => {
    const on = await tx
      .update(userTotp)
      .set({ enabledAt: now, lastUsedStep: step })
      .where(and(eq(userTotp.userId, user.id), isNull(userTotp.enabledAt), eq(userTotp.secret, row.secret)))
      .returning({ userId: userTotp.userId });
    if (on.length === 0) throw new AppError('conflict', SETUP_MISSING);
    await announce(tx, user.id);
    return replaceRecoveryCodes(tx, deps.config.sessionSecret, user.id, now);
  });
  forgetUser(db, user.id);
  return codes;
}

/** Turns it off: the password AND a current code or a recovery code; the owner is e-mailed. Refused for an admin while the organisation requires it. */
export async function disableTwoFactor(deps: TwoFactorDeps, user: UserRow, ip: string, input: SecondFactor & { password: string }, security: SessionSecurity) {
  const { db } = deps;
  const row = await totpRow(db, user.id);
  if (!row?.enabledAt) throw new AppError('conflict', NOT_ON);
  if (mustKeepSecondFactor(user, security)) throw new AppError('conflict', REQUIRED_FOR_ADMINS);
  await checkPassword(deps, user, ip, input.password);
  await proveSecondFactor(deps, user.id, ip, input);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await announce(tx, user.id);
  });
  forgetUser(db, user.id);
  if (deps.mailer) await sendSecurityNotice({ db, config: deps.config, mailer: deps.mailer }, user, { kind: 'two-factor-off' });
}

/** New recovery codes for the password and a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(deps: TwoFactorDeps, user: UserRow, ip: string, input: { password: string; code: string }): Promise<string[]> {
  const { db } = deps;
  const row = await totpRow(db, user.id);
  if (!row?.enabledAt) throw new AppError('conflict', NOT_ON);
  await checkPassword(deps, user, ip, input.password);
  await proveSecondFactor(deps, user.id, ip, { code: input.code });
  return db.transaction((tx) => replaceRecoveryCodes(tx, deps.config.sessionSecret, user.id, deps.now()));
}

/** A pending second step: the browser keeps the token, the table its SHA-256; it lasts five minutes. Answers the token. */
export async function openChallenge(db: Db, userId: string, now: Date, ip: string, userAgent: string | undefined): Promise<string> {
  const token = newToken();
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
  await db.insert(signInChallenges).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    ip,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The user a challenge token is for, while it has not expired and the account is active. */
export async function findChallenge(db: Db, token: string, now: Date): Promise<{ id: string; user: UserRow } | undefined> {
  const [row] = await db
    .select({ id: signInChallenges.id, user: users })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(and(eq(signInChallenges.id, hashToken(token)), gt(signInChallenges.expiresAt, now)));
  return row && row.user.isActive ? row : undefined;
}

/** Uses a challenge up (once: a second request with the same token finds nothing). */
export async function closeChallenge(db: Db, id: string): Promise<boolean> {
  const gone = await db.delete(signInChallenges).where(eq(signInChallenges.id, id)).returning({ id: signInChallenges.id });
  return gone.length === 1;
}

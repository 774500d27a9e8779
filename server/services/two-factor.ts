import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../../common/errors.ts';
import { RECOVERY_CODE_COUNT, type TwoFactorSetupResult, type TwoFactorStatus } from '../../common/schemas/security.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { appSettings, recoveryCodes, signInChallenges, users, userTotp } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { openSecret, sealSecret } from '../lib/secret-box.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import type { SessionSecurity } from '../plugins/session-cache.ts';
import { AUTH_CHANGES_CHANNEL, forgetUser, REQUIRE_ADMIN_2FA, type UserRow } from '../plugins/session.ts';
import { iso } from '../presenters/wire.ts';
import { isAdmin } from '../policies/roles.ts';
import { admitSignIn, signInSucceeded, throttleAccount } from './login-throttle.ts';
import { admitAttempt, clearKey, forgetAttempt } from './rate-limit.ts';

export interface TwoFactorDeps {
  db: Db;
  config: Config;
  now: () => Date;
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
export const REQUIRED_FOR_ADMINS = 'Two-factor sign-in is required for administrator accounts, so it cannot be turned off.';

/** Attempt keys of the second step: wrong codes are counted per account and per address, apart from passwords. */
const codeAccountKey = (userId: string) => `2fa-account:${userId}`;
const codeIpKey = (ip: string) => `2fa-ip:${ip}`;

/** An authenticator on the app's clock; one step either side is accepted for phones whose clock drifts. */
const otp = (now: Date) => authenticator.clone({ epoch: now.getTime(), window: 1 });

/** The 30-second step a code belongs to when it is current for this secret, else null. */
function codeStep(secret: string, code: string, now: Date): number | null {
  const delta = otp(now).checkDelta(code, secret);
  return delta === null ? null : Math.floor(now.getTime() / STEP_MS) + delta;
}

const hashRecoveryCode = (normalised: string) => createHash('sha256').update(`recovery:${normalised}`).digest('hex');
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
      exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.enabledAt} is not null) as enabled,
      coalesce((select ${appSettings.value} = 'true'::jsonb from ${appSettings} where ${appSettings.key} = ${REQUIRE_ADMIN_2FA}), false) as required`),
  );
  return { twoFactorEnabled: !!row?.enabled, adminTwoFactorRequired: !!row?.required };
}

/** The rows of a raw query, whichever driver answered it. */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

/**
 * Checks the owner's password under the sign-in limits of the same account (counted before it is checked, as a
 * password change does), so a stolen session cannot be used to guess it.
 */
async function checkPassword(deps: TwoFactorDeps, user: UserRow, ip: string, password: string) {
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
 * Proves the second factor: a current code from the app or one unused recovery code. Attempts are counted per
 * account and per address before anything is checked (a wrong one stays counted; over the limit answers 429 with
 * Retry-After). A code is accepted once: its step must be newer than the last one accepted, decided in the same
 * statement that records it; a recovery code is marked used in the statement that accepts it.
 */
export async function proveSecondFactor(deps: TwoFactorDeps, userId: string, ip: string, factor: SecondFactor, opts: { enabled: boolean } = { enabled: true }) {
  const { db, config } = deps;
  const now = deps.now();
  const admission = await admitAttempt(
    db,
    [
      { key: codeAccountKey(userId), max: config.login.maxPerAccount, windowMs: config.login.windowMs },
      { key: codeIpKey(ip), max: config.login.maxPerIp, windowMs: config.login.windowMs },
    ],
    now,
  );
  if (!admission.admitted) throw new AppError('rate_limited', CODES_THROTTLED, { headers: { 'Retry-After': String(admission.retryAfter) } });

  let accepted = false;
  let step: number | null = null;
  if (factor.code) {
    const row = await totpRow(db, userId);
    if (row && !!row.enabledAt === opts.enabled) {
      step = codeStep(openSecret(config.sessionSecret, SECRET_PURPOSE, row.secret), factor.code, now);
      if (step !== null && opts.enabled) {
        const used = await db
          .update(userTotp)
          .set({ lastUsedStep: step })
          .where(and(eq(userTotp.userId, userId), sql`${userTotp.enabledAt} is not null`, or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
          .returning({ userId: userTotp.userId });
        accepted = used.length === 1;
      } else accepted = step !== null;
    }
  } else if (factor.recoveryCode && opts.enabled) {
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(factor.recoveryCode)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    accepted = used.length === 1;
  }
  if (!accepted) {
    const path = factor.code ? 'code' : 'recoveryCode';
    const message = factor.code ? WRONG_CODE : WRONG_RECOVERY_CODE;
    throw new AppError('validation_failed', message, { issues: [{ path, message }] });
  }
  await forgetAttempt(db, admission.ids);
  await clearKey(db, codeAccountKey(userId));
  return { step };
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
async function replaceRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c.replace('-', '')), createdAt: now })));
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
    return replaceRecoveryCodes(tx, user.id, now);
  });
  forgetUser(db, user.id);
  return codes;
}

/** Turns it off: the password AND a current code or a recovery code. Refused for an admin while the organisation requires it. */
export async function disableTwoFactor(deps: TwoFactorDeps, user: UserRow, ip: string, input: SecondFactor & { password: string }, security: SessionSecurity) {
  const { db } = deps;
  const row = await totpRow(db, user.id);
  if (!row?.enabledAt) throw new AppError('conflict', NOT_ON);
  if (isAdmin(user) && security.adminTwoFactorRequired) throw new AppError('conflict', REQUIRED_FOR_ADMINS);
  await checkPassword(deps, user, ip, input.password);
  await proveSecondFactor(deps, user.id, ip, input);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await announce(tx, user.id);
  });
  forgetUser(db, user.id);
}

/** New recovery codes for the password and a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(deps: TwoFactorDeps, user: UserRow, ip: string, input: { password: string; code: string }): Promise<string[]> {
  const { db } = deps;
  const row = await totpRow(db, user.id);
  if (!row?.enabledAt) throw new AppError('conflict', NOT_ON);
  await checkPassword(deps, user, ip, input.password);
  await proveSecondFactor(deps, user.id, ip, { code: input.code });
  return db.transaction((tx) => replaceRecoveryCodes(tx, user.id, deps.now()));
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

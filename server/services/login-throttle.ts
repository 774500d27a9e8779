import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';
import { admitAttempt, clearKey, forgetAttempt, type Admission } from './rate-limit.ts';

export interface ThrottleLimits {
  maxPerAccount: number;
  maxPerIp: number;
  windowMs: number;
}

/**
 * The account a sign-in attempt aims at: the user's id when the login names an account (so its username and
 * e-mail address count together), else the login as typed, normalised as the lookup does.
 */
export function throttleAccount(login: string, user: { id: string } | undefined): string {
  return user ? `user:${user.id}` : `login:${login.trim().toLowerCase()}`;
}

const accountKey = (account: string) => `account:${account}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Sign-in attempts counted per account and per IP over a sliding window, recorded before the password is
 * checked: parallel guesses cannot all read the same old count, so no more than the limit are ever evaluated.
 * An attempt that fails stays counted as a failure.
 */
export function admitSignIn(db: Db, account: string, ip: string, limits: ThrottleLimits, now: Date): Promise<Admission> {
  return admitAttempt(
    db,
    [
      { key: accountKey(account), max: limits.maxPerAccount, windowMs: limits.windowMs },
      { key: ipKey(ip), max: limits.maxPerIp, windowMs: limits.windowMs },
    ],
    now,
  );
}

/** A successful sign-in clears that account's failures and does not count against its IP (earlier failures stay). */
export async function signInSucceeded(db: Db, account: string, attemptIds: string[]): Promise<void> {
  await forgetAttempt(db, attemptIds);
  await clearKey(db, accountKey(account));
}

export async function purgeOldFailures(db: Db, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}

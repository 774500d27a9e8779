import { and, count, eq, gte, min, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema/index.ts';

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
 * Failed sign-ins counted in the database per account and per IP over a sliding window, so every server
 * instance sees the same counts. Answers how many seconds to wait when a limit is reached.
 */
export async function loginBlockedFor(db: Db, account: string, ip: string, limits: ThrottleLimits, now: Date): Promise<number> {
  const since = new Date(now.getTime() - limits.windowMs);
  const checks: Array<[string, number]> = [[accountKey(account), limits.maxPerAccount], [ipKey(ip), limits.maxPerIp]];
  let wait = 0;
  for (const [key, max] of checks) {
    const [row] = await db
      .select({ n: count(), oldest: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gte(loginFailures.at, since)));
    if (row && row.n >= max && row.oldest) {
      const until = new Date(row.oldest).getTime() + limits.windowMs;
      wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000));
    }
  }
  return wait;
}

export async function recordLoginFailure(db: Db, account: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values([
    { key: accountKey(account), at: now },
    { key: ipKey(ip), at: now },
  ]);
}

/** A successful sign-in clears that account's failures (the IP's stay counted). */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, accountKey(account)));
}

export async function purgeOldFailures(db: Db, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}

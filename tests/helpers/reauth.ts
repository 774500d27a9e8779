import { eq } from 'drizzle-orm';
import type { App } from '../../server/app.ts';
import type { Db } from '../../server/db/client.ts';
import { DEFAULT_PASSWORD } from '../../server/db/factories/members.ts';
import { sessions } from '../../server/db/schema/index.ts';
import { hashToken } from '../../server/lib/tokens.ts';

/** Confirms the identity of the session behind `cookie` with its password, as the "Confirm it's you" dialog does. */
export async function confirmIdentity(app: App, cookie: string, password = DEFAULT_PASSWORD): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/confirm-identity', headers: { cookie }, payload: { password } });
  if (res.statusCode !== 200) throw new Error(`identity confirmation failed: ${res.statusCode} ${res.body}`);
}

/**
 * Marks the session behind `cookie` as confirmed at `at`, as a fresh Google or Apple sign-in would (for accounts
 * without a password; the provider round trip itself is tested in oauth-linking.test.ts).
 */
export async function markConfirmed(ctx: { db: Db; clock: { now: () => Date } }, cookie: string, at = ctx.clock.now()): Promise<void> {
  const token = cookie.replace(/^cp_session=/, '');
  await ctx.db
    .update(sessions)
    .set({ identityConfirmedAt: at })
    .where(eq(sessions.id, hashToken(token)));
}

import { and, eq } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { ConfirmIdentityInput } from '../../common/schemas/security.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { forgetSession, type UserRow } from '../plugins/session.ts';
import { checkPassword, proveSecondFactor, readSecurity } from './two-factor.ts';

/** How long a confirmation keeps sensitive changes open to the session that made it. */
export const REAUTH_WINDOW_MS = 5 * 60_000;

export const REAUTH_REQUIRED = "For your security, please confirm it's you before making this change.";
export const NO_CODE_FOR_ACCOUNT = 'Two-factor sign-in is not on for your account. Enter your password instead.';
export const CONFIRM_WITH_PROVIDER = 'Your account has no password. Confirm it is you by continuing with Google or Apple.';

export interface ReauthDeps {
  db: Db;
  config: Config;
  now: () => Date;
}

const required = () => new AppError('reauthentication_required', REAUTH_REQUIRED);

/**
 * Refuses unless this session proved its owner's identity within the last five minutes. The time is read from
 * the session row itself on every guarded act (never from the session cache), so a confirmation counts at once
 * on every instance, and only for the session that made it.
 */
export async function assertRecentlyConfirmed(deps: Pick<ReauthDeps, 'db' | 'now'>, sessionId: string | null): Promise<void> {
  if (!sessionId) throw required();
  const [row] = await deps.db.select({ at: sessions.identityConfirmedAt }).from(sessions).where(eq(sessions.id, sessionId));
  const age = row?.at ? deps.now().getTime() - row.at.getTime() : Infinity;
  if (!(age >= 0 && age < REAUTH_WINDOW_MS)) throw required();
}

/** Records that this session has just proved who is at the keyboard; answers until when that counts. */
export async function markIdentityConfirmed(deps: Pick<ReauthDeps, 'db' | 'now'>, userId: string, sessionId: string): Promise<Date> {
  const at = deps.now();
  await deps.db
    .update(sessions)
    .set({ identityConfirmedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  // the cached copy of this session would carry the old time: drop it so nothing reads a stale row
  forgetSession(deps.db, sessionId);
  return new Date(at.getTime() + REAUTH_WINDOW_MS);
}

/**
 * Confirms the identity of the signed-in owner with their password or a current authenticator code, counted like
 * sign-in guesses (a wrong one answers 400, too many 429), and records it on this session. A recovery code is not
 * accepted: it is the way back in when the phone is lost, not to be spent here. An account with neither a
 * password nor two-factor sign-in confirms through its Google or Apple account instead.
 */
export async function confirmIdentity(deps: ReauthDeps, user: UserRow, sessionId: string, ip: string, input: ConfirmIdentityInput): Promise<Date> {
  if (input.password !== undefined) {
    if (!user.password) throw new AppError('bad_request', CONFIRM_WITH_PROVIDER);
    await checkPassword(deps, user, ip, input.password);
  } else {
    if (!(await readSecurity(deps.db, user.id)).twoFactorEnabled) throw new AppError('bad_request', user.password ? NO_CODE_FOR_ACCOUNT : CONFIRM_WITH_PROVIDER);
    await proveSecondFactor(deps, user.id, ip, { code: input.code });
  }
  return markIdentityConfirmed(deps, user.id, sessionId);
}

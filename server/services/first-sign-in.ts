import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { forgetUser, type UserRow } from '../plugins/session.ts';

/**
 * Records the session in which an approved member first uses the product, the first time their account is read
 * as an approved member (a registration session that lives on past approval counts, as does any sign-in).
 * Only the first such session ever wins (the update is conditional), so two tabs cannot both claim it.
 * Answers the row as it now stands.
 */
export async function noteFirstSignIn(db: Db, user: UserRow, sessionId: string | null, now: Date): Promise<UserRow> {
  if (user.accountStatus !== 'approved' || user.firstSignedInAt || !sessionId) return user;
  const [updated] = await db
    .update(users)
    .set({ firstSignedInAt: now, firstSessionId: sessionId })
    .where(and(eq(users.id, user.id), isNull(users.firstSignedInAt)))
    .returning();
  if (updated) {
    forgetUser(db, user.id);
    return updated;
  }
  const [current] = await db.select().from(users).where(eq(users.id, user.id));
  return current ?? user;
}

/**
 * Whether this is the member's first sign-in: the session recorded as their first, or (before it is recorded, as in
 * the answer to the sign-in itself) no first session at all yet. Applicants are never greeted as members.
 */
export function isFirstSignIn(user: Pick<UserRow, 'accountStatus' | 'firstSignedInAt' | 'firstSessionId'>, sessionId: string | null): boolean {
  if (user.accountStatus !== 'approved') return false;
  if (!user.firstSignedInAt) return true;
  return !!sessionId && user.firstSessionId === sessionId;
}

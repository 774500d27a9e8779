import { createHmac } from 'node:crypto';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { ActiveSession } from '../../common/schemas/security.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { approximateIp, describeUserAgent } from '../lib/user-agent.ts';
import { forgetSession } from '../plugins/session.ts';
import { iso } from '../presenters/wire.ts';

export interface SessionListDeps {
  db: Db;
  config: Config;
  now: () => Date;
}

export const SESSION_NOT_FOUND = 'Session not found.';

/**
 * The id a session has in its owner's list: a keyed hash of the row's id (itself the token's SHA-256), so the
 * list never carries anything that could be turned back into a cookie or matched against the table.
 */
export function publicSessionId(secret: string, rowId: string): string {
  return createHmac('sha256', secret).update(`session:${rowId}`).digest('base64url').slice(0, 22);
}

/** The member's own sessions still in use (neither past their absolute expiry nor idle too long). */
async function liveSessions(deps: SessionListDeps, userId: string) {
  const now = deps.now();
  const idleSince = new Date(now.getTime() - deps.config.session.idleMs);
  return deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** The Active Sessions list: this device first, then the most recently seen. */
export async function listSessions(deps: SessionListDeps, userId: string, currentId: string | null): Promise<ActiveSession[]> {
  const rows = await liveSessions(deps, userId);
  const items = rows.map((s) => ({
    id: publicSessionId(deps.config.sessionSecret, s.id),
    ...describeUserAgent(s.userAgent),
    ip: approximateIp(s.ip),
    createdAt: iso(s.createdAt),
    lastSeenAt: iso(s.lastSeenAt),
    current: s.id === currentId,
  }));
  return [...items.filter((s) => s.current), ...items.filter((s) => !s.current)];
}

/**
 * Signs out one of the member's own sessions by its list id; another member's (or an unknown) id is not found.
 * The row goes, so the cookie is worthless on every instance at once. Answers whether it was this one.
 */
export async function revokeSession(deps: SessionListDeps, userId: string, currentId: string | null, publicId: string): Promise<{ current: boolean }> {
  const rows = await liveSessions(deps, userId);
  const target = rows.find((s) => publicSessionId(deps.config.sessionSecret, s.id) === publicId);
  if (!target) throw new AppError('not_found', SESSION_NOT_FOUND);
  await deps.db.delete(sessions).where(and(eq(sessions.id, target.id), eq(sessions.userId, userId)));
  forgetSession(deps.db, target.id);
  return { current: target.id === currentId };
}

/** Signs out every other session of the member; this one stays. Answers how many ended. */
export async function signOutOtherSessions(db: Db, userId: string, currentId: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  for (const { id } of gone) forgetSession(db, id);
  return gone.length;
}

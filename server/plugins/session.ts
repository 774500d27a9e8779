import { eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { isApiRequest } from '../lib/request-target.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { adminTwoFactorRequiredSql, mustSetUpSecondFactor, REQUIRE_ADMIN_2FA, twoFactorEnabledSql } from '../policies/two-factor.ts';
import { SessionCache, type SessionSecurity } from './session-cache.ts';

export const SESSION_COOKIE = 'cp_session';
/** lastSeenAt is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
    /** The signed-in user's second factor and whether the organisation requires it of them (read with the session). */
    security: SessionSecurity | null;
  }
}

export { REQUIRE_ADMIN_2FA };

/** Whether this user must turn on two-factor sign-in before anything else answers them (the policy's rule). */
export function twoFactorSetupRequired(user: Pick<UserRow, 'role'> | null, security: SessionSecurity | null): boolean {
  return mustSetUpSecondFactor(user, security);
}

export interface SessionDeps {
  db: Db;
  config: Config;
  now: () => Date;
}

/** The channel the `sessions` and `users` triggers announce changes on ('s:<session id>', 'u:<user id>'). */
export const AUTH_CHANGES_CHANNEL = 'auth_changes';

/** Each app's cache, found from its database handle by the services that end sessions. */
const caches = new WeakMap<Db, SessionCache>();

/** Methods whose requests may be answered from a cached session; every write checks the database. */
const CACHEABLE = new Set(['GET', 'HEAD']);

/**
 * Reads the session cookie on every request and attaches the signed-in user (or null). Reads reuse a lookup
 * for a few seconds (SESSION_CACHE_MS); every change to a session or user row is announced on
 * AUTH_CHANGES_CHANNEL by database triggers and drops the cached copy on every instance.
 */
export function registerSessions(app: FastifyInstance, deps: SessionDeps & { database: Pick<Database, 'listen'> }) {
  const { db, config, now, database } = deps;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('security', null);
  const cache = new SessionCache(config.session.cacheMs, () => now().getTime());
  caches.set(db, cache);
  let unlisten: (() => Promise<void>) | null = null;
  if (config.session.cacheMs > 0) {
    app.addHook('onReady', async () => {
      unlisten = await database.listen(AUTH_CHANGES_CHANNEL, {
        message: (payload) => cache.apply(payload),
        up: () => cache.resume(),
        down: () => {
          cache.suspend();
          app.log.warn('session cache suspended: the database notification channel was lost');
        },
      });
    });
    app.addHook('onClose', async () => {
      cache.suspend();
      await unlisten?.();
    });
  }

  const lookup = db
    .select({
      session: sessions,
      user: users,
      // the second factor is read with the session: the admin requirement is decided on every request without another round trip
      twoFactorEnabled: twoFactorEnabledSql(users.id).mapWith(Boolean),
      adminTwoFactorRequired: adminTwoFactorRequiredSql().mapWith(Boolean),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_lookup');

  app.addHook('onRequest', async (request) => {
    // keyed on the matched route, so a percent-encoded spelling ('/%61pi/…') of an API path gets its session too
    if (!isApiRequest(request)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const id = hashToken(token);
    const cacheable = CACHEABLE.has(request.method);
    let row = cacheable ? cache.get(id) : undefined;
    if (!row) {
      const ticket = cache.ticket();
      const [found] = await (cacheable ? cache.shared(id, () => lookup.execute({ id })) : lookup.execute({ id }));
      if (!found) return;
      const security = { twoFactorEnabled: !!found.twoFactorEnabled, adminTwoFactorRequired: !!found.adminTwoFactorRequired };
      row = { session: found.session, user: found.user, security, cachedAt: 0 };
      if (cacheable) cache.put(ticket, found.session, found.user, security);
    }
    const t = now().getTime();
    const { session, user } = row;
    const idleExpired = session.lastSeenAt.getTime() + config.session.idleMs <= t;
    if (idleExpired || session.expiresAt.getTime() <= t || !user.isActive) {
      cache.forgetSession(id);
      await db.delete(sessions).where(eq(sessions.id, id));
      return;
    }
    if (t - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const lastSeenAt = new Date(t);
      cache.touched(id, lastSeenAt);
      await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, id));
    }
    request.user = user;
    request.sessionId = id;
    request.security = row.security;
  });
}

/** Whether cookies must be Secure: the app is served over https (directly or behind a trusted proxy). */
export function isSecure(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || !!config.publicUrl?.startsWith('https://');
}

/** Starts a new session for the user (a fresh id every sign-in) and sets the cookie. */
export async function startSession(request: FastifyRequest, reply: FastifyReply, deps: SessionDeps, userId: string) {
  const { db, config, now } = deps;
  if (request.sessionId) {
    await db.delete(sessions).where(eq(sessions.id, request.sessionId));
    caches.get(db)?.forgetSession(request.sessionId);
  }
  const token = newToken();
  const created = now();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: created,
    lastSeenAt: created,
    expiresAt: new Date(created.getTime() + config.session.absoluteMs),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, config),
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

/** Ends the current session: the row is deleted, so the old cookie is worthless on every instance at once. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, deps: SessionDeps) {
  if (request.sessionId) {
    await deps.db.delete(sessions).where(eq(sessions.id, request.sessionId));
    caches.get(deps.db)?.forgetSession(request.sessionId);
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(request, deps.config) });
  request.user = null;
  request.sessionId = null;
  request.security = null;
}

/** Ends every session of a user (deactivation, password change). */
export async function endUserSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  forgetUser(db, userId);
}

/**
 * Drops this instance's cached lookups of a user at once, after a change to their row has committed (the
 * other instances hear it from the trigger's notification).
 */
export function forgetUser(db: Db, userId: string) {
  caches.get(db)?.forgetUser(userId);
}

/** Drops this instance's cached lookups of one session at once (the others hear the row's deletion). */
export function forgetSession(db: Db, sessionId: string) {
  caches.get(db)?.forgetSession(sessionId);
}

/**
 * Drops every cached lookup of this instance, after a change that is read with every session (an app setting)
 * has committed; the other instances hear it from the notification the change sends.
 */
export function forgetAllSessions(db: Db) {
  caches.get(db)?.reset();
}

/** Removes sessions that can no longer be used; run now and then. */
export async function purgeExpiredSessions(db: Db, now: Date, idleMs: number) {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - idleMs))));
}

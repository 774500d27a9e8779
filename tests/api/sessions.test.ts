import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema/index.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { purgeExpiredSessions } from '../../server/plugins/session.ts';
import { createTestApp, login, makeUser, registration, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';

/** Sessions: cookie flags, fixation, sign-out, idle and absolute expiry, deactivation. */

let ctx: TestContext;
/** The same app behind a TLS-terminating proxy (TRUST_PROXY=true). */
let proxied: TestContext;
beforeAll(async () => {
  [ctx, proxied] = await Promise.all([createTestApp(), createTestApp({ config: { trustProxy: true } })]);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), proxied?.close()]);
});

const MINUTE = 60_000;
const me = (cookie: string, app = ctx.app) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const sessionCookieHeader = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().find((c) => c.startsWith('cp_session=')) ?? '';
const valueOf = (cookie: string) => cookie.replace(/^cp_session=/, '').split(';')[0];
const sessionRows = (userId: string) => ctx.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure over plain http', async () => {
    const u = await makeUser(ctx.db);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.username, password: u.plainPassword } });
    const header = sessionCookieHeader(res.headers['set-cookie']);
    const attrs = header
      .split(/;\s*/)
      .slice(1)
      .map((a) => a.toLowerCase());
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs).not.toContain('secure');
    expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
  });

  it('is Secure when the request arrives over https through a trusted proxy', async () => {
    const u = await makeUser(proxied.db);
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: u.username, password: u.plainPassword },
    });
    expect(res.statusCode).toBe(200);
    const attrs = sessionCookieHeader(res.headers['set-cookie'])
      .split(/;\s*/)
      .map((a) => a.toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
  });

  it('is cleared with the same flags over https at sign-out', async () => {
    const u = await makeUser(proxied.db);
    const signIn = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: u.username, password: u.plainPassword },
    });
    const cookie = sessionCookieHeader(signIn.headers['set-cookie']).split(';')[0];
    const res = await proxied.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, 'x-forwarded-proto': 'https' } });
    const attrs = sessionCookieHeader(res.headers['set-cookie'])
      .split(/;\s*/)
      .map((a) => a.toLowerCase());
    expect(attrs).toEqual(expect.arrayContaining(['secure', 'httponly', 'path=/']));
    expect(attrs.some((a) => a === 'max-age=0' || a.startsWith('expires=thu, 01 jan 1970'))).toBe(true);
  });

  it('is Secure when the configured public URL is https, whatever the hop to the app', async () => {
    const secure = await createTestApp({ config: { publicUrl: 'https://members.example' } });
    try {
      const u = await makeUser(secure.db);
      const res = await secure.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.username, password: u.plainPassword } });
      expect(sessionCookieHeader(res.headers['set-cookie']).toLowerCase()).toContain('secure');
    } finally {
      await secure.close();
    }
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const u = await makeUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { username: u.username, password: u.plainPassword },
    });
    expect(sessionCookieHeader(res.headers['set-cookie']).toLowerCase()).not.toContain('secure');
  });

  it('holds a random token that the database keeps only as a hash', async () => {
    const u = await makeUser(ctx.db);
    const token = valueOf(await login(ctx.app, u.username!));
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await sessionRows(u.id);
    expect(rows.map((r) => r.id)).toContain(hashToken(token));
    expect(rows.map((r) => r.id)).not.toContain(token);
  });
});

describe('session fixation', () => {
  it('a new session id is issued at every sign-in, and the previous one of that browser ends', async () => {
    const u = await makeUser(ctx.db);
    const first = await login(ctx.app, u.username!);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { username: u.username, password: u.plainPassword },
    });
    const second = sessionCookieHeader(res.headers['set-cookie']).split(';')[0];
    expect(second).toMatch(/^cp_session=.+/);
    expect(second).not.toBe(first);
    expectError(await me(first), 401, 'unauthorized');
    expect((await me(second)).statusCode).toBe(200);
  });

  it('a cookie value planted before sign-in is not adopted', async () => {
    const u = await makeUser(ctx.db);
    const planted = 'cp_session=attacker-chosen-value-0123456789abcdefghijklmnop';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: planted },
      payload: { username: u.username, password: u.plainPassword },
    });
    expect(res.statusCode).toBe(200);
    const issued = sessionCookieHeader(res.headers['set-cookie']).split(';')[0];
    expect(issued).not.toBe(planted);
    expectError(await me(planted), 401, 'unauthorized');
    expect((await me(issued)).json().user.id).toBe(u.id);
    expect((await sessionRows(u.id)).map((r) => r.id)).not.toContain(hashToken(valueOf(planted)));
  });

  it('registration also issues a fresh session, not a planted one', async () => {
    const planted = 'cp_session=attacker-chosen-value-for-registration-000000';
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: { cookie: planted }, payload: registration() });
    expect(res.statusCode).toBe(201);
    const issued = sessionCookieHeader(res.headers['set-cookie']).split(';')[0];
    expect(issued).not.toBe(planted);
    expectError(await me(planted), 401, 'unauthorized');
  });
});

describe('sign-out', () => {
  it('ends the session: the old cookie answers 401 and its row is gone', async () => {
    const u = await makeUser(ctx.db);
    const cookie = await login(ctx.app, u.username!);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expectError(await me(cookie), 401, 'unauthorized');
    expect(await sessionRows(u.id)).toEqual([]);
  });

  it('ends only that browser’s session, not the user’s other ones', async () => {
    const u = await makeUser(ctx.db);
    const laptop = await login(ctx.app, u.username!);
    const phone = await login(ctx.app, u.username!);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: laptop } });
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
  });
});

describe('expiry with the clock', () => {
  it('a session unused for longer than the idle limit answers 401 and is deleted', async () => {
    const u = await makeUser(ctx.db);
    const cookie = await login(ctx.app, u.username!);
    ctx.clock.advance(ctx.config.session.idleMs + 1000);
    expectError(await me(cookie), 401, 'unauthorized');
    expect(await sessionRows(u.id)).toEqual([]);
  });

  it('a session used just inside the idle limit stays alive', async () => {
    const u = await makeUser(ctx.db);
    const cookie = await login(ctx.app, u.username!);
    ctx.clock.advance(ctx.config.session.idleMs - MINUTE);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('activity within the idle window keeps a session alive past several idle windows', async () => {
    const u = await makeUser(ctx.db);
    const cookie = await login(ctx.app, u.username!);
    for (let i = 0; i < 4; i += 1) {
      ctx.clock.advance(ctx.config.session.idleMs - 2 * MINUTE);
      expect((await me(cookie)).statusCode, `visit ${i + 1}`).toBe(200);
    }
  });

  it('lastSeenAt is written only when older than a minute, so reads do not each cost a write', async () => {
    const u = await makeUser(ctx.db);
    const cookie = await login(ctx.app, u.username!);
    const [before] = await sessionRows(u.id);
    ctx.clock.advance(30_000);
    await me(cookie);
    expect((await sessionRows(u.id))[0].lastSeenAt).toEqual(before.lastSeenAt);
    ctx.clock.advance(31_000);
    await me(cookie);
    expect((await sessionRows(u.id))[0].lastSeenAt).toEqual(ctx.clock.now());
  });

  it('a session ends at the absolute limit however active it is', async () => {
    const u = await makeUser(ctx.db);
    const cookie = await login(ctx.app, u.username!);
    const { absoluteMs, idleMs } = ctx.config.session;
    const step = idleMs / 2;
    let elapsed = 0;
    while (elapsed + step < absoluteMs) {
      ctx.clock.advance(step);
      elapsed += step;
      expect((await me(cookie)).statusCode, `after ${elapsed / 3_600_000} h`).toBe(200);
    }
    ctx.clock.advance(absoluteMs - elapsed);
    expectError(await me(cookie), 401, 'unauthorized');
    expect(await sessionRows(u.id)).toEqual([]);
  });

  it('the cookie itself expires no later than the absolute limit', async () => {
    const u = await makeUser(ctx.db);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.username, password: u.plainPassword } });
    const maxAge = /max-age=(\d+)/i.exec(sessionCookieHeader(res.headers['set-cookie']));
    expect(Number(maxAge?.[1])).toBeLessThanOrEqual(ctx.config.session.absoluteMs / 1000);
  });
});

describe('housekeeping', () => {
  it('purgeExpiredSessions removes idle and expired sessions and keeps live ones', async () => {
    const live = await makeUser(ctx.db);
    const idle = await makeUser(ctx.db);
    const idleCookie = await login(ctx.app, idle.username!);
    ctx.clock.advance(ctx.config.session.idleMs - MINUTE);
    await login(ctx.app, live.username!);
    expect((await me(idleCookie)).statusCode).toBe(200); // touches the idle one…
    ctx.clock.advance(ctx.config.session.idleMs + MINUTE); // …then leaves both unused past the limit
    const fresh = await login(ctx.app, live.username!);
    await purgeExpiredSessions(ctx.db, ctx.clock.now(), ctx.config.session.idleMs);
    expect(await sessionRows(idle.id)).toEqual([]);
    expect((await sessionRows(live.id)).map((r) => r.id)).toEqual([hashToken(valueOf(fresh))]);
  });
});

describe('deactivation', () => {
  it('deactivating a user ends all their sessions: the next request answers 401', async () => {
    const u = await makeUser(ctx.db);
    const laptop = await login(ctx.app, u.username!);
    const phone = await login(ctx.app, u.username!);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expectError(await me(laptop), 401, 'unauthorized');
    expectError(await me(phone), 401, 'unauthorized');
    expect(await sessionRows(u.id)).toEqual([]);
  });

  it('reactivating the user does not bring an ended session back', async () => {
    const u = await makeUser(ctx.db);
    const cookie = await login(ctx.app, u.username!);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expect((await me(cookie)).statusCode).toBe(401);
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, u.id));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('a deactivated admin is refused on admin routes with 401, not served', async () => {
    const u = await makeUser(ctx.db, { role: 'admin' });
    const cookie = await login(ctx.app, u.username!);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/pending-applications', headers: { cookie } });
    expectError(res, 401, 'unauthorized');
  });
});

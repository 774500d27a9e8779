import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { sessions } from '../../server/db/schema/index.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { createTestApp, login, makeUser, reloadUser, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';
import { confirmIdentity } from '../helpers/reauth.ts';

/**
 * Linking Google or Apple to an existing account from Profile Settings: the owner signs in with their password,
 * starts the provider's flow while signed in, and the callback links that identity to them only if they are
 * still the one signed in. This is the way to link an account whose e-mail address was never verified; a
 * plain provider sign-in never links such an account, and never creates one from an address the provider has
 * not verified. Linking needs the identity confirmed on the session within the last minutes; an account without
 * a password confirms it by signing in afresh with the provider already linked to it (`?reauth=1`).
 */

const APP_URL = 'http://app.test';
let mock: OAuth2Server;
let ctx: TestContext;
let claims: Record<string, unknown> = {};
let counter = 0;

beforeAll(async () => {
  mock = new OAuth2Server();
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  mock.service.on('beforeTokenSigning', (token: MutableToken) => Object.assign(token.payload, claims));
  const issuer = mock.issuer.url!;
  ctx = await createTestApp({
    config: { publicUrl: APP_URL, oidc: { google: { issuer, clientId: 'g', clientSecret: 'gs' }, apple: { issuer, clientId: 'a', clientSecret: 'as' } } },
  });
});
afterAll(async () => {
  await ctx?.close();
  await mock?.stop();
});
beforeEach(() => {
  counter += 1;
  claims = { sub: `link-sub-${Date.now()}-${counter}`, email: `linker${Date.now()}${counter}@example.com`, email_verified: true };
});

const location = (res: LightMyRequestResponse) => String(res.headers.location);
function cookiePair(res: LightMyRequestResponse, name: string): string | undefined {
  const line = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((h) => h.startsWith(`${name}=`));
  const pair = line?.split(';')[0];
  return pair === `${name}=` ? undefined : pair;
}

/** Starts a flow (with `?link=1` when linking, or another query) as this browser, lets the provider approve it, and delivers the callback. */
async function flow(provider: 'google' | 'apple', startCookie: string | undefined, callbackCookie: string | undefined, link: boolean | string = true) {
  const query = typeof link === 'string' ? link : link ? '?link=1' : '';
  const start = await ctx.app.inject({ method: 'GET', url: `/api/auth/${provider}${query}`, headers: startCookie ? { cookie: startCookie } : {} });
  expect(start.statusCode).toBe(302);
  const flowCookie = cookiePair(start, 'cp_oidc')!;
  expect(flowCookie).toBeDefined();
  const approved = await fetch(new URL(location(start)), { redirect: 'manual' });
  const cb = new URL(approved.headers.get('location')!);
  if (provider === 'apple') {
    // Apple posts its answer; the POST only turns it into the GET callback
    const form = new URLSearchParams({ code: cb.searchParams.get('code')!, state: cb.searchParams.get('state')! });
    cb.search = form.toString();
  }
  const cookie = [flowCookie, callbackCookie].filter(Boolean).join('; ');
  return ctx.app.inject({ method: 'GET', url: cb.pathname + cb.search, headers: { cookie } });
}

/** A member signed in with their password (and confirmed, so linking is open), whose e-mail address is the provider's but was never verified. */
async function unverifiedMember() {
  const user = await makeUser(ctx.db, { email: String(claims.email) });
  const cookie = await login(ctx.app, user.username!, user.plainPassword);
  await confirmIdentity(ctx.app, cookie, user.plainPassword);
  return { user, cookie };
}

const sessionOf = (cookie: string) => hashToken(cookie.replace(/^cp_session=/, ''));
async function confirmedAt(cookie: string) {
  const [row] = await ctx.db
    .select({ at: sessions.identityConfirmedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionOf(cookie)));
  return row?.at ?? null;
}

describe('linking from Profile Settings', () => {
  it('links Google to the signed-in owner even though their address was never verified, and Google then signs them in', async () => {
    const { user, cookie } = await unverifiedMember();
    const res = await flow('google', cookie, cookie);
    expect(location(res)).toBe('/profile-settings?linked=google');
    expect(cookiePair(res, 'cp_session')).toBeUndefined();
    expect((await reloadUser(ctx.db, user.id)).googleId).toBe(claims.sub);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ googleLinked: true, appleLinked: false });
    expect(me.body).not.toContain(String(claims.sub));

    const signIn = await flow('google', undefined, undefined, false);
    expect(location(signIn)).toBe('/dashboard');
    const session = cookiePair(signIn, 'cp_session')!;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session } })).json().user.id).toBe(user.id);
  });

  it('links Apple through its form_post callback the same way', async () => {
    const { user, cookie } = await unverifiedMember();
    expect(location(await flow('apple', cookie, cookie))).toBe('/profile-settings?linked=apple');
    expect((await reloadUser(ctx.db, user.id)).appleId).toBe(claims.sub);
  });

  it('cannot be started signed out', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/google?link=1' });
    expect(location(res)).toBe('/login?notice=link-signed-out');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is refused when the owner signed out before the callback: nothing is linked and no one is signed in', async () => {
    const { user, cookie } = await unverifiedMember();
    const res = await flow('google', cookie, undefined);
    expect(location(res)).toBe('/profile-settings?notice=link-failed');
    expect(cookiePair(res, 'cp_session')).toBeUndefined();
    expect((await reloadUser(ctx.db, user.id)).googleId).toBeNull();
  });

  it('is refused when another account is signed in at the callback', async () => {
    const { user, cookie } = await unverifiedMember();
    const other = await makeUser(ctx.db);
    const otherCookie = await login(ctx.app, other.username!, other.plainPassword);
    expect(location(await flow('google', cookie, otherCookie))).toBe('/profile-settings?notice=link-failed');
    expect((await reloadUser(ctx.db, user.id)).googleId).toBeNull();
    expect((await reloadUser(ctx.db, other.id)).googleId).toBeNull();
  });

  it('is refused when the identity already belongs to someone else', async () => {
    const owner = await makeUser(ctx.db);
    await ctx.db
      .update(users)
      .set({ googleId: String(claims.sub) })
      .where(eq(users.id, owner.id));
    const { user, cookie } = await unverifiedMember();
    expect(location(await flow('google', cookie, cookie))).toBe('/profile-settings?notice=link-taken');
    expect((await reloadUser(ctx.db, user.id)).googleId).toBeNull();
    expect((await reloadUser(ctx.db, owner.id)).googleId).toBe(claims.sub);
  });

  it('is refused when the account already has another Google identity', async () => {
    const { user, cookie } = await unverifiedMember();
    await ctx.db.update(users).set({ googleId: 'an-earlier-google-account' }).where(eq(users.id, user.id));
    expect(location(await flow('google', cookie, cookie))).toBe('/profile-settings?notice=link-conflict');
    expect((await reloadUser(ctx.db, user.id)).googleId).toBe('an-earlier-google-account');
  });
});

describe('signing in with a provider onto an address nobody proved', () => {
  it('never links a local account whose e-mail was not verified: no session, a notice to link from Profile Settings', async () => {
    // whoever registered the address first never proved it; a silent link would share the account with them
    const local = await makeUser(ctx.db, { email: String(claims.email) });
    const res = await flow('google', undefined, undefined, false);
    expect(location(res)).toBe('/login?notice=google-link-required');
    expect(cookiePair(res, 'cp_session')).toBeUndefined();
    const after = await reloadUser(ctx.db, local.id);
    expect(after.googleId).toBeNull();
    expect(after.password).toBe(local.password);
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(eq(users.googleId, String(claims.sub))),
    ).toHaveLength(0);
    expect(await ctx.db.select().from(users).where(eq(users.email, local.email))).toHaveLength(1);
  });

  it('never creates an account from an e-mail the provider has not verified', async () => {
    claims.email_verified = false;
    const res = await flow('google', undefined, undefined, false);
    expect(location(res)).toBe('/login?notice=oauth-email-unverified');
    expect(cookiePair(res, 'cp_session')).toBeUndefined();
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, String(claims.email))),
    ).toHaveLength(0);
  });
});

describe('re-authentication around linking', () => {
  it('refuses to start a link (403, no flow cookie) until the session has confirmed its identity, and again five minutes after', async () => {
    const user = await makeUser(ctx.db);
    const cookie = await login(ctx.app, user.username!, user.plainPassword);
    const start = () => ctx.app.inject({ method: 'GET', url: '/api/auth/google?link=1', headers: { cookie } });
    const refused = await start();
    expectError(refused, 403, 'reauthentication_required');
    expect(cookiePair(refused, 'cp_oidc')).toBeUndefined();
    await confirmIdentity(ctx.app, cookie, user.plainPassword);
    expect((await start()).statusCode).toBe(302);
    ctx.clock.advance(5 * 60_000);
    expectError(await start(), 403, 'reauthentication_required');
    expect((await reloadUser(ctx.db, user.id)).googleId).toBeNull();
  });

  it('e-mails the verified address when a provider is linked', async () => {
    const user = await makeUser(ctx.db, { emailVerifiedAt: new Date() });
    const cookie = await login(ctx.app, user.username!, user.plainPassword);
    await confirmIdentity(ctx.app, cookie, user.plainPassword);
    const before = ctx.mailer.sent.length;
    expect(location(await flow('google', cookie, cookie))).toBe('/profile-settings?linked=google');
    const notices = ctx.mailer.sent.slice(before).filter((m) => m.to === user.email);
    expect(notices.map((m) => m.subject)).toEqual([expect.stringContaining('Google sign-in was linked')]);
  });

  it('confirms an account without a password by a fresh sign-in with the provider linked to it (reauth=1)', async () => {
    const user = await googleOnlyMember();
    const session = await signInWithGoogle();
    expect(await confirmedAt(session)).toBeNull();
    const res = await flow('google', session, session, '?reauth=1');
    expect(location(res)).toBe('/profile-settings?notice=identity-confirmed');
    expect(cookiePair(res, 'cp_session')).toBeUndefined();
    expect((await confirmedAt(session))?.getTime()).toBe(ctx.clock.now().getTime());
    // and the guarded acts are now open to this session
    const unlink = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/oauth/apple', headers: { cookie: session } });
    expectError(unlink, 404, 'not_found');
    expect((await reloadUser(ctx.db, user.id)).googleId).toBe(claims.sub);
  });

  it('does not confirm with another provider identity, even one with the same e-mail address', async () => {
    const user = await googleOnlyMember();
    const session = await signInWithGoogle();
    claims = { ...claims, sub: `${String(claims.sub)}-someone-else`, email: user.email };
    const res = await flow('google', session, session, '?reauth=1');
    expect(location(res)).toBe('/profile-settings?notice=reauth-failed');
    expect(await confirmedAt(session)).toBeNull();
    expect((await reloadUser(ctx.db, user.id)).googleId).not.toBe(claims.sub);
  });

  it('does not confirm when another account is signed in at the callback, nor when signed out', async () => {
    await googleOnlyMember();
    const session = await signInWithGoogle();
    const other = await makeUser(ctx.db);
    const otherCookie = await login(ctx.app, other.username!, other.plainPassword);
    expect(location(await flow('google', session, otherCookie, '?reauth=1'))).toBe('/profile-settings?notice=reauth-failed');
    expect(await confirmedAt(otherCookie)).toBeNull();
    expect(await confirmedAt(session)).toBeNull();
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/api/auth/google?reauth=1' });
    expect(location(signedOut)).toBe('/login?notice=link-signed-out');
  });
});

/** A member who joined with Google: no password, the identity of `claims` linked, the address verified. */
async function googleOnlyMember() {
  const made = await makeUser(ctx.db, { email: String(claims.email), googleId: String(claims.sub), authProvider: 'google', emailVerifiedAt: new Date() });
  await ctx.db.update(users).set({ password: null }).where(eq(users.id, made.id));
  return made;
}

/** Signs in with Google as the identity of `claims` (already linked to an account) and answers the session cookie. */
async function signInWithGoogle(): Promise<string> {
  const res = await flow('google', undefined, undefined, false);
  expect(location(res)).toBe('/dashboard');
  return cookiePair(res, 'cp_session')!;
}

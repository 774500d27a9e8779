import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { createTestApp, login, makeUser, reloadUser, type TestContext } from '../helpers/app.ts';

/**
 * Linking Google or Apple to an existing account from Profile Settings: the owner signs in with their password,
 * starts the provider's flow while signed in, and the callback links that identity to them only if they are
 * still the one signed in. This is the way to link an account whose e-mail address was never verified; a
 * plain provider sign-in never links such an account, and never creates one from an address the provider has
 * not verified.
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

/** Starts a flow (with `?link=1` when linking) as this browser, lets the provider approve it, and delivers the callback. */
async function flow(provider: 'google' | 'apple', startCookie: string | undefined, callbackCookie: string | undefined, link = true) {
  const start = await ctx.app.inject({ method: 'GET', url: `/api/auth/${provider}${link ? '?link=1' : ''}`, headers: startCookie ? { cookie: startCookie } : {} });
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

/** A member signed in with their password, whose e-mail address is the provider's but was never verified. */
async function unverifiedMember() {
  const user = await makeUser(ctx.db, { email: String(claims.email) });
  return { user, cookie: await login(ctx.app, user.username!, user.plainPassword) };
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

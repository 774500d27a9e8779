import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authenticator } from 'otplib';
import { domainEvents, memberApplications, users, userTotp } from '../../server/db/schema/index.ts';
import { sealSecret } from '../../server/lib/secret-box.ts';
import { createTestApp, makeUser, reloadUser, type TestContext } from '../helpers/app.ts';

const APP_URL = 'http://app.test';
const GOOGLE = { clientId: 'google-client', clientSecret: 'google-secret' };
const APPLE = { clientId: 'apple-client', clientSecret: 'apple-secret' };

let mock: OAuth2Server;
let ctx: TestContext;
/** Claims the mock puts into the next tokens it signs (the person "signing in" at the provider). */
let claims: Record<string, unknown> = {};
let counter = 0;

beforeAll(async () => {
  mock = new OAuth2Server();
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  mock.service.on('beforeTokenSigning', (token: MutableToken) => Object.assign(token.payload, claims));
  const issuer = mock.issuer.url!;
  expect(issuer).toMatch(/^http:\/\/localhost:\d+$/);
  ctx = await createTestApp({ config: { publicUrl: APP_URL, oidc: { google: { issuer, ...GOOGLE }, apple: { issuer, ...APPLE } } } });
});
afterAll(async () => {
  await ctx?.close();
  await mock?.stop();
});
beforeEach(() => {
  counter += 1;
  claims = { sub: `sub-${Date.now()}-${counter}`, email: `person${Date.now()}${counter}@example.com`, email_verified: true, given_name: 'Grace', family_name: 'Hopper' };
});

/** The `name=value` pair a browser would send back for a Set-Cookie of this answer. */
function cookiePair(res: LightMyRequestResponse, name: string): string | undefined {
  const headers = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const line = headers.find((h) => h.startsWith(`${name}=`));
  const pair = line?.split(';')[0];
  return pair === `${name}=` ? undefined : pair;
}

function location(res: LightMyRequestResponse): string {
  return String(res.headers.location);
}

/** Starts a sign-in at our app and lets the mock provider approve it: the callback URL and the state cookie. */
async function startAndApprove(provider: 'google' | 'apple') {
  const start = await ctx.app.inject({ method: 'GET', url: `/api/auth/${provider}` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(location(start));
  expect(authorize.origin).toBe(mock.issuer.url);
  const flowCookie = cookiePair(start, 'cp_oidc');
  expect(flowCookie).toBeDefined();
  const approved = await fetch(authorize, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${APP_URL}/api/auth/${provider}/callback`);
  return { start, authorize, callback, flowCookie: flowCookie! };
}

/** Delivers the provider's redirect to our callback, as the browser would (with or without the cookie). */
function callback(url: URL | string, cookie?: string) {
  const u = new URL(url, APP_URL);
  return ctx.app.inject({ method: 'GET', url: u.pathname + u.search, headers: cookie ? { cookie } : {} });
}

/** The whole Google sign-in; answers the callback response and the session cookie it set. */
async function signInWithGoogle() {
  const { callback: cb, flowCookie } = await startAndApprove('google');
  const res = await callback(cb, flowCookie);
  return { res, session: cookiePair(res, 'cp_session') };
}

function expectRefused(res: LightMyRequestResponse, target = '/login?notice=oauth-failed') {
  expect(res.statusCode).toBe(302);
  expect(location(res)).toBe(target);
  expect(cookiePair(res, 'cp_session')).toBeUndefined();
  expect(String(res.headers['set-cookie'])).toMatch(/cp_oidc=;/);
}

describe('without configuration', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it.each(['google', 'apple'])('sends %s sign-in back to /login with a notice', async (provider) => {
    for (const url of [`/api/auth/${provider}`, `/api/auth/${provider}/callback?code=x&state=y`]) {
      const res = await bare.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(location(res)).toBe(`/login?notice=${provider}-disabled`);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('starting a sign-in', () => {
  it('sends Google an authorization-code request with state, nonce and S256 PKCE, kept in a short signed cookie', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/google' });
    const url = new URL(location(start));
    const q = url.searchParams;
    expect(url.pathname).toBe('/authorize');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(GOOGLE.clientId);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('redirect_uri')).toBe(`${APP_URL}/api/auth/google/callback`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(20);
    expect(q.get('nonce')?.length).toBeGreaterThanOrEqual(20);
    expect(q.get('response_mode')).toBeNull();
    const cookie = ([] as string[]).concat(start.headers['set-cookie'] ?? []).find((c) => c.startsWith('cp_oidc='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it('asks Apple for its name scope and a form_post answer', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/apple' });
    const q = new URL(location(start)).searchParams;
    expect(q.get('client_id')).toBe(APPLE.clientId);
    expect(q.get('scope')).toBe('openid email name');
    expect(q.get('response_mode')).toBe('form_post');
    expect(q.get('redirect_uri')).toBe(`${APP_URL}/api/auth/apple/callback`);
  });
});

describe('Google sign-in', () => {
  it('creates a pending applicant with the Google id and an application, and signs them in', async () => {
    const { res, session } = await signInWithGoogle();
    expect(res.statusCode).toBe(302);
    expect(location(res)).toBe('/dashboard');
    expect(session).toBeDefined();
    expect(String(res.headers['set-cookie'])).toMatch(/cp_oidc=;/);

    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.googleId, String(claims.sub)));
    expect(user).toMatchObject({
      email: claims.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      accountStatus: 'pending',
      role: 'partner',
      authProvider: 'google',
      username: null,
      password: null,
      appleId: null,
      isActive: true,
    });
    // the provider vouched for the address, so it counts as verified
    expect(user.emailVerifiedAt).toEqual(ctx.clock.now());
    const apps = await ctx.db.select().from(memberApplications).where(eq(memberApplications.userId, user.id));
    expect(apps).toHaveLength(1);
    const applied = await ctx.db.select().from(domainEvents).where(eq(domainEvents.entityId, user.id));
    expect(applied.map((e) => [e.type, e.data])).toEqual([['member.applied', { userId: user.id, via: 'google' }]]);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session! } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: user.id, accountStatus: 'pending' });
  });

  it('signs the same Google account in again to the same user, with a new session id', async () => {
    const first = await signInWithGoogle();
    const second = await signInWithGoogle();
    expect(location(second.res)).toBe('/dashboard');
    expect(second.session).toBeDefined();
    expect(second.session).not.toBe(first.session);
    const rows = await ctx.db
      .select()
      .from(users)
      .where(eq(users.googleId, String(claims.sub)));
    expect(rows).toHaveLength(1);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: second.session! } });
    expect(me.json().user.id).toBe(rows[0].id);
  });

  it('asks an account with two-factor sign-in on for its code before there is a session', async () => {
    const first = await signInWithGoogle();
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.googleId, String(claims.sub)));
    const secret = authenticator.generateSecret(20);
    await ctx.db.update(users).set({ accountStatus: 'approved' }).where(eq(users.id, user.id));
    await ctx.db.insert(userTotp).values({ userId: user.id, secret: sealSecret(ctx.config.sessionSecret, 'totp-secret', secret), enabledAt: ctx.clock.now() });
    expect(first.session).toBeDefined();

    const { res, session } = await signInWithGoogle();
    expect(res.statusCode).toBe(302);
    expect(location(res)).toBe('/login?step=2fa');
    expect(session).toBeUndefined();
    const challenge = cookiePair(res, 'cp_2fa');
    expect(challenge).toBeDefined();
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/2fa', headers: { cookie: challenge! }, payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const code = authenticator.clone({ epoch: ctx.clock.now().getTime() }).generate(secret);
    const done = await ctx.app.inject({ method: 'POST', url: '/api/auth/login/2fa', headers: { cookie: challenge! }, payload: { code } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ id: user.id, twoFactorEnabled: true });
    expect(cookiePair(done, 'cp_session')).toBeDefined();
  });

  it('falls back to the e-mail local part and "Member" when the token has no names', async () => {
    claims = { sub: claims.sub, email: 'Ada.Lovelace@Example.org', email_verified: true };
    const { res } = await signInWithGoogle();
    expect(location(res)).toBe('/dashboard');
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.googleId, String(claims.sub)));
    expect(user).toMatchObject({ email: 'ada.lovelace@example.org', firstName: 'ada.lovelace', lastName: 'Member' });
  });

  it('links a local account whose owner verified the same e-mail, when the provider verified it too', async () => {
    const local = await makeUser(ctx.db, { email: `linked${counter}@example.com` });
    await ctx.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, local.id));
    claims.email = local.email.toUpperCase();
    const { res, session } = await signInWithGoogle();
    expect(location(res)).toBe('/dashboard');
    const after = await reloadUser(ctx.db, local.id);
    expect(after).toMatchObject({ googleId: claims.sub, authProvider: 'local', accountStatus: 'approved', username: local.username });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: session! } });
    expect(me.json().user).toMatchObject({ id: local.id, googleLinked: true, appleLinked: false });
    const sameEmail = await ctx.db.select().from(users).where(eq(users.email, local.email));
    expect(sameEmail).toHaveLength(1);
  });

  it('refuses to link when the provider has not verified the e-mail of an existing account', async () => {
    const local = await makeUser(ctx.db, { email: `unverified${counter}@example.com` });
    await ctx.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, local.id));
    claims.email = local.email;
    claims.email_verified = false;
    const { res } = await signInWithGoogle();
    expectRefused(res, '/login?notice=oauth-email-unverified');
    expect((await reloadUser(ctx.db, local.id)).googleId).toBeNull();
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(eq(users.googleId, String(claims.sub))),
    ).toHaveLength(0);
  });

  it('does not sign in a deactivated account', async () => {
    const gone = await makeUser(ctx.db, { isActive: false });
    await ctx.db
      .update(users)
      .set({ googleId: String(claims.sub) })
      .where(eq(users.id, gone.id));
    const { res } = await signInWithGoogle();
    expectRefused(res);
  });
});

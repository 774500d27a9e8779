import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listRoutes } from '../../server/app.ts';
import { users } from '../../server/db/schema/index.ts';
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

function expectRefused(res: LightMyRequestResponse, target = '/login?notice=oauth-failed') {
  expect(res.statusCode).toBe(302);
  expect(location(res)).toBe(target);
  expect(cookiePair(res, 'cp_session')).toBeUndefined();
  expect(String(res.headers['set-cookie'])).toMatch(/cp_oidc=;/);
}

describe('a forged or stale callback', () => {
  it('is refused without the state cookie', async () => {
    const { callback: cb } = await startAndApprove('google');
    expectRefused(await callback(cb));
    expect(
      await ctx.db
        .select()
        .from(users)
        .where(eq(users.googleId, String(claims.sub))),
    ).toHaveLength(0);
  });

  it('is refused when the state parameter does not match the cookie', async () => {
    const { callback: cb, flowCookie } = await startAndApprove('google');
    cb.searchParams.set('state', 'attacker-state');
    expectRefused(await callback(cb, flowCookie));
  });

  it('is refused with a tampered cookie', async () => {
    const { callback: cb, flowCookie } = await startAndApprove('google');
    const [name, value] = flowCookie.split('=');
    const flipped = value[5] === 'A' ? 'B' : 'A';
    expectRefused(await callback(cb, `${name}=${value.slice(0, 5)}${flipped}${value.slice(6)}`));
  });

  it("is refused with another browser's cookie (a code injected into someone else's flow)", async () => {
    const victim = await startAndApprove('google');
    const attacker = await startAndApprove('google');
    expectRefused(await callback(attacker.callback, victim.flowCookie));
  });

  it('is refused after ten minutes', async () => {
    const { callback: cb, flowCookie } = await startAndApprove('google');
    ctx.clock.advance(10 * 60_000 + 1_000);
    expectRefused(await callback(cb, flowCookie));
  });

  it('is refused when the cookie belongs to the other provider', async () => {
    const { callback: cb, flowCookie } = await startAndApprove('google');
    const u = new URL(cb);
    expectRefused(await callback(`/api/auth/apple/callback${u.search}`, flowCookie));
  });

  it('is refused when the provider answers with an error', async () => {
    const { authorize, flowCookie } = await startAndApprove('google');
    const state = authorize.searchParams.get('state')!;
    expectRefused(await callback(`/api/auth/google/callback?error=access_denied&state=${state}`, flowCookie));
  });

  it('is refused when replayed (the provider accepts a code once)', async () => {
    const { callback: cb, flowCookie } = await startAndApprove('google');
    expect(location(await callback(cb, flowCookie))).toBe('/dashboard');
    expectRefused(await callback(cb, flowCookie));
  });
});

describe('Apple sign-in (form_post)', () => {
  it('turns the cross-site POST into a 303 to the GET callback, which then signs the new applicant in', async () => {
    const { callback: cb, flowCookie } = await startAndApprove('apple');
    const form = new URLSearchParams({ code: cb.searchParams.get('code')!, state: cb.searchParams.get('state')!, user: '{"name":{}}' });
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com', 'sec-fetch-site': 'cross-site' },
      payload: form.toString(),
    });
    expect(post.statusCode).toBe(303);
    expect(post.headers['set-cookie']).toBeUndefined();
    const next = new URL(location(post), APP_URL);
    expect(next.pathname).toBe('/api/auth/apple/callback');
    expect([...next.searchParams.keys()].sort()).toEqual(['code', 'state']);
    expect(next.searchParams.get('code')).toBe(cb.searchParams.get('code'));
    expect(next.searchParams.get('state')).toBe(cb.searchParams.get('state'));

    const res = await callback(next, flowCookie);
    expect(location(res)).toBe('/dashboard');
    expect(cookiePair(res, 'cp_session')).toBeDefined();
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.appleId, String(claims.sub)));
    expect(user).toMatchObject({ authProvider: 'apple', accountStatus: 'pending', googleId: null, email: claims.email });
  });

  it('accepts Apple\'s email_verified "true" string when linking', async () => {
    const local = await makeUser(ctx.db, { email: `apple${counter}@example.com` });
    await ctx.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, local.id));
    claims.email = local.email;
    claims.email_verified = 'true';
    const { callback: cb, flowCookie } = await startAndApprove('apple');
    expect(location(await callback(cb, flowCookie))).toBe('/dashboard');
    expect((await reloadUser(ctx.db, local.id)).appleId).toBe(claims.sub);
  });

  it('the POST callback only redirects: no session, no account, and a JSON body is not accepted', async () => {
    const before = await ctx.db.select({ id: users.id }).from(users);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/auth/apple/callback', payload: { code: 'x', state: 'y' } });
    expect(json.statusCode).toBe(415);
    const bogus = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'code=forged&state=forged',
    });
    expect(bogus.statusCode).toBe(303);
    const res = await callback(location(bogus));
    expectRefused(res);
    expect(await ctx.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });
});

describe('the CSRF guard', () => {
  /** Every route with a writing method, from the app's route table, so a new route is covered too. */
  function writeRoutes() {
    return listRoutes(ctx.app)
      .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => ({ method: r.method, url: r.url.replace(/:[^/]+/g, '00000000-0000-0000-0000-000000000000') }));
  }

  it('is waived for the Apple form_post callback and the one-click unsubscribe only', async () => {
    expect(
      listRoutes(ctx.app)
        .filter((r) => r.csrfExempt)
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual(['POST /api/auth/apple/callback', 'POST /api/notifications/unsubscribe']);
    const routes = writeRoutes();
    expect(routes).toContainEqual({ method: 'POST', url: '/api/auth/apple/callback' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/auth/login' });
    for (const { method, url } of routes) {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload: 'a=b',
      });
      // the unsubscribe route is reached (and refuses the made-up body with 400); every other write is refused as cross-site
      const expected = url === '/api/auth/apple/callback' ? 303 : url === '/api/notifications/unsubscribe' ? 400 : 403;
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: expected });
    }
  });

  it('still refuses a form-encoded body to a JSON route', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(res.statusCode).toBe(415);
  });
});

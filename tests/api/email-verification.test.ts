import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { signToken } from '../../server/lib/signed-token.ts';
import { createTestApp, makeUser, openSession, registration, reloadUser, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';
import { snapshotTables } from '../helpers/db-snapshot.ts';

/**
 * Registration proves ownership of the e-mail address with a signed, expiring link; the link's page posts the
 * token back (no GET changes anything); a pending applicant may ask for another, a few times an hour.
 */

const APP_URL = 'https://partners.example';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { publicUrl: APP_URL } });
});
afterAll(async () => {
  await ctx?.close();
});

const HOUR = 3_600_000;
let ipCounter = 0;
const newIp = () => `198.18.7.${++ipCounter}`;

async function register(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: newIp() });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = `cp_session=${res.cookies.find((c) => c.name === 'cp_session')!.value}`;
  return { body, id: res.json().user.id as string, cookie, user: res.json().user };
}

/** The verification links mailed to an address, newest last. */
const linksTo = (email: string) =>
  ctx.mailer.sent
    .filter((m) => m.to === email)
    .map((m) => /https?:\/\/\S+/.exec(m.text)?.[0])
    .filter((l): l is string => !!l)
    .map((l) => new URL(l));
const tokenOf = (link: URL) => link.searchParams.get('token')!;
const confirm = (token: unknown) => ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const resend = (cookie: string, ip = '198.18.9.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: { cookie }, remoteAddress: ip, payload: {} });

describe('registration', () => {
  it('mails a link on PUBLIC_URL to the /verify-email page and leaves the address unverified until it is used', async () => {
    const { body, id, user } = await register();
    expect(user.emailVerified).toBe(false);
    const [link] = linksTo(body.email);
    expect(link.origin + link.pathname).toBe(`${APP_URL}/verify-email`);
    expect(tokenOf(link).length).toBeGreaterThan(40);
    expect((await reloadUser(ctx.db, id)).emailVerifiedAt).toBeNull();
  });

  it('opening the link (a GET of the page) changes nothing', async () => {
    const { body } = await register();
    const before = await snapshotTables(ctx.db);
    const [link] = linksTo(body.email);
    await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });
});

describe('confirming', () => {
  it('the posted token marks the address verified, signed out, and /api/auth/me then says so', async () => {
    const { body, id, cookie } = await register();
    const res = await confirm(tokenOf(linksTo(body.email)[0]));
    expect(res.statusCode, res.body).toBe(200);
    expect((await reloadUser(ctx.db, id)).emailVerifiedAt).toEqual(ctx.clock.now());
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user.emailVerified).toBe(true);
  });

  it('twice is harmless and keeps the first moment', async () => {
    const { body, id } = await register();
    const token = tokenOf(linksTo(body.email)[0]);
    await confirm(token);
    const first = (await reloadUser(ctx.db, id)).emailVerifiedAt;
    ctx.clock.advance(60_000);
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await reloadUser(ctx.db, id)).emailVerifiedAt).toEqual(first);
  });

  it('refuses an expired link (after 48 hours) and verifies nothing', async () => {
    const { body, id } = await register();
    const token = tokenOf(linksTo(body.email)[0]);
    ctx.clock.advance(48 * HOUR + 1000);
    expectError(await confirm(token), 400, 'bad_request');
    expect((await reloadUser(ctx.db, id)).emailVerifiedAt).toBeNull();
  });

  it('refuses a link made for an address the account no longer has', async () => {
    const { body, id } = await register();
    const token = tokenOf(linksTo(body.email)[0]);
    await ctx.db
      .update(users)
      .set({ email: `changed.${body.email}` })
      .where(eq(users.id, id));
    expectError(await confirm(token), 400, 'bad_request');
    expect((await reloadUser(ctx.db, id)).emailVerifiedAt).toBeNull();
  });

  it('refuses a forged, altered or foreign-secret token', async () => {
    const { body, id } = await register();
    const token = tokenOf(linksTo(body.email)[0]);
    const payload = { u: id, e: body.email, x: ctx.clock.now().getTime() + HOUR };
    for (const bad of [
      `${token}x`,
      token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      signToken('y'.repeat(40), 'verify-email', payload),
      signToken(ctx.config.sessionSecret, 'other-purpose', payload),
      'nonsense',
    ]) {
      expectError(await confirm(bad), 400, 'bad_request');
    }
    expectError(await confirm(''), 400, 'validation_failed');
    expect((await reloadUser(ctx.db, id)).emailVerifiedAt).toBeNull();
  });
});

describe('asking for another link', () => {
  it('a pending applicant gets a fresh link that works', async () => {
    const { body, id, cookie } = await register();
    const res = await resend(cookie, newIp());
    expect(res.statusCode, res.body).toBe(200);
    const links = linksTo(body.email);
    expect(links).toHaveLength(2);
    expect((await confirm(tokenOf(links[1]))).statusCode).toBe(200);
    expect((await reloadUser(ctx.db, id)).emailVerifiedAt).not.toBeNull();
  });

  it('needs a session, and is refused once the address is verified', async () => {
    expectError(await ctx.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: {} }), 401, 'unauthorized');
    const verified = await makeUser(ctx.db);
    await ctx.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, verified.id));
    expectError(await resend(await openSession(ctx, verified.id), newIp()), 409, 'conflict');
  });

  it('is limited to 3 an hour per account, answering 429 with Retry-After, and open again after the hour', async () => {
    const { body, cookie } = await register();
    for (let i = 0; i < 3; i += 1) expect((await resend(cookie, newIp())).statusCode).toBe(200);
    const refused = await resend(cookie, newIp());
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(linksTo(body.email)).toHaveLength(4);
    ctx.clock.advance(HOUR + 1000);
    expect((await resend(cookie, newIp())).statusCode).toBe(200);
  });

  it('is limited to 3 an hour per IP address across accounts', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) expect((await resend((await register()).cookie, ip)).statusCode).toBe(200);
    const other = await register();
    expectError(await resend(other.cookie, ip), 429, 'rate_limited');
    expect((await resend(other.cookie, newIp())).statusCode).toBe(200);
  });
});

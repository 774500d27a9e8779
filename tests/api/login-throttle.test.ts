import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';

/**
 * Sign-in is throttled per account (10 failures in 15 minutes) and per IP (50), answering
 * 429 with Retry-After, fine again after the window; never more than 100 failures an hour on one account.
 * Every test uses its own accounts and IP addresses, so they do not share counts.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const MINUTE = 60_000;
let ipCounter = 0;
/** A fresh client address, so one test's failures never count against another's. */
const newIp = () => {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

const signIn = (username: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });

async function failTimes(n: number, username: string, ip: () => string, everyMs = 0) {
  for (let i = 0; i < n; i += 1) {
    const res = await signIn(username, `wrong-password-${i}`, ip());
    expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    ctx.clock.advance(everyMs);
  }
}

describe('per account', () => {
  it('the 11th attempt within 15 minutes answers 429 with Retry-After, even with the right password', async () => {
    const u = await makeUser(ctx.db);
    const ip = newIp();
    await failTimes(10, u.username!, () => ip, MINUTE); // failures at minutes 0..9, clock now at minute 10
    const res = await signIn(u.username!, u.plainPassword, ip);
    expectError(res, 429, 'rate_limited');
    // the oldest failure leaves the 15-minute window 5 minutes from now
    expect(res.headers['retry-after']).toBe(String(5 * 60));
    expect(res.cookies.find((c) => c.name === 'cp_session')).toBeUndefined();
  });

  it('signs in again once the window has passed', async () => {
    const u = await makeUser(ctx.db);
    const ip = newIp();
    await failTimes(10, u.username!, () => ip);
    expect((await signIn(u.username!, u.plainPassword, ip)).statusCode).toBe(429);
    ctx.clock.advance(15 * MINUTE + 1000);
    const res = await signIn(u.username!, u.plainPassword, ip);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'cp_session')).toBeDefined();
  });

  it('holds whichever addresses the attempts come from', async () => {
    const u = await makeUser(ctx.db);
    await failTimes(10, u.username!, newIp);
    expectError(await signIn(u.username!, u.plainPassword, newIp()), 429, 'rate_limited');
  });

  it('counts the username and the e-mail address of an account as the same account', async () => {
    const u = await makeUser(ctx.db);
    const ip = newIp();
    await failTimes(4, u.username!, () => ip);
    await failTimes(3, u.email, () => ip);
    await failTimes(3, ` ${u.email.toUpperCase()} `, () => ip);
    expectError(await signIn(u.username!, u.plainPassword, ip), 429, 'rate_limited');
    expectError(await signIn(u.email, u.plainPassword, ip), 429, 'rate_limited');
  });

  it('blocks an unknown username exactly like a known one, so the limit reveals no account', async () => {
    const ip = newIp();
    await failTimes(10, 'no-such-member-anywhere', () => ip);
    const res = await signIn('no-such-member-anywhere', 'anything-at-all', ip);
    expectError(res, 429, 'rate_limited');
    expect(res.headers['retry-after']).toBe(String(15 * 60));
  });

  it('does not block below the limit, and a successful sign-in clears the account count', async () => {
    const u = await makeUser(ctx.db);
    const ip = newIp();
    await failTimes(9, u.username!, () => ip);
    expect((await signIn(u.username!, u.plainPassword, ip)).statusCode).toBe(200);
    await failTimes(9, u.username!, () => ip);
    expect((await signIn(u.username!, u.plainPassword, ip)).statusCode).toBe(200);
  });

  it('never lets more than 100 failures an hour through on one account, however they are spread', async () => {
    const u = await makeUser(ctx.db);
    const logins = [u.username!, u.email, u.username!.toUpperCase(), u.email.toUpperCase()];
    let checked = 0;
    let throttled = 0;
    // an attacker trying every 10 seconds for an hour from ever-new addresses, rotating the login spelling
    for (let i = 0; i < 360; i += 1) {
      const res = await signIn(logins[i % logins.length], `guess-${i}`, newIp());
      if (res.statusCode === 401) checked += 1;
      else if (res.statusCode === 429) throttled += 1;
      else throw new Error(`unexpected ${res.statusCode}`);
      ctx.clock.advance(10_000);
    }
    expect(checked).toBeLessThanOrEqual(100);
    // with 10 per 15 minutes the hour holds at most 40 checked guesses
    expect(checked).toBeLessThanOrEqual(40);
    expect(throttled).toBeGreaterThan(0);
  });
});

describe('under concurrency', () => {
  it('40 wrong passwords sent at once on one account: no more than the limit are checked, the rest get 429, and the right password is then refused', async () => {
    const u = await makeUser(ctx.db);
    const ip = newIp();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(u.username!, `parallel-guess-${i}`, ip)));
    const statuses = results.map((r) => r.statusCode);
    // a 401 is an attempt whose password was checked; a 429 never reached the check
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBe(ctx.config.login.maxPerAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - checked);
    for (const res of results.filter((r) => r.statusCode === 429)) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expectError(await signIn(u.username!, u.plainPassword, ip), 429, 'rate_limited');
  });

  it('a refused attempt is not counted, so the limit reopens when the window passes however often it was knocked on', async () => {
    const u = await makeUser(ctx.db);
    const ip = newIp();
    await failTimes(10, u.username!, () => ip);
    for (let i = 0; i < 20; i += 1) {
      expect((await signIn(u.username!, `more-${i}`, ip)).statusCode).toBe(429);
      ctx.clock.advance(30_000);
    }
    ctx.clock.advance(5 * MINUTE + 1000);
    expect((await signIn(u.username!, u.plainPassword, ip)).statusCode).toBe(200);
  });
});

describe('per IP address', () => {
  it('50 failures from one address across different usernames block that address, not others', async () => {
    const u = await makeUser(ctx.db);
    const ip = newIp();
    for (let i = 0; i < 50; i += 1) {
      const res = await signIn(`sprayed-user-${i}`, 'Password123!', ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await signIn(u.username!, u.plainPassword, ip);
    expectError(blocked, 429, 'rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(u.username!, u.plainPassword, newIp())).statusCode).toBe(200);
  });

  it('records failures in the database, so every server instance sees the same counts', async () => {
    const ip = newIp();
    await failTimes(3, 'someone-typing-wrong', () => ip);
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(loginFailures)
      .where(sql`${loginFailures.key} = ${`ip:${ip}`}`);
    expect(row.n).toBe(3);
  });
});

describe('behind a TLS-terminating proxy (TRUST_PROXY=true)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  /** What a proxy passes on: whatever X-Forwarded-For the client sent, with the client's real address appended. */
  const viaProxy = (username: string, password: string, clientSent: string, realClient: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': `${clientSent}, ${realClient}` },
      payload: { username, password },
    });

  // TRUST_PROXY=true must mean one trusted hop: trusting every hop would make request.ip the left-most
  // X-Forwarded-For entry, which the client writes, so it could escape the per-IP limit and forge logged IPs.
  it('a client cannot escape the per-IP limit by sending its own X-Forwarded-For', async () => {
    const realClient = '192.0.2.77';
    for (let i = 0; i < 50; i += 1) {
      await viaProxy(`spray-${i}`, 'Password123!', `203.0.113.${i + 1}`, realClient);
    }
    const u = await makeUser(proxied.db);
    const res = await viaProxy(u.username!, u.plainPassword, '198.18.0.1', realClient);
    expect(res.statusCode).toBe(429);
  });
});

import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, openSession, registration, type TestContext } from '../helpers/app.ts';

/**
 * Failed sign-ins and 403s are logged with user, IP, route and time; passwords, cookies and
 * tokens never reach the log. The app is built with its production logger configuration writing to a stream.
 */

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a log line is whatever pino wrote; the tests read its fields freely
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, any>);
const entry = (msg: string) => entries().filter((e) => e.msg === msg);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ logger: { level: 'info', stream } });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  lines.length = 0;
});

const IP = '203.0.113.7';
const WARN = 40;

describe('what is logged', () => {
  it('a failed sign-in: the login, IP, route and time, at warn', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: IP, payload: { username: 'mallory', password: 'Guess-Number-1' } });
    expect(res.statusCode).toBe(401);
    const [e] = entry('failed sign-in');
    expect(e).toMatchObject({ level: WARN, login: 'mallory', ip: IP, route: '/api/auth/login' });
    expect(typeof e.time).toBe('number');
    expect(e.reqId).toBeDefined();
  });

  it('a throttled sign-in, at warn', async () => {
    const ip = '203.0.113.8';
    for (let i = 0; i < 10; i += 1) {
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username: 'throttled-user', password: `guess-${i}` } });
    }
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username: 'throttled-user', password: 'guess-last' } });
    expect(res.statusCode).toBe(429);
    expect(entry('sign-in throttled')).toEqual([expect.objectContaining({ level: WARN, login: 'throttled-user', ip })]);
  });

  it('a 403 on an access level: the user, route, method and IP, at warn', async () => {
    const partner = await makeUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/pending-applications',
      remoteAddress: IP,
      headers: { cookie: await openSession(ctx, partner.id) },
    });
    expect(res.statusCode).toBe(403);
    const [e] = entry('access denied');
    expect(e).toMatchObject({ level: WARN, userId: partner.id, route: '/api/admin/pending-applications', method: 'GET', ip: IP });
    expect(typeof e.time).toBe('number');
  });

  it('a cross-site write refused with 403: the route and IP, at warn', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: IP, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(entry('foreign origin write refused')).toEqual([expect.objectContaining({ level: WARN, route: '/api/auth/logout', ip: IP, origin: 'https://evil.example' })]);
  });

  it('a cross-site write refused with 403 names the signed-in user', async () => {
    const member = await makeUser(ctx.db);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      remoteAddress: IP,
      headers: { origin: 'https://evil.example', cookie: await openSession(ctx, member.id) },
    });
    expect(entry('foreign origin write refused')[0]).toMatchObject({ userId: member.id });
  });
});

describe('what is never logged', () => {
  it('passwords, session cookies and authorization headers appear nowhere in the log', async () => {
    const body = registration({ password: 'Registr4tion-Secret!', confirmPassword: 'Registr4tion-Secret!' });
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(reg.statusCode).toBe(201);
    const token = reg.cookies.find((c) => c.name === 'cp_session')!.value;
    const u = await makeUser(ctx.db, { password: 'Another-Secret-99' });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.username, password: 'Wrong-Secret-42' } });
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.username, password: 'Another-Secret-99' } });
    const token2 = signIn.cookies.find((c) => c.name === 'cp_session')!.value;
    await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `cp_session=${token}`, authorization: 'Bearer secret-bearer-token-123' } });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `cp_session=${token2}` } });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, email: 'x', password: 'Invalid-Body-Secret' } });

    expect(lines.length).toBeGreaterThan(5);
    const log = lines.join('\n');
    for (const secret of ['Registr4tion-Secret!', 'Another-Secret-99', 'Wrong-Secret-42', 'Invalid-Body-Secret', token, token2, 'secret-bearer-token-123', '$argon2']) {
      expect(log, `the log contains ${secret}`).not.toContain(secret);
    }
  });

  it('the log keeps the redaction of the production configuration for password and token fields', async () => {
    ctx.app.log.info({ body: { password: 'p4ss-in-a-body', token: 'reset-t0ken' } }, 'probe');
    const [e] = entry('probe');
    expect(e.body).toEqual({ password: '[redacted]', token: '[redacted]' });
    expect(lines.join('\n')).not.toMatch(/p4ss-in-a-body|reset-t0ken/);
  });

  it('the code and state of an OAuth callback, and the token of a verification link, are redacted from the request log', async () => {
    const code = 'oauth-code-SECRET-4711';
    const state = 'oauth-state-SECRET-0815';
    const token = 'verify-token-SECRET-2342';
    await ctx.app.inject({ method: 'GET', url: `/api/auth/google/callback?code=${code}&state=${state}&scope=email` });
    await ctx.app.inject({ method: 'GET', url: `/api/auth/apple/callback?state=${state}&code=${code}` });
    await ctx.app.inject({ method: 'GET', url: `/verify-email?token=${token}` });
    const requests = entries().filter((e) => e.msg === 'incoming request');
    expect(requests.map((e) => e.req.url)).toEqual([
      '/api/auth/google/callback?code=[redacted]&state=[redacted]&scope=email',
      '/api/auth/apple/callback?state=[redacted]&code=[redacted]',
      '/verify-email?token=[redacted]',
    ]);
    const log = lines.join('\n');
    for (const secret of [code, state, token]) expect(log).not.toContain(secret);
  });

  it('the secret address of a personal calendar feed is redacted from the request log, in any spelling', async () => {
    const token = 'feedtokenSECRET9876543210abcdef';
    await ctx.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` });
    await ctx.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics?x=1` });
    await ctx.app.inject({ method: 'GET', url: `/%61pi/Calendar/${token}.ics` });
    const requests = entries().filter((e) => e.msg === 'incoming request');
    expect(requests.map((e) => e.req.url)).toEqual(['/api/calendar/[redacted]', '/api/calendar/[redacted]?x=1', '/api/calendar/[redacted]']);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('a database error is logged without the values bound to its statement', async () => {
    const secret = 'sql-param-SECRET-9001';
    const err = await ctx.db.execute(sql`select ${secret}::int`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    // what the error itself carries: the statement's parameters, in its message and fields
    expect(JSON.stringify({ message: (err as Error).message, ...(err as object) })).toContain(secret);
    ctx.app.log.error({ err }, 'database probe');
    const [e] = entry('database probe');
    expect(e.err.message).toMatch(/^Failed query: select \$1::int/);
    expect(e.err.cause?.code).toBe('22P02');
    expect(lines.join('\n')).not.toContain(secret);
  });
});

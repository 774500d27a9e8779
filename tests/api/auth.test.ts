import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../common/rules/passwords.ts';
import { loadConfig } from '../../server/config.ts';
import { users } from '../../server/db/schema/index.ts';
import { createTestApp, login, makeSignedIn, makeUser, registration, reloadUser, type TestContext } from '../helpers/app.ts';
import { expectError, findSecrets, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const usersWithEmail = async (email: string) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  )[0].n;

describe('registration', () => {
  it('creates a pending partner with an application and signs them in', async () => {
    const body = registration();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ accountStatus: 'pending', role: 'partner', membershipTier: 'standard', currentLevel: 1, totalPoints: 0, email: body.email });
    expect(user.password).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === 'cp_session');
    expect(cookie?.httpOnly).toBe(true);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `cp_session=${cookie!.value}` } });
    expect(me.json().user.id).toBe(user.id);
  });

  it('answers 409 on a duplicate e-mail, naming the field', async () => {
    const first = registration();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: first });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ email: first.email.toUpperCase() }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.issues[0]).toEqual({ path: 'email', message: 'An account with this email already exists.' });
  });

  it('refuses a date of birth the calendar does not have with a field message, not a database error', async () => {
    const body = registration({ dateOfBirth: '1975-02-30' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const error = expectError(res, 400, 'validation_failed');
    expect(error.issues).toContainEqual({ path: 'dateOfBirth', message: 'Please enter a valid date of birth' });
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it('validates with the form’s own messages', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ bio: 'short', confirmPassword: 'nope' }) });
    expect(res.statusCode).toBe(400);
    const issues = res.json().error.issues;
    expect(issues).toContainEqual({ path: 'bio', message: 'Please provide at least 20 characters about your professional background' });
    expect(issues).toContainEqual({ path: 'confirmPassword', message: "Passwords don't match" });
  });
});

describe('sign-in', () => {
  it('accepts a username or an e-mail and refuses a wrong password with the same answer as an unknown user', async () => {
    const u = await makeUser(ctx.db);
    expect(await login(ctx.app, u.username!)).toMatch(/^cp_session=/);
    expect(await login(ctx.app, u.email.toUpperCase())).toMatch(/^cp_session=/);
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.username, password: 'wrong-password' } });
    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'nobody-here', password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
  });
});

describe('mass assignment', () => {
  it('refuses a registration that sets role, accountStatus or totalPoints, and creates no user', async () => {
    const body = registration({ role: 'admin', accountStatus: 'approved', totalPoints: 999 });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const error = expectError(res, 400, 'validation_failed');
    expect(error.issues?.length).toBeGreaterThan(0);
    expect(res.cookies.find((c) => c.name === 'cp_session')).toBeUndefined();
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it.each([
    ['isActive', false],
    ['membershipTier', 'cp-plus'],
    ['approvedAt', '2020-01-01T00:00:00Z'],
    ['id', NO_SUCH_ID],
    ['authProvider', 'google'],
  ])('refuses a registration carrying %s', async (field, value) => {
    const body = registration({ [field]: value });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expectError(res, 400, 'validation_failed');
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it('ignores role and accountStatus in a sign-in body: the account is unchanged', async () => {
    const u = await makeUser(ctx.db, { accountStatus: 'pending' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: u.username, password: u.plainPassword, role: 'admin', accountStatus: 'approved' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'partner', accountStatus: 'pending' });
    expect(await reloadUser(ctx.db, u.id)).toMatchObject({ role: 'partner', accountStatus: 'pending' });
  });
});

describe('password hashes never leave the server', () => {
  it('register, sign-in, me and the pending list carry no password field and no argon2 hash', async () => {
    const body = registration();
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(reg.statusCode).toBe(201);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: body.username, password: body.password } });
    expect(signIn.statusCode).toBe(200);
    const cookie = `cp_session=${signIn.cookies.find((c) => c.name === 'cp_session')!.value}`;
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const pending = await ctx.app.inject({ method: 'GET', url: '/api/admin/pending-applications', headers: { cookie: admin.cookie } });
    expect(pending.json().items.some((a: { user: { email: string } }) => a.user.email === body.email)).toBe(true);
    for (const res of [reg, signIn, me, pending]) {
      expect(findSecrets(res.json())).toEqual([]);
      expect(res.body).not.toContain('$argon2');
      expect(res.body).not.toContain(body.password);
    }
  });
});

describe('stored passwords', () => {
  it('are argon2id with at least m=19456 KiB, t=2, p=1, salted, and never the plain text', async () => {
    const body = registration();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const [row] = await ctx.db.select({ password: users.password }).from(users).where(eq(users.email, body.email));
    const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{32,})$/.exec(row.password ?? '');
    expect(phc, row.password ?? 'no hash').not.toBeNull();
    const [, m, t, p] = phc!.map(Number);
    expect(m).toBeGreaterThanOrEqual(19456);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
    expect(row.password).not.toContain(body.password);
  });

  it('two accounts with the same password get different hashes (a salt per hash)', async () => {
    const a = registration();
    const b = registration();
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: a });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: b });
    const rows = await ctx.db
      .select({ password: users.password })
      .from(users)
      .where(or(eq(users.email, a.email), eq(users.email, b.email)));
    expect(rows).toHaveLength(2);
    expect(rows[0].password).not.toBe(rows[1].password);
  });
});

describe('sign-in answers reveal nothing about accounts', () => {
  const attempt = (username: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it('an unknown user, a wrong password and a deactivated account get the same status and body', async () => {
    const known = await makeUser(ctx.db);
    const deactivated = await makeUser(ctx.db, { isActive: false });
    const wrong = await attempt(known.username!, 'not-the-password');
    const unknown = await attempt('no-such-user-anywhere', 'not-the-password');
    const unknownEmail = await attempt('nobody@example.com', 'not-the-password');
    const inactive = await attempt(deactivated.username!, deactivated.plainPassword);
    expectError(wrong, 401, 'unauthorized');
    for (const res of [unknown, unknownEmail, inactive]) {
      expect(res.statusCode).toBe(wrong.statusCode);
      expect(res.body).toBe(wrong.body);
    }
    expect(inactive.cookies.find((c) => c.name === 'cp_session')).toBeUndefined();
  });

  it('a pending or rejected applicant can sign in (to see the status screen)', async () => {
    for (const accountStatus of ['pending', 'rejected'] as const) {
      const u = await makeUser(ctx.db, { accountStatus });
      const res = await attempt(u.username!, u.plainPassword);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.accountStatus).toBe(accountStatus);
    }
  });

  it('refuses an empty username or password with the form’s own messages', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '', password: '' } });
    const error = expectError(res, 400, 'validation_failed');
    expect(error.issues).toContainEqual({ path: 'username', message: 'Username is required' });
    expect(error.issues).toContainEqual({ path: 'password', message: 'Password is required' });
  });
});

describe('common passwords', () => {
  it('a registration with a well-known password is refused under the password field, whatever its case, and creates no user', async () => {
    const body = registration({ password: 'PASSWORD123', confirmPassword: 'PASSWORD123' });
    const error = expectError(await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body }), 400, 'validation_failed');
    expect(error.issues).toContainEqual({ path: 'password', message: COMMON_PASSWORD_MESSAGE });
    expect(await usersWithEmail(body.email)).toBe(0);
  });
});

describe('registration is limited per IP address (5 per 30 minutes)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ config: { register: { maxPerIp: 5, windowMs: 30 * 60_000 } } });
  });
  afterAll(async () => {
    await limited?.close();
  });
  const register = (body: Record<string, unknown>, ip: string) => limited.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: ip });
  const stored = async (email: string) => (await limited.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;

  it('counts every attempt, failed ones too: up to 5 pass, the 6th answers 429 with Retry-After, and the window reopens', async () => {
    const ip = '203.0.113.50';
    const first = registration();
    expect((await register(first, ip)).statusCode).toBe(201);
    expect((await register(registration({ email: first.email }), ip)).statusCode).toBe(409);
    limited.clock.advance(10 * 60_000);
    for (let i = 0; i < 3; i += 1) expect((await register(registration(), ip)).statusCode).toBe(201);

    const sixth = registration();
    const refused = await register(sixth, ip);
    expectError(refused, 429, 'rate_limited');
    expect(refused.headers['retry-after']).toBe(String(20 * 60));
    expect(refused.cookies.find((c) => c.name === 'cp_session')).toBeUndefined();
    expect(await stored(sixth.email)).toBe(0);
    expect((await register(registration(), '203.0.113.51')).statusCode).toBe(201);

    limited.clock.advance(20 * 60_000 + 1000);
    expect((await register(sixth, ip)).statusCode).toBe(201);
    expect(await stored(sixth.email)).toBe(1);
  });

  it('is 5 per 30 minutes unless configured (the test configuration raises it)', () => {
    const production = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cp-limit-')), NODE_ENV: 'production' } as NodeJS.ProcessEnv);
    expect(production.register).toEqual({ maxPerIp: 5, windowMs: 30 * 60_000 });
    expect(ctx.config.register.maxPerIp).toBeGreaterThan(100);
    const tuned = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cp-limit-')), REGISTER_MAX_PER_IP: '2', REGISTER_WINDOW_MINUTES: '60' } as NodeJS.ProcessEnv);
    expect(tuned.register).toEqual({ maxPerIp: 2, windowMs: 60 * 60_000 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, makeUser, registration, type TestContext } from '../helpers/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

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

  it('validates with the spec messages', async () => {
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

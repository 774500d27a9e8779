import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { DEFAULT_PASSWORD } from '../../server/db/factories/members.ts';
import { createTestApp, makeUser, openSession, registration, reloadUser, type TestContext } from '../helpers/app.ts';

/** A member's first sign-in is greeted as a welcome; /api/auth/me says whether this session is it. */

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await openSession(ctx, (await makeUser(ctx.db, { role: 'admin' })).id);
});
afterAll(async () => {
  await ctx?.close();
});

const me = async (cookie: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user as { firstSignIn: boolean; accountStatus: string };
};
const signIn = async (username: string, password = DEFAULT_PASSWORD) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return { user: res.json().user as { firstSignIn: boolean }, cookie: `cp_session=${res.cookies.find((c) => c.name === 'cp_session')!.value}` };
};

describe('first sign-in', () => {
  it('an applicant is never greeted as a member; the session that outlives approval is their first', async () => {
    const body = registration();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.json().user.firstSignIn).toBe(false);
    const id = res.json().user.id as string;
    const cookie = `cp_session=${res.cookies.find((c) => c.name === 'cp_session')!.value}`;
    expect((await me(cookie)).firstSignIn).toBe(false);
    expect((await reloadUser(ctx.db, id)).firstSignedInAt).toBeNull();

    await ctx.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, id));
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/approve-application/${id}`, headers: { cookie: adminCookie }, payload: {} })).statusCode).toBe(200);
    // the same session, now a member's: the welcome, and it stays for the whole session
    expect(await me(cookie)).toMatchObject({ accountStatus: 'approved', firstSignIn: true });
    expect((await me(cookie)).firstSignIn).toBe(true);
    expect((await reloadUser(ctx.db, id)).firstSignedInAt).toEqual(ctx.clock.now());

    // every later sign-in is a return
    const again = await signIn(body.username, body.password);
    expect(again.user.firstSignIn).toBe(false);
    expect((await me(again.cookie)).firstSignIn).toBe(false);
  });

  it('a member approved but never signed in is welcomed at their first sign-in, and welcomed back at the next', async () => {
    const member = await makeUser(ctx.db, { firstSignedInAt: null });
    const first = await signIn(member.username!);
    expect(first.user.firstSignIn).toBe(true);
    expect((await me(first.cookie)).firstSignIn).toBe(true);

    ctx.clock.advance(60_000);
    const second = await signIn(member.username!);
    expect(second.user.firstSignIn).toBe(false);
    expect((await me(second.cookie)).firstSignIn).toBe(false);
    // the first session still knows it was the first; the moment is not moved by later ones
    expect((await me(first.cookie)).firstSignIn).toBe(true);
    expect((await reloadUser(ctx.db, member.id)).firstSignedInAt).toEqual(new Date(ctx.clock.now().getTime() - 60_000));
  });

  it('two sessions racing for the first: only one is recorded', async () => {
    const member = await makeUser(ctx.db, { firstSignedInAt: null });
    const a = await signIn(member.username!);
    const b = await signIn(member.username!);
    const answers = await Promise.all([me(a.cookie), me(b.cookie)]);
    expect(answers.filter((u) => u.firstSignIn)).toHaveLength(1);
  });

  it('a member who has signed in before is welcomed back', async () => {
    const member = await makeUser(ctx.db);
    const { user, cookie } = await signIn(member.username!);
    expect(user.firstSignIn).toBe(false);
    expect((await me(cookie)).firstSignIn).toBe(false);
  });

  it('the flag cannot be set through the profile', async () => {
    const member = await makeUser(ctx.db);
    const { cookie } = await signIn(member.username!);
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie }, payload: { firstSignIn: true } });
    expect(res.statusCode).toBe(400);
    expect((await me(cookie)).firstSignIn).toBe(false);
    expect((await reloadUser(ctx.db, member.id)).firstSessionId).toBeNull();
  });
});

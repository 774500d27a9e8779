import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okSchema } from '../../common/schemas/profile.ts';
import { activeSessionListSchema, signedOutCountSchema } from '../../common/schemas/security.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { sessions, users } from '../../server/db/schema/index.ts';
import { LAST_SIGN_IN_METHOD, NOT_LINKED } from '../../server/services/oauth-accounts.ts';
import { createTestApp, login, makeSignedIn, makeUser, openSession, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';
import { confirmIdentity, markConfirmed } from '../helpers/reauth.ts';

/** Profile Settings → Security: the member's active sessions and unlinking Google or Apple. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Signs in from a given browser and address; answers a client carrying that session. */
async function signInFrom(username: string, password: string, userAgent: string, ip: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, headers: { 'user-agent': userAgent }, remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = `cp_session=${res.cookies.find((c) => c.name === 'cp_session')!.value}`;
  return client(ctx.app, cookie);
}

describe('active sessions', () => {
  it('lists the member’s own sessions, this one first, with device, rough address and times; never a token or its hash', async () => {
    const u = await makeUser(ctx.db, { accountStatus: 'approved' });
    const laptop = await signInFrom(u.username!, u.plainPassword, CHROME_MAC, '203.0.113.77');
    ctx.clock.advance(120_000);
    const phone = await signInFrom(u.username!, u.plainPassword, SAFARI_IPHONE, '198.51.100.23');
    const other = await makeSignedIn(ctx);

    const list = await laptop.getOk(activeSessionListSchema, '/api/auth/sessions');
    expect(list.items).toHaveLength(2);
    expect(list.items[0]).toMatchObject({ current: true, browser: 'Chrome', os: 'macOS', device: 'desktop', ip: '203.0.113.x' });
    expect(list.items[1]).toMatchObject({ current: false, browser: 'Safari', os: 'iOS', device: 'mobile', ip: '198.51.100.x' });
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id));
    for (const item of list.items) {
      expect(rows.map((r) => r.id)).not.toContain(item.id);
      expect(item.id).not.toMatch(/^[0-9a-f]{64}$/);
    }
    // the same session has the same id in every list
    const fromPhone = await phone.getOk(activeSessionListSchema, '/api/auth/sessions');
    expect(fromPhone.items.find((s) => s.current)!.id).toBe(list.items[1].id);
    // nobody else's sessions appear
    const theirs = await other.api.getOk(activeSessionListSchema, '/api/auth/sessions');
    expect(theirs.items).toHaveLength(1);
    expect(theirs.items[0].id).not.toBe(list.items[0].id);
  });

  it('signs out one session at once (a cached lookup included); another member’s id is not found', async () => {
    const u = await makeUser(ctx.db, { accountStatus: 'approved' });
    const laptop = await signInFrom(u.username!, u.plainPassword, CHROME_MAC, '203.0.113.5');
    const phone = await signInFrom(u.username!, u.plainPassword, SAFARI_IPHONE, '203.0.113.6');
    const other = await makeSignedIn(ctx);
    // the phone's lookup is now in the read cache
    expect((await phone.get('/api/auth/me')).statusCode).toBe(200);
    const phoneId = (await laptop.getOk(activeSessionListSchema, '/api/auth/sessions')).items.find((s) => !s.current)!.id;

    expectError(await other.api.delete(`/api/auth/sessions/${phoneId}`), 404, 'not_found');
    expectError(await client(ctx.app).delete(`/api/auth/sessions/${phoneId}`), 401, 'unauthorized');
    expectError(await laptop.delete(`/api/auth/sessions/${phoneId}`, { headers: { 'sec-fetch-site': 'cross-site' } }), 403, 'forbidden');
    expectError(await laptop.delete('/api/auth/sessions/no-such-session'), 404, 'not_found');
    expect((await phone.get('/api/auth/me')).statusCode).toBe(200);

    await laptop.deleteOk(okSchema, `/api/auth/sessions/${phoneId}`);
    expectError(await phone.get('/api/auth/me'), 401, 'unauthorized');
    expect((await laptop.getOk(activeSessionListSchema, '/api/auth/sessions')).items).toHaveLength(1);
  });

  it('signing out this session clears its cookie', async () => {
    const who = await makeSignedIn(ctx);
    const [mine] = (await who.api.getOk(activeSessionListSchema, '/api/auth/sessions')).items;
    const res = await who.api.delete(`/api/auth/sessions/${mine.id}`);
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'cp_session');
    expect(cleared?.value).toBe('');
    expectError(await who.api.get('/api/auth/me'), 401, 'unauthorized');
  });

  it('signs out every other session and keeps this one', async () => {
    const who = await makeSignedIn(ctx);
    const second = client(ctx.app, await login(ctx.app, who.user.username!, who.user.plainPassword));
    const third = client(ctx.app, await openSession(ctx, who.user.id));
    const bystander = await makeSignedIn(ctx);
    expect((await third.get('/api/auth/me')).statusCode).toBe(200);
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
    expect(await who.api.postOk(signedOutCountSchema, '/api/auth/sessions/sign-out-others')).toEqual({ signedOut: 2 });
    expectError(await second.get('/api/auth/me'), 401, 'unauthorized');
    expectError(await third.get('/api/auth/me'), 401, 'unauthorized');
    expect((await who.api.get('/api/auth/me')).statusCode).toBe(200);
    expect((await bystander.api.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('is closed to applicants and signed-out callers', async () => {
    const applicant = await makeSignedIn(ctx, { accountStatus: 'pending' });
    expectError(await applicant.api.get('/api/auth/sessions'), 403, 'forbidden');
    expectError(await client(ctx.app).get('/api/auth/sessions'), 401, 'unauthorized');
    expectError(await client(ctx.app).post('/api/auth/sessions/sign-out-others'), 401, 'unauthorized');
  });
});

describe('unlinking Google or Apple', () => {
  it('unlinks a provider from an account that keeps its password', async () => {
    const who = await makeSignedIn(ctx, { googleId: `g-${Date.now()}` });
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
    const res = await who.api.deleteOk(userEnvelopeSchema, '/api/auth/oauth/google');
    expect(res.user.googleLinked).toBe(false);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, who.user.id));
    expect(row.googleId).toBeNull();
    expect(expectError(await who.api.delete('/api/auth/oauth/google'), 404, 'not_found').message).toBe(NOT_LINKED('Google'));
    expectError(await who.api.delete('/api/auth/oauth/github'), 400, 'validation_failed');
  });

  it('refuses to remove the last way to sign in', async () => {
    const n = Date.now();
    const u = await makeUser(ctx.db, { accountStatus: 'approved', googleId: `g2-${n}`, appleId: `a2-${n}` });
    await ctx.db.update(users).set({ password: null }).where(eq(users.id, u.id));
    const cookie = await openSession(ctx, u.id);
    await markConfirmed(ctx, cookie);
    const api = client(ctx.app, cookie);
    const afterApple = await api.deleteOk(userEnvelopeSchema, '/api/auth/oauth/apple');
    expect(afterApple.user).toMatchObject({ appleLinked: false, googleLinked: true });
    const refused = expectError(await api.delete('/api/auth/oauth/google'), 409, 'conflict');
    expect(refused.message).toBe(LAST_SIGN_IN_METHOD('Google'));
    const [row] = await ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row.googleId).toBe(`g2-${n}`);
  });

  it('is refused signed out and from another site', async () => {
    expectError(await client(ctx.app).delete('/api/auth/oauth/google'), 401, 'unauthorized');
    const who = await makeSignedIn(ctx, { googleId: `g3-${Date.now()}` });
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
    expectError(await who.api.delete('/api/auth/oauth/google', { headers: { 'sec-fetch-site': 'cross-site' } }), 403, 'forbidden');
    expect((await who.api.getOk(userEnvelopeSchema, '/api/auth/me')).user.googleLinked).toBe(true);
  });
});

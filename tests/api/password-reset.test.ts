import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginFailures, pushSubscriptions, sessions, users } from '../../server/db/schema/index.ts';
import { signToken } from '../../server/lib/signed-token.ts';
import { passwordResetRequestsSettled } from '../../server/services/password-reset.ts';
import { createTestApp, login, makeSignedIn, makeUser, openSession, reloadUser, type TestContext } from '../helpers/app.ts';
import { snapshotTables } from '../helpers/db-snapshot.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

/**
 * A forgotten password is reset with a signed link mailed to the account's address: the request answers the
 * same whatever the address, the link works once and for an hour, and using it ends every session. An
 * administrator may send the same link to a member they manage.
 */

const APP_URL = 'https://partners.example';
const HOUR = 3_600_000;
const NEW_PASSWORD = 'Lighthouse-Keeper-42';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { publicUrl: APP_URL } });
});
afterAll(async () => {
  await ctx?.close();
});

let ipCounter = 0;
const newIp = () => `198.18.40.${++ipCounter}`;

/** Asks for a link and waits until the request has been decided (it is decided after the answer). */
async function forgot(email: string, ip = newIp()) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
  await passwordResetRequestsSettled(ctx.db);
  return res;
}
const reset = (token: unknown, newPassword = NEW_PASSWORD, confirmPassword: unknown = newPassword, ip = newIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword, confirmPassword }, remoteAddress: ip });
const mailsTo = (email: string) => ctx.mailer.sent.filter((m) => m.to === email);
const linksTo = (email: string) =>
  mailsTo(email)
    .map((m) => /https?:\/\/\S+\/reset-password\?\S+/.exec(m.text)?.[0])
    .filter((l): l is string => !!l)
    .map((l) => new URL(l));
const lastToken = (email: string) => linksTo(email).at(-1)!.searchParams.get('token')!;
const signInStatus = async (username: string, password: string) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: newIp() })).statusCode;

/** A browser's push subscription for the signed-in member, registered through the API. */
async function subscribePush(cookie: string) {
  const key = createECDH('prime256v1');
  key.generateKeys();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie },
    payload: {
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`,
      expirationTime: null,
      keys: { p256dh: key.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('asking for a link', () => {
  it('answers 202 with the same body for an unknown address, and mails nothing', async () => {
    const before = ctx.mailer.sent.length;
    const res = await forgot('nobody-here@example.com');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(ctx.mailer.sent.length).toBe(before);
  });

  it('answers the same 202 for a known address and mails it a link to /reset-password on PUBLIC_URL', async () => {
    const member = await makeUser(ctx.db);
    const res = await forgot(member.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const [link] = linksTo(member.email);
    expect(link.origin + link.pathname).toBe(`${APP_URL}/reset-password`);
    expect(link.searchParams.get('token')!.length).toBeGreaterThan(60);
  });

  it('mails nothing to a deactivated, removed or anonymised account, and still answers 202', async () => {
    const off = await makeUser(ctx.db, { isActive: false });
    const removed = await makeUser(ctx.db, { isActive: false, removedAt: new Date() });
    const anonymised = await makeUser(ctx.db, { isActive: false, anonymisedAt: new Date() });
    for (const u of [off, removed, anonymised]) {
      const res = await forgot(u.email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ ok: true });
      expect(mailsTo(u.email)).toEqual([]);
    }
  });

  it('a pending applicant gets a link too (they sign in to follow their application)', async () => {
    const applicant = await makeUser(ctx.db, { accountStatus: 'pending' });
    await forgot(applicant.email);
    expect(linksTo(applicant.email)).toHaveLength(1);
  });

  it('refuses a malformed address or extra fields with 400, whatever the account', async () => {
    expectError(await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'not-an-address' } }), 400, 'validation_failed');
    const member = await makeUser(ctx.db);
    expectError(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: member.email, userId: member.id } }),
      400,
      'validation_failed',
    );
  });

  it('per address: the 4th request within an hour mails nothing but still answers 202; an hour later it mails again', async () => {
    const member = await makeUser(ctx.db);
    for (let i = 0; i < 3; i++) expect((await forgot(member.email)).statusCode).toBe(202);
    expect(linksTo(member.email)).toHaveLength(3);
    const fourth = await forgot(member.email);
    expect(fourth.statusCode).toBe(202);
    expect(fourth.json()).toEqual({ ok: true });
    expect(linksTo(member.email)).toHaveLength(3);
    ctx.clock.advance(HOUR + 1000);
    await forgot(member.email);
    expect(linksTo(member.email)).toHaveLength(4);
  });

  it('per account: an administrator’s links count with the member’s own, and the member’s 4th request mails nothing', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const member = await makeUser(ctx.db);
    for (let i = 0; i < 3; i++) expect((await admin.api.post(`/api/users/${member.id}/password-reset`, { body: {} })).statusCode).toBe(202);
    expect(linksTo(member.email)).toHaveLength(3);
    const res = await forgot(member.email);
    expect(res.statusCode).toBe(202);
    expect(linksTo(member.email)).toHaveLength(3);
  });

  it('per IP: after 20 requests from one address in an hour, more mail nothing but still answer 202', async () => {
    const ip = '198.18.41.1';
    for (let i = 0; i < 20; i++) await forgot(`someone${i}@example.com`, ip);
    const member = await makeUser(ctx.db);
    const res = await forgot(member.email, ip);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(mailsTo(member.email)).toEqual([]);
  });

  it('keeps no e-mail address in the attempt log', async () => {
    const address = `traceable${Date.now()}@example.com`;
    await forgot(address);
    const keys = (await ctx.db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key);
    expect(keys.some((k) => k.includes(address))).toBe(false);
  });
});

describe('setting the password with the link', () => {
  it('sets it (argon2id), ends every session, removes the push subscriptions, verifies the address and mails a notice', async () => {
    const member = await makeSignedIn(ctx, { emailVerifiedAt: null });
    const other = await openSession(ctx, member.user.id);
    await subscribePush(member.cookie);
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toHaveLength(1);
    await forgot(member.user.email);
    const res = await reset(lastToken(member.user.email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, kind: 'reset' });

    const row = await reloadUser(ctx.db, member.user.id);
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.emailVerifiedAt).toEqual(ctx.clock.now());
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toEqual([]);
    for (const cookie of [member.cookie, other]) {
      expectError(await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }), 401, 'unauthorized');
    }
    const notice = mailsTo(member.user.email).at(-1)!;
    expect(notice.subject).toMatch(/password was changed/);
    expect(notice.text).toMatch(/If this was not you/);
    expect(notice.text).not.toMatch(/token=/);

    expect(await signInStatus(member.user.username!, member.user.plainPassword)).toBe(401);
    expect(await signInStatus(member.user.username!, NEW_PASSWORD)).toBe(200);
  });

  it('works once: the second use answers 400 and changes nothing', async () => {
    const member = await makeUser(ctx.db);
    await forgot(member.email);
    const token = lastToken(member.email);
    expect((await reset(token)).statusCode).toBe(200);
    const before = await reloadUser(ctx.db, member.id);
    const again = expectError(await reset(token, 'Another-Password-77'), 400, 'bad_request');
    expect(again.message).toMatch(/invalid, has expired or has already been used/);
    expect((await reloadUser(ctx.db, member.id)).password).toBe(before.password);
  });

  it('expires after an hour', async () => {
    const member = await makeUser(ctx.db);
    await forgot(member.email);
    const token = lastToken(member.email);
    ctx.clock.advance(HOUR + 1000);
    expectError(await reset(token), 400, 'bad_request');
    expect((await reloadUser(ctx.db, member.id)).password).toBe(member.password);
  });

  it('stops working once the password was changed another way', async () => {
    const member = await makeSignedIn(ctx);
    await forgot(member.user.email);
    const token = lastToken(member.user.email);
    const changed = await member.api.patch('/api/auth/password', {
      body: { currentPassword: member.user.plainPassword, newPassword: 'Changed-Elsewhere-9', confirmPassword: 'Changed-Elsewhere-9' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectError(await reset(token), 400, 'bad_request');
    expect(await signInStatus(member.user.username!, 'Changed-Elsewhere-9')).toBe(200);
  });

  it('every earlier link stops working once one of them was used', async () => {
    const member = await makeUser(ctx.db);
    await forgot(member.email);
    await forgot(member.email);
    const [first, second] = linksTo(member.email).map((l) => l.searchParams.get('token')!);
    expect((await reset(second)).statusCode).toBe(200);
    expectError(await reset(first, 'Yet-Another-Pass-5'), 400, 'bad_request');
  });

  it('stops working when the account changed its address, or was deactivated', async () => {
    const moved = await makeUser(ctx.db);
    await forgot(moved.email);
    const movedToken = lastToken(moved.email);
    await ctx.db
      .update(users)
      .set({ email: `moved${Date.now()}@example.com` })
      .where(eq(users.id, moved.id));
    expectError(await reset(movedToken), 400, 'bad_request');
    const off = await makeUser(ctx.db);
    await forgot(off.email);
    const offToken = lastToken(off.email);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, off.id));
    expectError(await reset(offToken), 400, 'bad_request');
    expect((await reloadUser(ctx.db, off.id)).password).toBe(off.password);
  });

  it('refuses a forged, altered or other-purpose token with 400', async () => {
    const member = await makeUser(ctx.db);
    await forgot(member.email);
    const token = lastToken(member.email);
    const [body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const longer = Buffer.from(JSON.stringify({ ...payload, x: (payload.x as number) + 30 * 24 * HOUR })).toString('base64url');
    const wrongKey = signToken('y'.repeat(40), 'password-reset', payload);
    const otherPurpose = signToken(ctx.config.sessionSecret, 'verify-email', payload);
    for (const bad of [`${longer}.${sig}`, wrongKey, otherPurpose, 'garbage', `${body}.${sig}.x`]) expectError(await reset(bad), 400, 'bad_request');
    expect((await reloadUser(ctx.db, member.id)).password).toBe(member.password);
  });

  it('holds the new password to the registration rule, with its messages, before looking at the token', async () => {
    const member = await makeUser(ctx.db);
    await forgot(member.email);
    const token = lastToken(member.email);
    const short = expectError(await reset(token, 'short'), 400, 'validation_failed');
    expect(short.issues).toContainEqual({ path: 'newPassword', message: 'Password must be at least 8 characters' });
    const common = expectError(await reset(token, 'password123'), 400, 'validation_failed');
    expect(common.issues).toContainEqual({ path: 'newPassword', message: 'This password is too common. Please choose another.' });
    const mismatch = expectError(await reset(token, NEW_PASSWORD, 'Something-Else-1'), 400, 'validation_failed');
    expect(mismatch.issues).toContainEqual({ path: 'confirmPassword', message: "Passwords don't match" });
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, userId: NO_SUCH_ID },
      }),
      400,
      'validation_failed',
    );
    // the link still works afterwards
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('an account with no password (Google or Apple only) may set one this way and then sign in with its address', async () => {
    const social = await makeUser(ctx.db, { username: null, googleId: `g-${Date.now()}`, authProvider: 'google' });
    await ctx.db.update(users).set({ password: null }).where(eq(users.id, social.id));
    await forgot(social.email);
    expect((await reset(lastToken(social.email))).statusCode).toBe(200);
    expect(await signInStatus(social.email, NEW_PASSWORD)).toBe(200);
  });

  it('forgets the failed sign-ins that locked the account', async () => {
    const member = await makeUser(ctx.db);
    for (let i = 0; i < ctx.config.login.maxPerAccount; i++) await signInStatus(member.username!, 'Wrong-Password-1');
    expect(await signInStatus(member.username!, member.plainPassword)).toBe(429);
    await forgot(member.email);
    expect((await reset(lastToken(member.email))).statusCode).toBe(200);
    expect(await signInStatus(member.username!, NEW_PASSWORD)).toBe(200);
  });

  it('audits the reset without anything personal', async () => {
    const member = await makeUser(ctx.db);
    await forgot(member.email);
    await reset(lastToken(member.email));
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, member.id));
    expect(entry).toMatchObject({ actorId: member.id, action: 'user.password_reset', entityType: 'user', before: null, after: null });
  });

  it('is limited per IP: after 20 tries in an hour, 429 and nothing changes', async () => {
    const ip = '198.18.42.1';
    for (let i = 0; i < 20; i++) expectError(await reset(`nonsense-${i}`, NEW_PASSWORD, NEW_PASSWORD, ip), 400, 'bad_request');
    const member = await makeUser(ctx.db);
    await forgot(member.email);
    const before = await snapshotTables(ctx.db);
    expectError(await reset(lastToken(member.email), NEW_PASSWORD, NEW_PASSWORD, ip), 429, 'rate_limited');
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });
});

describe('an administrator sends a reset link', () => {
  it('admin → partner: 202, the member is mailed the link, the act is audited, and the admin never sees the token', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const member = await makeUser(ctx.db);
    const res = await admin.api.post(`/api/users/${member.id}/password-reset`, { body: {} });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(res.body).not.toMatch(/token/);
    expect(linksTo(member.email)).toHaveLength(1);
    expect(mailsTo(member.email)[0].text).toMatch(/An administrator/);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, member.id));
    expect(entry).toMatchObject({ actorId: admin.user.id, action: 'user.password_reset_sent', entityType: 'user' });
    expect((await reset(lastToken(member.email))).statusCode).toBe(200);
  });

  it('a member gets 403, signed out 401, and nothing is mailed', async () => {
    const member = await makeSignedIn(ctx);
    const target = await makeUser(ctx.db);
    expectError(await member.api.post(`/api/users/${target.id}/password-reset`, { body: {} }), 403, 'forbidden');
    expectError(await ctx.app.inject({ method: 'POST', url: `/api/users/${target.id}/password-reset`, payload: {} }), 401, 'unauthorized');
    expect(mailsTo(target.email)).toEqual([]);
  });

  it('a plain admin may not act on an admin or master-admin (403); a master-admin may', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const master = await makeUser(ctx.db, { role: 'master-admin' });
    const peer = await makeUser(ctx.db, { role: 'admin' });
    for (const target of [master, peer]) {
      expectError(await admin.api.post(`/api/users/${target.id}/password-reset`, { body: {} }), 403, 'forbidden');
      expect(mailsTo(target.email)).toEqual([]);
    }
    const boss = await makeSignedIn(ctx, { role: 'master-admin' });
    expect((await boss.api.post(`/api/users/${peer.id}/password-reset`, { body: {} })).statusCode).toBe(202);
  });

  it('404 for an unknown or removed account; 403 for oneself and for a deactivated account', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    expectError(await admin.api.post(`/api/users/${NO_SUCH_ID}/password-reset`, { body: {} }), 404, 'not_found');
    const removed = await makeUser(ctx.db, { isActive: false, removedAt: new Date() });
    expectError(await admin.api.post(`/api/users/${removed.id}/password-reset`, { body: {} }), 404, 'not_found');
    expectError(await admin.api.post(`/api/users/${admin.user.id}/password-reset`, { body: {} }), 403, 'forbidden');
    const off = await makeUser(ctx.db, { isActive: false });
    expectError(await admin.api.post(`/api/users/${off.id}/password-reset`, { body: {} }), 403, 'forbidden');
  });

  it('sends the ability with each user in User Management, matching what the server allows', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const member = await makeUser(ctx.db, { lastName: `Abilityperson${Date.now()}` });
    const master = await makeUser(ctx.db, { role: 'master-admin', lastName: `Abilityboss${Date.now()}` });
    const page = (await admin.api.get('/api/users', { query: { search: 'Ability', pageSize: 50 } })).json() as {
      items: Array<{ id: string; can: Record<string, boolean> }>;
    };
    expect(page.items.find((u) => u.id === member.id)?.can.sendPasswordReset).toBe(true);
    expect(page.items.find((u) => u.id === master.id)?.can.sendPasswordReset).toBe(false);
  });
});

describe('sign-in after a reset', () => {
  it('uses the standard sign-in', async () => {
    const member = await makeUser(ctx.db);
    await forgot(member.email);
    await reset(lastToken(member.email));
    await expect(login(ctx.app, member.username!, NEW_PASSWORD)).resolves.toMatch(/^cp_session=/);
  });
});

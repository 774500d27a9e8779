import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationResultSchema } from '../../common/schemas/password-reset.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { auditLog, users } from '../../server/db/schema/index.ts';
import { usernameBase } from '../../server/services/invitations.ts';
import { client } from '../helpers/client.ts';
import { createTestApp, login, makeSignedIn, makeUser, reloadUser, type TestContext } from '../helpers/app.ts';
import { snapshotTables } from '../helpers/db-snapshot.ts';
import { expectError } from '../helpers/http.ts';

/**
 * An administrator invites someone as an approved partner: the account exists at once with no password, and the
 * invitation e-mail's link sets the first one through the reset page; then they sign in like any member.
 */

const APP_URL = 'https://partners.example';
const DAY = 24 * 3_600_000;
const PASSWORD = 'Harbour-Lights-2026';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { publicUrl: APP_URL } });
});
afterAll(async () => {
  await ctx?.close();
});

let n = 0;
const invitee = (o: Record<string, unknown> = {}) => ({ email: `invitee${Date.now()}${++n}@example.com`, firstName: 'Imogen', lastName: 'Invitee', ...o });
const linkTo = (email: string) => {
  const mail = ctx.mailer.sent.filter((m) => m.to === email).at(-1);
  const url = mail && /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0];
  return url ? new URL(url) : undefined;
};
const setPassword = (token: string, newPassword = PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword, confirmPassword: newPassword } });
const accountsWith = (email: string) =>
  ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

describe('who may invite', () => {
  it('signed out: 401; a member: 403; an applicant: 403; nothing is created or mailed', async () => {
    const body = invitee();
    const member = await makeSignedIn(ctx);
    const applicant = await makeUser(ctx.db, { accountStatus: 'pending' });
    const applicantApi = client(ctx.app, await login(ctx.app, applicant.username!, applicant.plainPassword));
    const before = await snapshotTables(ctx.db);
    expectError(await ctx.app.inject({ method: 'POST', url: '/api/admin/invitations', payload: body }), 401, 'unauthorized');
    expectError(await member.api.post('/api/admin/invitations', { body }), 403, 'forbidden');
    expectError(await applicantApi.post('/api/admin/invitations', { body }), 403, 'forbidden');
    expect(await snapshotTables(ctx.db)).toEqual(before);
    expect(ctx.mailer.sent.filter((m) => m.to === body.email)).toEqual([]);
  });

  it('refuses bad input and extra fields (a role, a status) with 400', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    for (const body of [
      invitee({ email: 'nope' }),
      invitee({ firstName: '' }),
      invitee({ lastName: 'x'.repeat(51) }),
      invitee({ role: 'admin' }),
      invitee({ accountStatus: 'approved' }),
      { email: 'only@example.com' },
    ]) {
      expectError(await admin.api.post('/api/admin/invitations', { body }), 400, 'validation_failed');
    }
  });
});

describe('an administrator invites someone', () => {
  it('creates an approved partner with no password and an unverified address, mails the link (7 days), and audits it', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const body = invitee({ email: `Grace.Hopper+${Date.now()}@Example.com` });
    const made = await admin.api.create(invitationResultSchema, '/api/admin/invitations', { body });
    expect(made).toMatchObject({ email: body.email.toLowerCase(), firstName: 'Imogen', lastName: 'Invitee' });
    expect(made.username).toMatch(/^[a-z0-9._-]{3,30}$/);
    expect(made.username.startsWith('grace.hopper')).toBe(true);

    const row = await reloadUser(ctx.db, made.id);
    expect(row).toMatchObject({ role: 'partner', accountStatus: 'approved', isActive: true, password: null, emailVerifiedAt: null, approvedBy: admin.user.id });
    const link = linkTo(made.email)!;
    expect(link.origin + link.pathname).toBe(`${APP_URL}/reset-password`);
    const mail = ctx.mailer.sent.filter((m) => m.to === made.email).at(-1)!;
    expect(mail.subject).toMatch(/invited/);
    expect(mail.text).toContain(made.username);
    expect(mail.text).toMatch(/7 days/);

    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(entry).toMatchObject({ actorId: admin.user.id, action: 'user.invite', entityType: 'user' });
  });

  it('409 when the address is taken, whatever its letter case, and nothing is mailed', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const existing = await makeUser(ctx.db);
    const sentBefore = ctx.mailer.sent.length;
    const err = expectError(await admin.api.post('/api/admin/invitations', { body: invitee({ email: existing.email.toUpperCase() }) }), 409, 'conflict');
    expect(err.issues).toEqual([{ path: 'email', message: 'An account with this email already exists.' }]);
    expect(ctx.mailer.sent.length).toBe(sentBefore);
    const body = invitee();
    await admin.api.create(invitationResultSchema, '/api/admin/invitations', { body });
    expectError(await admin.api.post('/api/admin/invitations', { body }), 409, 'conflict');
    expect(await accountsWith(body.email)).toHaveLength(1);
  });

  it('makes the username unique', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const local = `samesame${Date.now()}`;
    const a = await admin.api.create(invitationResultSchema, '/api/admin/invitations', { body: invitee({ email: `${local}@one.example` }) });
    const b = await admin.api.create(invitationResultSchema, '/api/admin/invitations', { body: invitee({ email: `${local}@two.example` }) });
    expect(a.username).toBe(local);
    expect(b.username).toBe(`${local}2`);
    expect(usernameBase('x@example.com')).toMatch(/^[a-z0-9._-]{3,26}$/);
    expect(usernameBase('"weird name"@example.com')).toBe('weirdname');
  });

  it('the invitee cannot sign in before setting a password; with the link they set it, sign in and are an approved partner', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const made = await admin.api.create(invitationResultSchema, '/api/admin/invitations', { body: invitee() });
    for (const login of [made.username, made.email]) {
      for (const password of ['', 'anything-at-all', 'null']) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: login, password } });
        expect([400, 401]).toContain(res.statusCode);
      }
    }
    const token = linkTo(made.email)!.searchParams.get('token')!;
    const res = await setPassword(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, kind: 'invite' });
    expect((await reloadUser(ctx.db, made.id)).emailVerifiedAt).toEqual(ctx.clock.now());
    const notice = ctx.mailer.sent.filter((m) => m.to === made.email).at(-1)!;
    expect(notice.subject).toMatch(/password was set/);

    const cookie = await login(ctx.app, made.username, PASSWORD);
    const me = await client(ctx.app, cookie).getOk(userEnvelopeSchema, '/api/auth/me');
    expect(me.user).toMatchObject({ role: 'partner', accountStatus: 'approved', emailVerified: true });
    expect(me.user.can.submitLeads).toBe(true);
    expect(me.user.can.adminPanel).toBe(false);
    // the invitation link worked once
    expectError(await setPassword(token, 'Second-Go-Password-1'), 400, 'bad_request');
  });

  it('the invitation link works for 7 days, not longer', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    const early = await admin.api.create(invitationResultSchema, '/api/admin/invitations', { body: invitee() });
    const late = await admin.api.create(invitationResultSchema, '/api/admin/invitations', { body: invitee() });
    const earlyToken = linkTo(early.email)!.searchParams.get('token')!;
    const lateToken = linkTo(late.email)!.searchParams.get('token')!;
    ctx.clock.advance(6 * DAY);
    expect((await setPassword(earlyToken)).statusCode).toBe(200);
    ctx.clock.advance(DAY + 1000);
    expectError(await setPassword(lateToken), 400, 'bad_request');
  });

  it('is limited per administrator: the 21st invitation within an hour answers 429 and creates nothing', async () => {
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    for (let i = 0; i < 20; i++) expect((await admin.api.post('/api/admin/invitations', { body: invitee() })).statusCode).toBe(201);
    const body = invitee();
    expectError(await admin.api.post('/api/admin/invitations', { body }), 429, 'rate_limited');
    expect(await accountsWith(body.email)).toEqual([]);
    // another administrator is not held up by it
    const other = await makeSignedIn(ctx, { role: 'admin' });
    expect((await other.api.post('/api/admin/invitations', { body })).statusCode).toBe(201);
  });
});

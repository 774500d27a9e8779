import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okSchema } from '../../common/schemas/profile.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { verifyPassword } from '../../server/lib/passwords.ts';
import { sessions } from '../../server/db/schema/index.ts';
import { EMAIL_TAKEN, PASSWORD_THROTTLED, SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from '../../server/services/profile.ts';
import { createTestApp, login, makeSignedIn, makeUser, openSession, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError, findSecrets } from '../helpers/http.ts';
import { confirmIdentity } from '../helpers/reauth.ts';

let ctx: TestContext;
let owner: SignedIn;
let other: SignedIn;
const profileBody = (o: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: owner.user.email,
  company: 'Analytical Engines',
  jobTitle: 'Chief Scientist',
  location: 'London, UK',
  bio: 'Mathematician.',
  phoneNumber: '+44 20 7946 0000',
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  website: 'https://example.org',
  expertise: ['Strategy'],
  industries: ['Technology'],
  availableForNetworking: true,
  ...o,
});

const issuesOf = (res: { json(): unknown }) =>
  Object.fromEntries(((res.json() as { error: { issues?: Array<{ path: string; message: string }> } }).error.issues ?? []).map((i) => [i.path, i.message]));
beforeAll(async () => {
  ctx = await createTestApp({ config: { login: { maxPerAccount: 3, maxPerIp: 1000, windowMs: 15 * 60_000 } } });
  owner = await makeSignedIn(ctx);
  other = await makeSignedIn(ctx);
  await makeSignedIn(ctx, { role: 'admin' });
  await makeSignedIn(ctx, { role: 'master-admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('PATCH /api/auth/profile', () => {
  it('saves the profile and answers the user envelope like /api/auth/me', async () => {
    const { user } = await owner.api.patchOk(userEnvelopeSchema, '/api/auth/profile', {
      body: profileBody({ expertise: ['  Strategy ', 'strategy', '', 'M&A   Advisory', 'STRATEGY'], industries: [] }),
    });
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      phoneNumber: '+44 20 7946 0000',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      expertise: ['Strategy', 'M&A Advisory'],
      industries: [],
      availableForNetworking: true,
    });
    expect(findSecrets(user)).toEqual([]);
    const me = await owner.api.getOk(userEnvelopeSchema, '/api/auth/me');
    expect(me.user).toEqual(user);
  });

  it('clears an optional field sent empty, keeps one left out, and saves the networking flag alone with the profile', async () => {
    const { user } = await owner.api.patchOk(userEnvelopeSchema, '/api/auth/profile', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email: owner.user.email, website: '', bio: '', availableForNetworking: false },
    });
    expect(user).toMatchObject({ website: null, bio: null, company: 'Analytical Engines', availableForNetworking: false });
  });

  it('ignores fields a member may not set (role, status, points)', async () => {
    const { user } = await owner.api.patchOk(userEnvelopeSchema, '/api/auth/profile', {
      body: profileBody({
        role: 'master-admin',
        accountStatus: 'approved',
        totalPoints: 99999,
        membershipTier: 'premium',
        cvUrl: '/x',
        profilePicture: 'javascript:alert(1)',
      }),
    });
    expect(user).toMatchObject({ role: 'partner', totalPoints: 0, membershipTier: 'standard', cvUrl: null, profilePicture: null });
  });

  it('says every message of the form', async () => {
    const res = await owner.api.patch('/api/auth/profile', {
      body: profileBody({
        firstName: '  ',
        lastName: '',
        email: 'not-an-email',
        linkedinUrl: 'linkedin',
        website: 'javascript:alert(1)',
        company: 'x'.repeat(101),
        jobTitle: 'x'.repeat(101),
        location: 'x'.repeat(101),
        bio: 'x'.repeat(501),
        phoneNumber: 'call me maybe',
      }),
    });
    expectError(res, 400, 'validation_failed');
    expect(issuesOf(res)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      linkedinUrl: 'Invalid LinkedIn URL',
      website: 'Invalid website URL',
      company: 'Company must be at most 100 characters',
      jobTitle: 'Job title must be at most 100 characters',
      location: 'Location must be at most 100 characters',
      bio: 'Bio must be at most 500 characters',
      phoneNumber: 'Please enter a valid phone number',
    });
    const missing = await owner.api.patch('/api/auth/profile', { body: {} });
    expect(issuesOf(missing)).toMatchObject({ firstName: 'First name is required', lastName: 'Last name is required', email: 'Invalid email address' });
    const long = await owner.api.patch('/api/auth/profile', { body: profileBody({ firstName: 'x'.repeat(51), phoneNumber: '1'.repeat(31) }) });
    expect(issuesOf(long)).toEqual({ firstName: 'First name must be at most 50 characters', phoneNumber: 'Phone number must be at most 30 characters' });
  });

  it('accepts only http and https links', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>1</script>', 'ftp://example.org/x', 'https://', 'vbscript:msgbox(1)']) {
      const res = await owner.api.patch('/api/auth/profile', { body: profileBody({ website: url, linkedinUrl: url }) });
      expect(issuesOf(res), url).toEqual({ website: 'Invalid website URL', linkedinUrl: 'Invalid LinkedIn URL' });
    }
    const ok = await owner.api.patchOk(userEnvelopeSchema, '/api/auth/profile', { body: profileBody({ website: 'http://example.org/me' }) });
    expect(ok.user.website).toBe('http://example.org/me');
  });

  it('limits the tag lists to 20 tags of at most 60 characters', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `Skill ${i}`);
    const res = await owner.api.patch('/api/auth/profile', { body: profileBody({ expertise: many, industries: ['x'.repeat(61)] }) });
    expectError(res, 400, 'validation_failed');
    expect(issuesOf(res)).toEqual({ expertise: 'Add at most 20 areas of expertise', 'industries.0': 'Each industry must be at most 60 characters' });
    // repeats do not count towards the limit
    const ok = await owner.api.patchOk(userEnvelopeSchema, '/api/auth/profile', { body: profileBody({ expertise: [...many.slice(0, 20), 'skill 0', ' '] }) });
    expect(ok.user.expertise).toHaveLength(20);
  });

  it("refuses another account's e-mail address in any letter case with 409", async () => {
    await confirmIdentity(ctx.app, owner.cookie, owner.user.plainPassword);
    const res = await owner.api.patch('/api/auth/profile', { body: profileBody({ email: other.user.email.toUpperCase() }) });
    expectError(res, 409, 'conflict');
    expect(res.json().error).toMatchObject({ message: EMAIL_TAKEN, issues: [{ path: 'email', message: EMAIL_TAKEN }] });
    expect((await reloadUser(ctx.db, owner.user.id)).email).toBe(owner.user.email);
  });

  it('keeps the address verified when only its letter case changes, and unverifies a new one and mails a link to it', async () => {
    const who = await makeSignedIn(ctx, { emailVerifiedAt: new Date() });
    // only the letter case: the same address, so no confirmation is asked for
    const same = await who.api.patchOk(userEnvelopeSchema, '/api/auth/profile', { body: profileBody({ email: who.user.email.toUpperCase() }) });
    expect(same.user).toMatchObject({ email: who.user.email, emailVerified: true });
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
    const sent = ctx.mailer.sent.length;
    const fresh = `new-${randomBytes(4).toString('hex')}@example.com`;
    const changed = await who.api.patchOk(userEnvelopeSchema, '/api/auth/profile', { body: profileBody({ email: `  ${fresh.toUpperCase()} ` }) });
    expect(changed.user).toMatchObject({ email: fresh, emailVerified: false });
    const [link, notice] = ctx.mailer.sent.slice(sent);
    expect([link.to, notice.to]).toEqual([fresh, who.user.email]);
    expect(link.text).toContain('You changed the e-mail address of your');
    expect(link.text).toMatch(/\/verify-email\?token=/);
    expect(notice.text).toContain(`was changed from this address to ${fresh}`);
    expect(notice.text).not.toMatch(/token=/);
  });

  it('is refused to a pending account (403), without a session (401), and across sites (403)', async () => {
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    const pendingApi = client(ctx.app, await openSession(ctx, pending.id));
    expectError(await pendingApi.patch('/api/auth/profile', { body: profileBody({ email: pending.email }) }), 403, 'forbidden');
    expectError(await client(ctx.app).patch('/api/auth/profile', { body: profileBody() }), 401, 'unauthorized');
    expectError(
      await owner.api.patch('/api/auth/profile', { body: profileBody({ firstName: 'Mallory' }), headers: { 'sec-fetch-site': 'cross-site' } }),
      403,
      'forbidden',
    );
    expectError(
      await owner.api.patch('/api/auth/profile', { body: profileBody({ firstName: 'Mallory' }), headers: { origin: 'https://evil.example' } }),
      403,
      'forbidden',
    );
    expect((await reloadUser(ctx.db, owner.user.id)).firstName).not.toBe('Mallory');
  });
});

describe('PATCH /api/auth/password', () => {
  it('changes the password, ends every other session and keeps this one', async () => {
    const who = await makeSignedIn(ctx);
    const otherDevice = await login(ctx.app, who.user.username!, who.user.plainPassword);
    expect((await client(ctx.app, otherDevice).get('/api/auth/me')).statusCode).toBe(200);
    await who.api.patchOk(okSchema, '/api/auth/password', {
      body: { currentPassword: who.user.plainPassword, newPassword: 'Brand-new-secret-42', confirmPassword: 'Brand-new-secret-42' },
    });
    expectError(await client(ctx.app, otherDevice).get('/api/auth/me'), 401, 'unauthorized');
    expect((await who.api.get('/api/auth/me')).statusCode).toBe(200);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, who.user.id))).toHaveLength(1);
    const row = await reloadUser(ctx.db, who.user.id);
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.password, 'Brand-new-secret-42')).toBe(true);
    // the old password no longer signs in; the new one does
    expect((await client(ctx.app).post('/api/auth/login', { body: { username: who.user.username, password: who.user.plainPassword } })).statusCode).toBe(401);
    await login(ctx.app, who.user.username!, 'Brand-new-secret-42');
  });

  it('says every message of the form', async () => {
    const res = await owner.api.patch('/api/auth/password', { body: { currentPassword: '', newPassword: 'short', confirmPassword: '' } });
    expectError(res, 400, 'validation_failed');
    expect(issuesOf(res)).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Please confirm your password',
    });
    const mismatch = await owner.api.patch('/api/auth/password', {
      body: { currentPassword: 'x', newPassword: 'Brand-new-secret-42', confirmPassword: 'Brand-new-secret-43' },
    });
    expect(issuesOf(mismatch)).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('refuses a new password that breaks the registration rule (too short, too common), and the same password again', async () => {
    const who = await makeSignedIn(ctx, { password: 'Unusual-secret-77' });
    for (const [newPassword, message] of [
      ['abc123', 'Password must be at least 8 characters'],
      ['password123', 'This password is too common. Please choose another.'],
    ]) {
      const res = await who.api.patch('/api/auth/password', { body: { currentPassword: who.user.plainPassword, newPassword, confirmPassword: newPassword } });
      expect(issuesOf(res), newPassword).toEqual({ newPassword: message });
    }
    const same = who.user.plainPassword;
    const res = await who.api.patch('/api/auth/password', { body: { currentPassword: same, newPassword: same, confirmPassword: same } });
    expectError(res, 400, 'validation_failed');
    expect(issuesOf(res)).toEqual({ newPassword: SAME_PASSWORD });
  });

  it('refuses a wrong current password, then throttles like sign-in (shared with the sign-in count of the account)', async () => {
    const who = await makeSignedIn(ctx);
    const attempt = (currentPassword: string) =>
      who.api.patch('/api/auth/password', { body: { currentPassword, newPassword: 'Brand-new-secret-42', confirmPassword: 'Brand-new-secret-42' } });
    for (let i = 0; i < 3; i++) {
      const res = await attempt(`wrong-${i}`);
      expectError(res, 400, 'validation_failed');
      expect(issuesOf(res)).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    }
    // the limit is reached: even the right password is not checked now, and sign-in is throttled too
    const throttled = await attempt(who.user.plainPassword);
    expectError(throttled, 429, 'rate_limited');
    expect(throttled.json().error.message).toBe(PASSWORD_THROTTLED);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect((await client(ctx.app).post('/api/auth/login', { body: { username: who.user.username, password: who.user.plainPassword } })).statusCode).toBe(429);
    expect(await verifyPassword((await reloadUser(ctx.db, who.user.id)).password, who.user.plainPassword)).toBe(true);
    // after the window the right password works again
    ctx.clock.advance(16 * 60_000);
    await who.api.patchOk(okSchema, '/api/auth/password', {
      body: { currentPassword: who.user.plainPassword, newPassword: 'Brand-new-secret-42', confirmPassword: 'Brand-new-secret-42' },
    });
  });

  it('is refused without a session (401), to a pending account (403), and across sites (403)', async () => {
    const body = { currentPassword: 'x', newPassword: 'Brand-new-secret-42', confirmPassword: 'Brand-new-secret-42' };
    expectError(await client(ctx.app).patch('/api/auth/password', { body }), 401, 'unauthorized');
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    expectError(await client(ctx.app, await openSession(ctx, pending.id)).patch('/api/auth/password', { body }), 403, 'forbidden');
    expectError(await owner.api.patch('/api/auth/password', { body, headers: { 'sec-fetch-site': 'cross-site' } }), 403, 'forbidden');
  });
});

describe('changing the e-mail address repeatedly', () => {
  it('is limited like verification resends, so the form cannot flood inboxes', async () => {
    // a fresh window (sessions made after the jump)
    ctx.clock.advance(61 * 60_000);
    const who = await makeSignedIn(ctx);
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
    const change = (n: number) => who.api.patch('/api/auth/profile', { body: profileBody({ email: `flood-${n}-${randomBytes(3).toString('hex')}@example.com` }) });
    for (let n = 0; n < 3; n++) expect((await change(n)).statusCode).toBe(200);
    const refused = await change(3);
    expectError(refused, 429, 'rate_limited');
    // other fields still save while the address stays
    const { user } = await who.api.patchOk(userEnvelopeSchema, '/api/auth/profile', {
      body: profileBody({ email: (await reloadUser(ctx.db, who.user.id)).email, company: 'Still saved' }),
    });
    expect(user.company).toBe('Still saved');
  });
});

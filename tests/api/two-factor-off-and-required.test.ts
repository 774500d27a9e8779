import { and, eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okSchema } from '../../common/schemas/profile.ts';
import { recoveryCodesSchema, securitySettingsSchema, twoFactorSetupResultSchema, twoFactorStatusSchema } from '../../common/schemas/security.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { auditLog, recoveryCodes } from '../../server/db/schema/index.ts';
import { SETTINGS_OWNER_ONLY } from '../../server/services/app-settings.ts';
import { REQUIRED_FOR_ADMINS } from '../../server/services/two-factor.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

/** Two-factor sign-in: turning it off, new recovery codes, and the organisation's requirement for administrators. */

let ctx: TestContext;
const LIMITS = { maxPerAccount: 4, maxPerIp: 7, windowMs: 15 * 60_000 };
beforeAll(async () => {
  ctx = await createTestApp({ config: { login: LIMITS } });
});
afterAll(async () => {
  await ctx?.close();
});

const STEP = 30_000;
/** The code an authenticator app shows at the app's current time (the test clock). */
const codeNow = (key: string) => authenticator.clone({ epoch: ctx.clock.now().getTime() }).generate(key.replace(/\s+/g, ''));
/** Turns two-factor sign-in on for a signed-in member; answers the secret and the recovery codes. */
async function turnOn(who: SignedIn) {
  const setup = await who.api.postOk(twoFactorSetupResultSchema, '/api/auth/2fa/setup', { body: { password: who.user.plainPassword } });
  const { recoveryCodes } = await who.api.postOk(recoveryCodesSchema, '/api/auth/2fa/enable', { body: { code: codeNow(setup.manualKey) } });
  // the next code the tests use belongs to a later step
  ctx.clock.advance(STEP);
  return { key: setup.manualKey, recoveryCodes };
}

/** The first step: username and password. Answers the response and the challenge cookie it set. */
async function firstStep(username: string, password: string, ip = '203.0.113.9') {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: ip });
  const challenge = res.cookies.find((c) => c.name === 'cp_2fa');
  return { res, challenge, cookie: challenge ? `cp_2fa=${challenge.value}` : '' };
}

describe('turning two-factor sign-in off and new recovery codes', () => {
  it('needs the password AND a current code or a recovery code', async () => {
    const who = await makeSignedIn(ctx);
    const { key, recoveryCodes: codes } = await turnOn(who);
    expectError(await who.api.post('/api/auth/2fa/disable', { body: { password: who.user.plainPassword } }), 400, 'validation_failed');
    expectError(await who.api.post('/api/auth/2fa/disable', { body: { code: codeNow(key) } }), 400, 'validation_failed');
    const wrongPassword = expectError(await who.api.post('/api/auth/2fa/disable', { body: { password: 'nope', code: codeNow(key) } }), 400, 'validation_failed');
    expect(wrongPassword.issues?.[0]?.path).toBe('password');
    const wrongCode = expectError(await who.api.post('/api/auth/2fa/disable', { body: { password: who.user.plainPassword, code: '000000' } }), 400, 'validation_failed');
    expect(wrongCode.issues?.[0]?.path).toBe('code');
    expect((await who.api.getOk(twoFactorStatusSchema, '/api/auth/2fa')).enabled).toBe(true);

    // new codes: the old ones stop working
    const fresh = await who.api.postOk(recoveryCodesSchema, '/api/auth/2fa/recovery-codes', { body: { password: who.user.plainPassword, code: codeNow(key) } });
    expect(fresh.recoveryCodes.some((c) => codes.includes(c))).toBe(false);
    expectError(await who.api.post('/api/auth/2fa/disable', { body: { password: who.user.plainPassword, recoveryCode: codes[0] } }), 400, 'validation_failed');

    await who.api.postOk(okSchema, '/api/auth/2fa/disable', { body: { password: who.user.plainPassword, recoveryCode: fresh.recoveryCodes[0] } });
    expect((await who.api.getOk(userEnvelopeSchema, '/api/auth/me')).user.twoFactorEnabled).toBe(false);
    expect(await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.user.id))).toEqual([]);
    // and the password alone signs in again
    const { res } = await firstStep(who.user.username!, who.user.plainPassword);
    expect(res.json().user.id).toBe(who.user.id);
  });

  it('e-mails the verified address when it is turned off', async () => {
    const who = await makeSignedIn(ctx, { emailVerifiedAt: new Date() });
    const { key } = await turnOn(who);
    const before = ctx.mailer.sent.length;
    await who.api.postOk(okSchema, '/api/auth/2fa/disable', { body: { password: who.user.plainPassword, code: codeNow(key) } });
    const sent = ctx.mailer.sent.slice(before);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[who.user.email, expect.stringContaining('Two-factor sign-in was turned off')]]);
  });

  it('is refused for a member who does not have it on', async () => {
    const who = await makeSignedIn(ctx);
    expectError(await who.api.post('/api/auth/2fa/disable', { body: { password: who.user.plainPassword, code: '123456' } }), 409, 'conflict');
    expectError(await who.api.post('/api/auth/2fa/recovery-codes', { body: { password: who.user.plainPassword, code: '123456' } }), 409, 'conflict');
  });
});

describe('requiring two-factor sign-in of administrators', () => {
  it('is a setting only admins change, audited', async () => {
    const partner = await makeSignedIn(ctx);
    const admin = await makeSignedIn(ctx, { role: 'admin', accountStatus: 'approved' });
    expectError(await client(ctx.app).get('/api/admin/settings/security'), 401, 'unauthorized');
    expectError(await partner.api.get('/api/admin/settings/security'), 403, 'forbidden');
    expectError(await partner.api.put('/api/admin/settings/security', { body: { requireAdmin2fa: true } }), 403, 'forbidden');
    expectError(await admin.api.put('/api/admin/settings/security', { body: { requireAdmin2fa: 'yes' } }), 400, 'validation_failed');
    expectError(await admin.api.put('/api/admin/settings/security', { body: { requireAdmin2fa: true }, headers: { 'sec-fetch-site': 'cross-site' } }), 403, 'forbidden');
    expect(await admin.api.getOk(securitySettingsSchema, '/api/admin/settings/security')).toEqual({ requireAdmin2fa: false });
  });

  it('is changed by master-admins only: a plain admin reads it but is refused (403, unchanged); the other master-admins are e-mailed', async () => {
    const master = await makeSignedIn(ctx, { role: 'master-admin', firstName: 'Mona' });
    const otherMaster = await makeSignedIn(ctx, { role: 'master-admin' });
    await turnOn(master);
    const admin = await makeSignedIn(ctx, { role: 'admin' });
    await turnOn(admin);
    expect((await admin.api.getOk(userEnvelopeSchema, '/api/auth/me')).user.can.manageSecuritySettings).toBe(false);
    expect((await master.api.getOk(userEnvelopeSchema, '/api/auth/me')).user.can.manageSecuritySettings).toBe(true);
    const refused = expectError(await admin.api.put('/api/admin/settings/security', { body: { requireAdmin2fa: true } }), 403, 'forbidden');
    expect(refused.message).toBe(SETTINGS_OWNER_ONLY);
    expect(await admin.api.getOk(securitySettingsSchema, '/api/admin/settings/security')).toEqual({ requireAdmin2fa: false });

    const before = ctx.mailer.sent.length;
    await master.api.putOk(securitySettingsSchema, '/api/admin/settings/security', { body: { requireAdmin2fa: true } });
    try {
      const sent = ctx.mailer.sent.slice(before).filter((m) => /security settings were changed/.test(m.subject));
      expect(sent.map((m) => m.to)).toContain(otherMaster.user.email);
      expect(sent.map((m) => m.to)).not.toContain(master.user.email);
      expect(sent.find((m) => m.to === otherMaster.user.email)!.text).toContain('two-factor sign-in for administrators is now required');
      // the admin, who has it on, still cannot lift it
      expectError(await admin.api.put('/api/admin/settings/security', { body: { requireAdmin2fa: false } }), 403, 'forbidden');
      expect(await admin.api.getOk(securitySettingsSchema, '/api/admin/settings/security')).toEqual({ requireAdmin2fa: true });
    } finally {
      await master.api.putOk(securitySettingsSchema, '/api/admin/settings/security', { body: { requireAdmin2fa: false } });
    }
  });

  it('leaves an admin without it only the set-up until they turn it on', async () => {
    const master = await makeSignedIn(ctx, { role: 'master-admin', accountStatus: 'approved' });
    const masterKey = (await turnOn(master)).key;
    const admin = await makeSignedIn(ctx, { role: 'admin', accountStatus: 'approved' });
    const partner = await makeSignedIn(ctx);
    // warm the cached lookup: the setting must take effect at once all the same
    expect((await admin.api.get('/api/leads')).statusCode).toBe(200);

    await master.api.putOk(securitySettingsSchema, '/api/admin/settings/security', { body: { requireAdmin2fa: true } });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.security.update'), eq(auditLog.actorId, master.user.id)));
    expect(entry).toMatchObject({ actorId: master.user.id, before: { requireAdmin2fa: false }, after: { requireAdmin2fa: true } });

    const blocked = expectError(await admin.api.get('/api/leads'), 403, 'two_factor_required');
    expect(blocked.message).toMatch(/two-factor/);
    expectError(await admin.api.get('/api/users'), 403, 'two_factor_required');
    expectError(await admin.api.post('/api/auth/sessions/sign-out-others'), 403, 'two_factor_required');
    expect((await admin.api.getOk(userEnvelopeSchema, '/api/auth/me')).user).toMatchObject({ twoFactorEnabled: false, twoFactorSetupRequired: true });
    // a new sign-in is no way round it
    const again = client(
      ctx.app,
      (await firstStep(admin.user.username!, admin.user.plainPassword)).res.cookies.filter((c) => c.name === 'cp_session').map((c) => `cp_session=${c.value}`)[0],
    );
    expectError(await again.get('/api/leads'), 403, 'two_factor_required');
    // members and admins who have it are not affected
    expect((await partner.api.get('/api/leads')).statusCode).toBe(200);
    expect((await master.api.get('/api/users')).statusCode).toBe(200);
    // the master-admin cannot turn theirs off while it is required
    const refused = expectError(
      await master.api.post('/api/auth/2fa/disable', { body: { password: master.user.plainPassword, code: codeNow(masterKey) } }),
      409,
      'conflict',
    );
    expect(refused.message).toBe(REQUIRED_FOR_ADMINS);

    await turnOn(admin);
    expect((await admin.api.get('/api/leads')).statusCode).toBe(200);
    expect((await admin.api.getOk(userEnvelopeSchema, '/api/auth/me')).user.twoFactorSetupRequired).toBe(false);

    await master.api.putOk(securitySettingsSchema, '/api/admin/settings/security', { body: { requireAdmin2fa: false } });
    expect(await master.api.getOk(securitySettingsSchema, '/api/admin/settings/security')).toEqual({ requireAdmin2fa: false });
  });
});

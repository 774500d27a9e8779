import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityConfirmedSchema, recoveryCodesSchema, twoFactorSetupResultSchema } from '../../common/schemas/security.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { sessions, users } from '../../server/db/schema/index.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { CONFIRM_WITH_PROVIDER, NO_CODE_FOR_ACCOUNT, REAUTH_WINDOW_MS } from '../../server/services/reauthentication.ts';
import { WRONG_PASSWORD } from '../../server/services/two-factor.ts';
import { createTestApp, login, makeSignedIn, makeUser, openSession, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client, type Client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';
import { confirmIdentity } from '../helpers/reauth.ts';

/**
 * Re-authentication: the acts that would turn a stolen session into a lasting takeover (the e-mail address, the
 * sign-in methods, the data export, the deletion request, signing out the other sessions) need the identity
 * confirmed on that very session within the last five minutes; signing in does not count. Changes to the way in
 * are e-mailed to the verified address.
 */

let ctx: TestContext;
const LIMITS = { maxPerAccount: 4, maxPerIp: 50, windowMs: 15 * 60_000 };
beforeAll(async () => {
  ctx = await createTestApp({ config: { login: LIMITS } });
});
afterAll(async () => {
  await ctx?.close();
});

const confirm = (api: Client, body: Record<string, unknown>) => api.post('/api/auth/confirm-identity', { body });
const sessionRow = async (cookie: string) => {
  const [row] = await ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.id, hashToken(cookie.replace(/^cp_session=/, ''))));
  return row;
};

const profileBody = (who: SignedIn, o: Record<string, unknown> = {}) => ({
  firstName: who.user.firstName,
  lastName: who.user.lastName,
  email: who.user.email,
  expertise: [],
  industries: [],
  availableForNetworking: true,
  ...o,
});

interface GuardedAct {
  name: string;
  /** Who may do it (the member the act is tried as). */
  setup?: Parameters<typeof makeSignedIn>[1];
  act: (who: SignedIn) => Promise<LightMyRequestResponse>;
  ok: number;
  /** What must not have changed after a refusal. */
  unchanged: (who: SignedIn) => Promise<void>;
}

const ACTS: GuardedAct[] = [
  {
    name: 'changing the e-mail address',
    setup: { emailVerifiedAt: new Date() },
    act: (who) => who.api.patch('/api/auth/profile', { body: profileBody(who, { email: `moved-${randomBytes(4).toString('hex')}@example.com` }) }),
    ok: 200,
    unchanged: async (who) => expect((await reloadUser(ctx.db, who.user.id)).email).toBe(who.user.email),
  },
  {
    name: 'unlinking Google',
    setup: { googleId: 'g-reauth' },
    act: (who) => who.api.delete('/api/auth/oauth/google'),
    ok: 200,
    unchanged: async (who) => expect((await reloadUser(ctx.db, who.user.id)).googleId).toBe(who.user.googleId),
  },
  {
    name: 'asking for the account to be deleted',
    act: (who) => who.api.post('/api/account-deletion-request', { body: { confirm: 'DELETE' } }),
    ok: 201,
    unchanged: async (who) => expect((await who.api.get('/api/account-deletion-request')).json().request).toBeNull(),
  },
  {
    name: 'exporting the account data',
    act: (who) => who.api.post('/api/data-exports'),
    ok: 202,
    unchanged: async (who) => expect((await who.api.get('/api/data-exports')).json().items).toEqual([]),
  },
  {
    name: 'signing out the other sessions',
    act: (who) => who.api.post('/api/auth/sessions/sign-out-others'),
    ok: 200,
    unchanged: async (who) => expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, who.user.id))).toHaveLength(2),
  },
];

/** A member signed in twice (this client, and another browser), so "sign out the other sessions" has one to end. */
async function member(setup: GuardedAct['setup'] = {}) {
  const n = randomBytes(3).toString('hex');
  const who = await makeSignedIn(ctx, { ...setup, ...(setup.googleId ? { googleId: `${setup.googleId}-${n}` } : {}) });
  const elsewhere = await login(ctx.app, who.user.username!, who.user.plainPassword);
  return { who, elsewhere };
}

describe.each(ACTS)('$name', ({ setup, act, ok, unchanged }) => {
  it('is refused (403 reauthentication_required, nothing changed) without a confirmation: signing in does not count', async () => {
    const { who } = await member(setup);
    const refused = expectError(await act(who), 403, 'reauthentication_required');
    expect(refused.message).toMatch(/confirm it's you/);
    await unchanged(who);
  });

  it('is refused when only another session of the member confirmed', async () => {
    const { who, elsewhere } = await member(setup);
    await confirmIdentity(ctx.app, elsewhere, who.user.plainPassword);
    expectError(await act(who), 403, 'reauthentication_required');
    await unchanged(who);
  });

  it('goes ahead within five minutes of a confirmation, and is refused again after them', async () => {
    const { who } = await member(setup);
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
    ctx.clock.advance(REAUTH_WINDOW_MS - 1000);
    const done = await act(who);
    expect(done.statusCode, done.body).toBe(ok);
    ctx.clock.advance(1000);
    expectError(await act(who), 403, 'reauthentication_required');
  });
});

describe('POST /api/auth/confirm-identity', () => {
  it('is refused signed out (401) and from another site (403)', async () => {
    expectError(await client(ctx.app).post('/api/auth/confirm-identity', { body: { password: 'x' } }), 401, 'unauthorized');
    const who = await makeSignedIn(ctx);
    expectError(
      await who.api.post('/api/auth/confirm-identity', { body: { password: who.user.plainPassword }, headers: { 'sec-fetch-site': 'cross-site' } }),
      403,
      'forbidden',
    );
    expect((await sessionRow(who.cookie)).identityConfirmedAt).toBeNull();
  });

  it('refuses neither or both factors, a recovery code and extra fields (400)', async () => {
    const who = await makeSignedIn(ctx);
    for (const body of [
      {},
      { password: who.user.plainPassword, code: '123456' },
      { recoveryCode: 'abcde-fghij' },
      { password: who.user.plainPassword, userId: who.user.id },
    ]) {
      expectError(await confirm(who.api, body), 400, 'validation_failed');
    }
    expect((await sessionRow(who.cookie)).identityConfirmedAt).toBeNull();
  });

  it('records the time on this session only, for the right password', async () => {
    const who = await makeSignedIn(ctx);
    const other = await login(ctx.app, who.user.username!, who.user.plainPassword);
    const res = await who.api.postOk(identityConfirmedSchema, '/api/auth/confirm-identity', { body: { password: who.user.plainPassword } });
    expect(res.confirmedUntil).toBe(new Date(ctx.clock.now().getTime() + REAUTH_WINDOW_MS).toISOString());
    expect((await sessionRow(who.cookie)).identityConfirmedAt?.getTime()).toBe(ctx.clock.now().getTime());
    expect((await sessionRow(other)).identityConfirmedAt).toBeNull();
  });

  it('answers 400 for a wrong password, then throttles like sign-in guesses (429), sharing the account’s sign-in count', async () => {
    const who = await makeSignedIn(ctx);
    const wrong = expectError(await confirm(who.api, { password: 'not-my-password' }), 400, 'validation_failed');
    expect(wrong.issues).toEqual([{ path: 'password', message: WRONG_PASSWORD }]);
    for (let i = 1; i < LIMITS.maxPerAccount; i++) expectError(await confirm(who.api, { password: 'not-my-password' }), 400, 'validation_failed');
    const limited = expectError(await confirm(who.api, { password: who.user.plainPassword }), 429, 'rate_limited');
    expect(limited.message).toMatch(/Too many/);
    // the guesses count against signing in too
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: who.user.username, password: who.user.plainPassword } });
    expect(signIn.statusCode).toBe(429);
    expect((await sessionRow(who.cookie)).identityConfirmedAt).toBeNull();
    ctx.clock.advance(LIMITS.windowMs + 1000);
  });

  it('takes a current authenticator code when two-factor sign-in is on, once per code; a code is refused without it', async () => {
    const who = await makeSignedIn(ctx);
    expect(expectError(await confirm(who.api, { code: '123456' }), 400, 'bad_request').message).toBe(NO_CODE_FOR_ACCOUNT);
    const setup = await who.api.postOk(twoFactorSetupResultSchema, '/api/auth/2fa/setup', { body: { password: who.user.plainPassword } });
    const codeAt = () => authenticator.clone({ epoch: ctx.clock.now().getTime() }).generate(setup.manualKey.replace(/\s+/g, ''));
    await who.api.postOk(recoveryCodesSchema, '/api/auth/2fa/enable', { body: { code: codeAt() } });
    ctx.clock.advance(30_000);
    const code = codeAt();
    expectError(await confirm(who.api, { code: code === '000000' ? '111111' : '000000' }), 400, 'validation_failed');
    await who.api.postOk(identityConfirmedSchema, '/api/auth/confirm-identity', { body: { code } });
    expect((await sessionRow(who.cookie)).identityConfirmedAt?.getTime()).toBe(ctx.clock.now().getTime());
    // the same code never serves twice
    expectError(await confirm(who.api, { code }), 400, 'validation_failed');
  });

  it('sends an account without a password to its provider', async () => {
    const u = await makeUser(ctx.db, { googleId: `g-nopw-${randomBytes(3).toString('hex')}`, authProvider: 'google' });
    await ctx.db.update(users).set({ password: null }).where(eq(users.id, u.id));
    const api = client(ctx.app, await openSession(ctx, u.id));
    expect(expectError(await confirm(api, { password: 'anything-at-all' }), 400, 'bad_request').message).toBe(CONFIRM_WITH_PROVIDER);
    expect(expectError(await confirm(api, { code: '123456' }), 400, 'bad_request').message).toBe(CONFIRM_WITH_PROVIDER);
  });

  it('counts at once although the session lookup of reads is cached', async () => {
    const who = await makeSignedIn(ctx);
    // warm the cached lookup of this session
    await who.api.getOk(userEnvelopeSchema, '/api/auth/me');
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
    await who.api.getOk(userEnvelopeSchema, '/api/auth/me');
    expect((await who.api.post('/api/data-exports')).statusCode).toBe(202);
  });
});

describe('the e-mail address', () => {
  it('needs no confirmation when the address stays (other fields, or only its letter case)', async () => {
    const who = await makeSignedIn(ctx);
    const saved = await who.api.patchOk(userEnvelopeSchema, '/api/auth/profile', {
      body: profileBody(who, { email: who.user.email.toUpperCase(), company: 'Kept Ltd' }),
    });
    expect(saved.user).toMatchObject({ email: who.user.email, company: 'Kept Ltd' });
  });
});

describe('notices to the verified address', () => {
  // only this member's mail: a data export requested by an earlier test may finish, and mail its owner, meanwhile
  const since = (n: number, ...to: string[]) => ctx.mailer.sent.slice(n).filter((m) => to.includes(m.to));

  it('tells the old address of an e-mail change, and the verified address of a password change and an unlink', async () => {
    const who = await makeSignedIn(ctx, { emailVerifiedAt: new Date(), googleId: `g-notice-${randomBytes(3).toString('hex')}` });
    await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);

    let mark = ctx.mailer.sent.length;
    await who.api.deleteOk(userEnvelopeSchema, '/api/auth/oauth/google');
    expect(since(mark, who.user.email).map((m) => [m.to, m.subject])).toEqual([[who.user.email, expect.stringContaining('Google sign-in was removed')]]);

    mark = ctx.mailer.sent.length;
    const changed = await who.api.patch('/api/auth/password', {
      body: { currentPassword: who.user.plainPassword, newPassword: 'Another-Secret-Phrase-71', confirmPassword: 'Another-Secret-Phrase-71' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(since(mark, who.user.email).map((m) => [m.to, m.subject])).toEqual([[who.user.email, expect.stringContaining('password was changed')]]);

    mark = ctx.mailer.sent.length;
    const fresh = `fresh-${randomBytes(4).toString('hex')}@example.com`;
    await who.api.patchOk(userEnvelopeSchema, '/api/auth/profile', { body: profileBody(who, { email: fresh }) });
    const notice = since(mark, who.user.email).find((m) => m.to === who.user.email)!;
    expect(notice.subject).toContain('e-mail address was changed');
    expect(notice.text).toContain(`was changed from this address to ${fresh}`);

    // the new address is not verified yet (it may be an intruder's): a later unlink notice goes to nobody rather than there
    await ctx.db
      .update(users)
      .set({ appleId: `a-notice-${randomBytes(3).toString('hex')}` })
      .where(eq(users.id, who.user.id));
    mark = ctx.mailer.sent.length;
    await who.api.deleteOk(userEnvelopeSchema, '/api/auth/oauth/apple');
    expect(since(mark, who.user.email, fresh)).toEqual([]);
  });
});

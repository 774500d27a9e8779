import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodesSchema, twoFactorSetupResultSchema, twoFactorStatusSchema } from '../../common/schemas/security.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import { recoveryCodes, signInChallenges, userTotp } from '../../server/db/schema/index.ts';
import { keyFor } from '../../server/lib/secret-box.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import {
  CHALLENGE_SPENT,
  CODE_FAILURES_NOTICE,
  CODE_FAILURES_STOP,
  CODES_PER_CHALLENGE,
  CODES_STOPPED,
  WRONG_CODE,
  WRONG_PASSWORD,
  WRONG_RECOVERY_CODE,
} from '../../server/services/two-factor.ts';
import { createTestApp, login, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

/** Two-factor sign-in: set-up, and the second step of sign-in (throttled, never twice) with a code or a recovery code. */

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
let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;

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

const secondStep = (cookie: string, body: Record<string, unknown>, ip = '203.0.113.9') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login/2fa', headers: { cookie }, payload: body, remoteAddress: ip });

async function firstStepAndCode(who: SignedIn, recoveryCode: string) {
  const { cookie } = await firstStep(who.user.username!, who.user.plainPassword);
  const res = await secondStep(cookie, { recoveryCode });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies.find((c) => c.name === 'cp_session')!;
}

describe('setting up two-factor sign-in', () => {
  it('needs the password, answers a QR code and a key, and is on only after the first valid code', async () => {
    const who = await makeSignedIn(ctx);
    const wrong = expectError(await who.api.post('/api/auth/2fa/setup', { body: { password: 'not-it' } }), 400, 'validation_failed');
    expect(wrong.issues).toEqual([{ path: 'password', message: WRONG_PASSWORD }]);

    const setup = await who.api.postOk(twoFactorSetupResultSchema, '/api/auth/2fa/setup', { body: { password: who.user.plainPassword } });
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(setup.manualKey.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    // the secret is stored sealed, never as the key the member typed in
    const [row] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, who.user.id));
    expect(row.secret).not.toContain(setup.manualKey.replace(/\s/g, ''));
    expect(row.enabledAt).toBeNull();
    expect((await who.api.getOk(userEnvelopeSchema, '/api/auth/me')).user.twoFactorEnabled).toBe(false);

    const bad = expectError(await who.api.post('/api/auth/2fa/enable', { body: { code: '000000' } }), 400, 'validation_failed');
    expect(bad.issues?.[0]).toEqual({ path: 'code', message: WRONG_CODE });
    const { recoveryCodes: codes } = await who.api.postOk(recoveryCodesSchema, '/api/auth/2fa/enable', { body: { code: codeNow(setup.manualKey) } });
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // stored hashed only
    const stored = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.user.id));
    expect(stored).toHaveLength(10);
    expect(stored.some((s) => codes.some((c) => s.codeHash.includes(c.replace('-', ''))))).toBe(false);

    // the current-user answer says so at once, even though reads are cached
    expect((await who.api.getOk(userEnvelopeSchema, '/api/auth/me')).user.twoFactorEnabled).toBe(true);
    expect(await who.api.getOk(twoFactorStatusSchema, '/api/auth/2fa')).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expectError(await who.api.post('/api/auth/2fa/setup', { body: { password: who.user.plainPassword } }), 409, 'conflict');
  });

  it('ends every other session of the member when it is turned on; this one stays', async () => {
    const who = await makeSignedIn(ctx);
    const elsewhere = client(ctx.app, await login(ctx.app, who.user.username!, who.user.plainPassword));
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(200);
    await turnOn(who);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    expect((await who.api.get('/api/auth/me')).statusCode).toBe(200);
  });

  it('is refused signed out, for an applicant and from another site', async () => {
    expectError(await client(ctx.app).post('/api/auth/2fa/setup', { body: { password: 'x' } }), 401, 'unauthorized');
    const applicant = await makeSignedIn(ctx, { accountStatus: 'pending' });
    expectError(await applicant.api.post('/api/auth/2fa/setup', { body: { password: applicant.user.plainPassword } }), 403, 'forbidden');
    const who = await makeSignedIn(ctx);
    const res = await who.api.post('/api/auth/2fa/setup', { body: { password: who.user.plainPassword }, headers: { 'sec-fetch-site': 'cross-site' } });
    expectError(res, 403, 'forbidden');
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('opens no session for the password alone, and one for a valid code', async () => {
    const who = await makeSignedIn(ctx);
    const { key } = await turnOn(who);
    const { res, challenge, cookie } = await firstStep(who.user.username!, who.user.plainPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ twoFactorRequired: true });
    expect(res.cookies.find((c) => c.name === 'cp_session')).toBeUndefined();
    expect(challenge).toMatchObject({ httpOnly: true, maxAge: 300, sameSite: 'Lax', path: '/api/auth' });
    // the table holds the token's hash, not the token
    const [row] = await ctx.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.id, hashToken(challenge!.value)));
    expect(row.userId).toBe(who.user.id);
    expect(row.expiresAt.getTime() - ctx.clock.now().getTime()).toBe(5 * 60_000);

    const done = await secondStep(cookie, { code: codeNow(key) });
    expect(done.statusCode, done.body).toBe(200);
    const session = done.cookies.find((c) => c.name === 'cp_session');
    expect(session?.value).toBeTruthy();
    expect(done.json().user.twoFactorEnabled).toBe(true);
    const me = await client(ctx.app, `cp_session=${session!.value}`).getOk(userEnvelopeSchema, '/api/auth/me');
    expect(me.user.id).toBe(who.user.id);
    // the challenge is used up
    expectError(await secondStep(cookie, { code: codeNow(key) }), 401, 'unauthorized');
  });

  it('never accepts the same code twice, nor an older one after a newer', async () => {
    const who = await makeSignedIn(ctx);
    const { key } = await turnOn(who);
    const code = codeNow(key);
    const first = await firstStep(who.user.username!, who.user.plainPassword);
    expect((await secondStep(first.cookie, { code })).statusCode).toBe(200);
    const again = await firstStep(who.user.username!, who.user.plainPassword);
    const replay = expectError(await secondStep(again.cookie, { code }), 400, 'validation_failed');
    expect(replay.message).toBe(WRONG_CODE);
    // a code from the step before the accepted one is refused too, though still within the drift window
    ctx.clock.advance(STEP);
    const older = authenticator.clone({ epoch: ctx.clock.now().getTime() - 2 * STEP }).generate(key.replace(/\s/g, ''));
    expectError(await secondStep(again.cookie, { code: older }), 400, 'validation_failed');
    expect((await secondStep(again.cookie, { code: codeNow(key) })).statusCode).toBe(200);
  });

  // The rule changed: wrong codes used to be counted per account in the sign-in window, so someone holding the
  // password kept the owner's right code answering 429. Now they are counted per challenge (a fresh password
  // sign-in gets a fresh one), with a long-horizon count per account and an e-mail to the owner.
  it('counts wrong codes per sign-in challenge: a spent challenge needs the password again, and never locks the owner out', async () => {
    const who = await makeSignedIn(ctx, { emailVerifiedAt: new Date() });
    const { key } = await turnOn(who);
    const attacker = newIp();
    const { cookie } = await firstStep(who.user.username!, who.user.plainPassword, attacker);
    for (let i = 0; i < CODES_PER_CHALLENGE; i++) expectError(await secondStep(cookie, { code: '123456' }, attacker), 400, 'validation_failed');
    // the challenge has had its share: even the right code is refused on it, and it is gone
    const spent = await secondStep(cookie, { code: codeNow(key) }, attacker);
    expect(expectError(spent, 401, 'unauthorized').message).toBe(CHALLENGE_SPENT);
    expect(spent.cookies.find((c) => c.name === 'cp_2fa')?.value).toBe('');
    expect(
      await ctx.db
        .select()
        .from(signInChallenges)
        .where(eq(signInChallenges.id, hashToken(cookie.slice('cp_2fa='.length)))),
    ).toEqual([]);
    // meanwhile the owner signs in with the password and the right code at once: no 429
    const owner = newIp();
    const fresh = await firstStep(who.user.username!, who.user.plainPassword, owner);
    expect((await secondStep(fresh.cookie, { code: codeNow(key) }, owner)).statusCode).toBe(200);
  });

  it('e-mails the owner after repeated wrong codes in a row, once per run', async () => {
    const who = await makeSignedIn(ctx, { emailVerifiedAt: new Date() });
    await turnOn(who);
    const ip = newIp();
    const before = ctx.mailer.sent.length;
    const alerts = () => ctx.mailer.sent.slice(before).filter((m) => m.to === who.user.email && /Incorrect sign-in codes/.test(m.subject));
    for (let i = 0; i < CODE_FAILURES_NOTICE - 1; i++) {
      const { cookie } = await firstStep(who.user.username!, who.user.plainPassword, ip);
      expectError(await secondStep(cookie, { code: '123456' }, ip), 400, 'validation_failed');
    }
    expect(alerts()).toHaveLength(0);
    const { cookie } = await firstStep(who.user.username!, who.user.plainPassword, ip);
    expectError(await secondStep(cookie, { code: '123456' }, ip), 400, 'validation_failed');
    expectError(await secondStep(cookie, { code: '123456' }, ip), 400, 'validation_failed');
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0].text).toContain('knew your password');
  });

  it('accepts only a recovery code after a long run of wrong codes; that resets the count', async () => {
    const who = await makeSignedIn(ctx);
    const { key, recoveryCodes: codes } = await turnOn(who);
    await ctx.db
      .update(userTotp)
      .set({ failedCodes: CODE_FAILURES_STOP - 1 })
      .where(eq(userTotp.userId, who.user.id));
    const ip = newIp();
    const first = await firstStep(who.user.username!, who.user.plainPassword, ip);
    expectError(await secondStep(first.cookie, { code: '123456' }, ip), 400, 'validation_failed');
    const stopped = expectError(await secondStep(first.cookie, { code: codeNow(key) }, ip), 400, 'validation_failed');
    expect(stopped.issues).toEqual([{ path: 'code', message: CODES_STOPPED }]);
    expect((await secondStep(first.cookie, { recoveryCode: codes[0] }, ip)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, who.user.id));
    expect(row.failedCodes).toBe(0);
    ctx.clock.advance(STEP);
    const again = await firstStep(who.user.username!, who.user.plainPassword, ip);
    expect((await secondStep(again.cookie, { code: codeNow(key) }, ip)).statusCode).toBe(200);
  });

  it("accepts the current and the previous step's code, not the next one", async () => {
    const who = await makeSignedIn(ctx);
    const { key } = await turnOn(who);
    // one step past the one the set-up used, so the previous step's code has not been used yet
    ctx.clock.advance(STEP);
    const at = (offset: number) => authenticator.clone({ epoch: ctx.clock.now().getTime() + offset }).generate(key.replace(/\s/g, ''));
    const ip = newIp();
    const { cookie } = await firstStep(who.user.username!, who.user.plainPassword, ip);
    expectError(await secondStep(cookie, { code: at(STEP) }, ip), 400, 'validation_failed');
    expect((await secondStep(cookie, { code: at(-STEP) }, ip)).statusCode).toBe(200);
  });

  it('throttles wrong codes per address across accounts', async () => {
    const ip = newIp();
    const people = await Promise.all([makeSignedIn(ctx), makeSignedIn(ctx), makeSignedIn(ctx)]);
    const keys = [];
    for (const p of people) keys.push((await turnOn(p)).key);
    const steps = [];
    for (const p of people) steps.push((await firstStep(p.user.username!, p.user.plainPassword, ip)).cookie);
    // 3 + 3 wrong codes on two accounts stay under each account's limit; the seventh from this address is the last admitted
    for (let i = 0; i < 3; i++) expectError(await secondStep(steps[0], { code: '111111' }, ip), 400, 'validation_failed');
    for (let i = 0; i < 3; i++) expectError(await secondStep(steps[1], { code: '111111' }, ip), 400, 'validation_failed');
    expectError(await secondStep(steps[2], { code: '111111' }, ip), 400, 'validation_failed');
    expectError(await secondStep(steps[2], { code: codeNow(keys[2]) }, ip), 429, 'rate_limited');
    // the same account from elsewhere is not blocked by this address
    const elsewhere = newIp();
    const other = await firstStep(people[2].user.username!, people[2].user.plainPassword, elsewhere);
    expect((await secondStep(other.cookie, { code: codeNow(keys[2]) }, elsewhere)).statusCode).toBe(200);
  });

  it('stores recovery codes as a keyed hash; a code stored in the earlier unkeyed form still works once', async () => {
    const who = await makeSignedIn(ctx);
    const { recoveryCodes: codes } = await turnOn(who);
    const plain = codes[0].replace('-', '');
    const unkeyed = createHash('sha256').update(`recovery:${plain}`).digest('hex');
    const stored = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(unkeyed);
    // a dump alone does not give the key: the stored value is an HMAC under a key derived from the secret
    const keyed = createHmac('sha256', keyFor(ctx.config.sessionSecret, 'recovery-code')).update(plain).digest('hex');
    expect(stored.map((r) => r.codeHash)).toContain(keyed);
    // codes made before the change keep working until used or replaced
    const legacy = 'legacy2345';
    await ctx.db.insert(recoveryCodes).values({
      userId: who.user.id,
      codeHash: createHash('sha256').update(`recovery:${legacy}`).digest('hex'),
      createdAt: ctx.clock.now(),
    });
    const first = await firstStep(who.user.username!, who.user.plainPassword);
    expect((await secondStep(first.cookie, { recoveryCode: 'legac-y2345' })).statusCode).toBe(200);
    const again = await firstStep(who.user.username!, who.user.plainPassword);
    expectError(await secondStep(again.cookie, { recoveryCode: legacy }), 400, 'validation_failed');
  });

  it('accepts a recovery code once', async () => {
    const who = await makeSignedIn(ctx);
    const { recoveryCodes: codes } = await turnOn(who);
    const first = await firstStep(who.user.username!, who.user.plainPassword);
    // letter case and spaces do not matter
    const ok = await secondStep(first.cookie, { recoveryCode: ` ${codes[3].toUpperCase()} ` });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await firstStep(who.user.username!, who.user.plainPassword);
    const used = expectError(await secondStep(again.cookie, { recoveryCode: codes[3] }), 400, 'validation_failed');
    expect(used.issues).toEqual([{ path: 'recoveryCode', message: WRONG_RECOVERY_CODE }]);
    expect((await secondStep(again.cookie, { recoveryCode: codes[4] })).statusCode).toBe(200);
    const cookie = `cp_session=${(await firstStepAndCode(who, codes[5])).value}`;
    expect(await client(ctx.app, cookie).getOk(twoFactorStatusSchema, '/api/auth/2fa')).toMatchObject({ recoveryCodesLeft: 7 });
  });

  it('refuses a missing, forged or expired challenge and a body with both or neither factor', async () => {
    const who = await makeSignedIn(ctx);
    const { key } = await turnOn(who);
    expectError(await secondStep('', { code: codeNow(key) }), 401, 'unauthorized');
    expectError(await secondStep('cp_2fa=forged', { code: codeNow(key) }), 401, 'unauthorized');
    const { cookie } = await firstStep(who.user.username!, who.user.plainPassword);
    expectError(await secondStep(cookie, {}), 400, 'validation_failed');
    expectError(await secondStep(cookie, { code: codeNow(key), recoveryCode: 'abcde-fghij' }), 400, 'validation_failed');
    ctx.clock.advance(5 * 60_000 + 1000);
    expectError(await secondStep(cookie, { code: codeNow(key) }), 401, 'unauthorized');
  });
});

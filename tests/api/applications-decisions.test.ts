import type { PendingApplication } from '../../common/schemas/applications.ts';
import type { Page } from '../../common/schemas/page.ts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, users } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, registration, reloadUser, type TestContext } from '../helpers/app.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

/** Application review: deciding, the verified e-mail address approval needs, and resending the verification e-mail. */

let ctx: TestContext;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  ctx = await createTestApp();
  const u = await makeUser(ctx.db, { role: 'admin' });
  admin = { id: u.id, cookie: await openSession(ctx, u.id) };
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * Registers through the API, as an applicant does; answers the body sent, the new id and the applicant's cookie.
 * The applicant then confirms their e-mail address (approval needs it) unless `verified: false`.
 */
async function apply(overrides: Record<string, unknown> = {}, { verified = true } = {}) {
  const body = registration({ website: 'https://northwind.example', ...overrides });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const cookie = `cp_session=${res.cookies.find((c) => c.name === 'cp_session')!.value}`;
  const id = res.json().user.id as string;
  if (verified) await ctx.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, id));
  return { body, id, cookie };
}

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const approve = (id: string, payload: unknown = {}) => asAdmin('POST', `/api/admin/approve-application/${id}`, payload);
const reject = (id: string, payload: unknown) => asAdmin('POST', `/api/admin/reject-application/${id}`, payload);
const auditFor = (id: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt));
const pendingPage = async (query = 'pageSize=100') => {
  const res = await asAdmin('GET', `/api/admin/pending-applications?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<PendingApplication>;
};
const pendingList = async () => (await pendingPage()).items;
describe('deciding', () => {
  it('approving twice answers 409 and sends no second e-mail', async () => {
    const { id, body } = await apply();
    const toApplicant = () => ctx.mailer.sent.filter((m) => m.to === body.email).length;
    const before = toApplicant();
    await approve(id);
    // the decision's e-mail arrives after the answer, once its notification has committed
    await expect.poll(toApplicant).toBe(before + 1);
    const approvedAt = (await reloadUser(ctx.db, id)).approvedAt;
    ctx.clock.advance(60_000);
    expectError(await approve(id), 409, 'conflict');
    expect((await reloadUser(ctx.db, id)).approvedAt).toEqual(approvedAt);
    // no second decision was told, so no second e-mail can follow
    const decisions = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, id), eq(notifications.type, 'application_decision')));
    expect(decisions).toHaveLength(1);
    // (other tests' mails may still be arriving: only this applicant's count)
    expect(toApplicant()).toBe(before + 1);
  });

  it('rejecting twice answers 409', async () => {
    const { id } = await apply();
    await reject(id, { reason: 'other' });
    expectError(await reject(id, { reason: 'high_risk' }), 409, 'conflict');
    expect((await reloadUser(ctx.db, id)).rejectionReason).toBe('other');
  });

  it('rejecting an approved member answers 409 and leaves them approved', async () => {
    const { id } = await apply();
    await approve(id);
    expectError(await reject(id, { reason: 'other' }), 409, 'conflict');
    expect((await reloadUser(ctx.db, id)).accountStatus).toBe('approved');
  });

  it('a rejected applicant can be reconsidered and approved; the audit shows the state it came from', async () => {
    const { id } = await apply();
    await reject(id, { reason: 'incomplete_profile' });
    const res = await approve(id, { notes: 'Reconsidered after a call.' });
    expect(res.statusCode).toBe(200);
    expect(await reloadUser(ctx.db, id)).toMatchObject({ accountStatus: 'approved', rejectedAt: null, rejectedBy: null, rejectionReason: null });
    const [audit] = await auditFor(id, 'application.approve');
    expect(audit.before).toEqual({ accountStatus: 'rejected' });
  });

  it.each(['approve', 'reject'] as const)('%s on an unknown applicant answers 404', async (action) => {
    const res = action === 'approve' ? await approve(NO_SUCH_ID) : await reject(NO_SUCH_ID, { reason: 'other' });
    expectError(res, 404, 'not_found');
  });

  it.each(['1 OR 1=1', '1;--'])('%s as an id answers 400', async (id) => {
    expectError(await approve(encodeURIComponent(id)), 400, 'validation_failed');
  });

  it('an admin deciding an application does not change the admin’s own account', async () => {
    const before = await reloadUser(ctx.db, admin.id);
    const { id } = await apply();
    await approve(id);
    expect(await reloadUser(ctx.db, admin.id)).toEqual(before);
  });
});

describe('approval needs a verified e-mail address', () => {
  const REFUSAL = 'The applicant has not verified their e-mail address yet. Approve the application once they have confirmed it.';

  it('the pending list says so: approve is not allowed, with the reason, and a new link may be sent', async () => {
    const { id } = await apply({}, { verified: false });
    const entry = (await pendingList()).find((a) => a.userId === id)!;
    expect(entry.user.emailVerified).toBe(false);
    expect(entry.can).toEqual({
      update: true,
      approve: false,
      reject: true,
      approveBlockedReason: 'The applicant has not verified their e-mail address yet.',
      resendVerification: true,
    });
    const { id: verifiedId } = await apply();
    expect((await pendingList()).find((a) => a.userId === verifiedId)!.can).toMatchObject({ approve: true, approveBlockedReason: null, resendVerification: false });
  });

  it.each([
    ['with notes', { notes: 'Looks good.' }],
    ['without a body (the quick Approve button)', undefined],
  ])('approving an unverified applicant %s answers 409 with the reason and changes nothing', async (_name, payload) => {
    const { id } = await apply({}, { verified: false });
    const before = await reloadUser(ctx.db, id);
    const res = payload === undefined ? await asAdmin('POST', `/api/admin/approve-application/${id}`) : await approve(id, payload);
    expect(expectError(res, 409, 'conflict').message).toBe(REFUSAL);
    expect(await reloadUser(ctx.db, id)).toEqual(before);
    expect(await auditFor(id, 'application.approve')).toHaveLength(0);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, id))).toHaveLength(0);
  });

  it('a rejected applicant who never verified cannot be reconsidered and approved either', async () => {
    const { id } = await apply({}, { verified: false });
    await reject(id, { reason: 'other' });
    expectError(await approve(id), 409, 'conflict');
    expect((await reloadUser(ctx.db, id)).accountStatus).toBe('rejected');
  });

  it('once the applicant confirms the link, the same approval goes through', async () => {
    const { id } = await apply({}, { verified: false });
    expectError(await approve(id), 409, 'conflict');
    await ctx.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, id));
    expect((await approve(id)).statusCode).toBe(200);
    expect((await reloadUser(ctx.db, id)).accountStatus).toBe('approved');
  });
});

describe('resending the verification e-mail to an applicant', () => {
  const resend = (cookie: string | null, id: string, payload: unknown = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/resend-verification`, headers: cookie ? { cookie } : {}, payload: payload as object });
  const mailsTo = (email: string) => ctx.mailer.sent.filter((m) => m.to === email);

  it('an admin sends a new link to the applicant, and it is audited', async () => {
    const { id, body } = await apply({}, { verified: false });
    const before = mailsTo(body.email).length;
    const res = await resend(admin.cookie, id);
    expect(res.statusCode, res.body).toBe(200);
    const mails = mailsTo(body.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toMatch(/\/verify-email\?token=/);
    const [audit] = await auditFor(id, 'application.resend_verification');
    expect(audit).toMatchObject({ actorId: admin.id, entityType: 'user', entityId: id, after: { email: body.email } });
  });

  it('a member is refused with 403, an applicant too, and signed out 401; no mail, no audit', async () => {
    const { id, body, cookie: applicantCookie } = await apply({}, { verified: false });
    const member = await makeUser(ctx.db);
    const memberCookie = await openSession(ctx, member.id);
    const before = mailsTo(body.email).length;
    expectError(await resend(memberCookie, id), 403, 'forbidden');
    expectError(await resend(applicantCookie, id), 403, 'forbidden');
    expectError(await resend(null, id), 401, 'unauthorized');
    expect(mailsTo(body.email)).toHaveLength(before);
    expect(await auditFor(id, 'application.resend_verification')).toHaveLength(0);
  });

  it('answers 404 for an unknown applicant, 400 for a bad id or extra fields', async () => {
    expectError(await resend(admin.cookie, NO_SUCH_ID), 404, 'not_found');
    expectError(await resend(admin.cookie, 'not-an-id'), 400, 'validation_failed');
    const { id } = await apply({}, { verified: false });
    expectError(await resend(admin.cookie, id, { email: 'attacker@example.com' }), 400, 'validation_failed');
  });

  it('answers 409 when the address is already verified or the application decided', async () => {
    const { id: verified } = await apply();
    expect(expectError(await resend(admin.cookie, verified), 409, 'conflict').message).toBe('This applicant has already verified their e-mail address.');
    const { id: rejected } = await apply({}, { verified: false });
    await reject(rejected, { reason: 'other' });
    expectError(await resend(admin.cookie, rejected), 409, 'conflict');
    expect(await auditFor(rejected, 'application.resend_verification')).toHaveLength(0);
  });

  it('is limited per applicant, together with the applicant’s own requests: 429 with Retry-After, nothing sent', async () => {
    const { id, body, cookie } = await apply({}, { verified: false });
    const own = await ctx.app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: { cookie }, payload: {} });
    expect(own.statusCode, own.body).toBe(200);
    for (let i = 1; i < ctx.config.verification.resendMax; i++) expect((await resend(admin.cookie, id)).statusCode).toBe(200);
    const before = mailsTo(body.email).length;
    const refused = await resend(admin.cookie, id);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(mailsTo(body.email)).toHaveLength(before);
    expect(await auditFor(id, 'application.resend_verification')).toHaveLength(ctx.config.verification.resendMax - 1);
  });
});

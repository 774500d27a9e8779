import type { PendingApplication } from '../../common/schemas/applications.ts';
import type { Page } from '../../common/schemas/page.ts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainEvents, memberApplications, users } from '../../server/db/schema/index.ts';
import { createTestApp, makeUser, openSession, registration, reloadUser, type TestContext } from '../helpers/app.ts';
import { expectError, findSecrets, NO_SUCH_ID } from '../helpers/http.ts';
import { snapshotTables } from '../helpers/db-snapshot.ts';

/** Application review through the API an admin uses: the pending list, checklist updates, summary cards, approving and rejecting. */

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
const update = (id: string, change: unknown) => asAdmin('POST', `/api/admin/update-application/${id}`, change);
const approve = (id: string, payload: unknown = {}) => asAdmin('POST', `/api/admin/approve-application/${id}`, payload);
const reject = (id: string, payload: unknown) => asAdmin('POST', `/api/admin/reject-application/${id}`, payload);
const applicationOf = async (id: string) => (await ctx.db.select().from(memberApplications).where(eq(memberApplications.userId, id)))[0];
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
const stats = async () => (await asAdmin('GET', '/api/admin/application-stats')).json() as Record<string, number>;

describe('the pending list', () => {
  it('shows a new applicant with the fields the review reads', async () => {
    const { body, id } = await apply();
    const entry = (await pendingList()).find((a) => a.userId === id);
    expect(entry).toBeDefined();
    expect(entry).toMatchObject({
      companyVerified: false,
      linkedinChecked: false,
      backgroundVerified: false,
      referenceChecked: false,
      competitorFlag: false,
      industryConflict: false,
      riskAssessment: null,
    });
    const [applied] = await ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, id), eq(domainEvents.type, 'member.applied')));
    expect(applied).toMatchObject({ entityType: 'user', actorId: id, data: { userId: id, via: 'form' } });
    expect(entry!.user).toMatchObject({
      id,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      company: body.company,
      jobTitle: body.jobTitle,
      phone: body.phoneNumber,
      dateOfBirth: body.dateOfBirth,
      yearsOfExperience: body.yearsExperience,
      address: body.fullAddress,
      websiteUrl: body.website,
      linkedinUrl: body.linkedinUrl,
      networkingGoals: body.networkingGoals,
      businessInterests: body.businessInterests,
      expertise: body.expertise,
      industries: body.industries,
    });
    expect(entry!.user.appliedAt).toEqual(expect.any(String));
  });

  it('carries no password or hash', async () => {
    await apply();
    const res = await asAdmin('GET', '/api/admin/pending-applications');
    expect(findSecrets(res.json())).toEqual([]);
  });

  it('leaves out approved and rejected members', async () => {
    const a = await apply();
    const b = await apply();
    expect((await approve(a.id)).statusCode).toBe(200);
    expect((await reject(b.id, { reason: 'other' })).statusCode).toBe(200);
    const ids = (await pendingList()).map((x) => x.userId);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
  });
});

describe('checklist updates', () => {
  const FIELDS: Array<[string, unknown]> = [
    ['companyVerified', true],
    ['linkedinChecked', true],
    ['backgroundVerified', true],
    ['referenceChecked', true],
    ['competitorFlag', true],
    ['industryConflict', true],
    ['riskAssessment', 'high'],
  ];

  it.each(FIELDS)('saving %s changes exactly that field and writes an audit row before → after', async (field, value) => {
    const { id } = await apply();
    const before = await applicationOf(id);
    const res = await update(id, { [field]: value });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const after = await applicationOf(id);
    const changed = Object.keys(after).filter((k) => JSON.stringify(after[k as keyof typeof after]) !== JSON.stringify(before[k as keyof typeof before]));
    expect(changed.sort()).toEqual([field, 'reviewedAt', 'reviewedBy'].sort());
    expect(after[field as keyof typeof after]).toEqual(value);
    expect(after.reviewedBy).toBe(admin.id);
    const [audit] = await auditFor(id, 'application.update');
    expect(audit).toMatchObject({ actorId: admin.id, entityType: 'user', before: { [field]: before[field as keyof typeof before] }, after: { [field]: value } });
  });

  it('unticking a box is saved and audited too', async () => {
    const { id } = await apply();
    await update(id, { companyVerified: true });
    expect((await update(id, { companyVerified: false })).statusCode).toBe(200);
    expect((await applicationOf(id)).companyVerified).toBe(false);
    const audits = await auditFor(id, 'application.update');
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => [a.before, a.after])).toContainEqual([{ companyVerified: true }, { companyVerified: false }]);
  });

  it.each([
    ['two fields', { companyVerified: true, linkedinChecked: true }],
    ['no field', {}],
    ['an unknown field', { accountStatus: 'approved' }],
    ['a field the checklist does not own', { reviewedBy: NO_SUCH_ID }],
    ['a wrong type', { companyVerified: 'yes' }],
    ['a risk level outside the list', { riskAssessment: 'extreme' }],
  ])('refuses %s with 400 and changes nothing', async (_name, change) => {
    const { id } = await apply();
    const before = await snapshotTables(ctx.db);
    expectError(await update(id, change), 400, 'validation_failed');
    expect(await snapshotTables(ctx.db)).toEqual(before);
    expect((await reloadUser(ctx.db, id)).accountStatus).toBe('pending');
  });

  it('answers 404 for an unknown applicant and 409 once the application is decided', async () => {
    expectError(await update(NO_SUCH_ID, { companyVerified: true }), 404, 'not_found');
    const { id } = await apply();
    await approve(id);
    expectError(await update(id, { companyVerified: true }), 409, 'conflict');
  });
});

describe('summary cards', () => {
  it('count pending, high risk, competitor flags and ready to approve as the list shows them', async () => {
    const list = await pendingList();
    const s = await stats();
    const ready = list.filter((a) => a.companyVerified && a.linkedinChecked && a.backgroundVerified && !a.competitorFlag).length;
    expect(s).toEqual({
      pending: list.length,
      highRisk: list.filter((a) => a.riskAssessment === 'high').length,
      competitorFlags: list.filter((a) => a.competitorFlag).length,
      readyToApprove: ready,
    });
  });

  it('ready to approve needs company, LinkedIn and background verified and no competitor flag', async () => {
    const start = await stats();
    const ready = await apply();
    const flagged = await apply();
    const partial = await apply();
    for (const id of [ready.id, flagged.id]) {
      for (const field of ['companyVerified', 'linkedinChecked', 'backgroundVerified']) await update(id, { [field]: true });
    }
    await update(flagged.id, { competitorFlag: true });
    await update(partial.id, { companyVerified: true });
    await update(partial.id, { linkedinChecked: true });
    await update(partial.id, { riskAssessment: 'high' });
    expect(await stats()).toEqual({
      pending: start.pending + 3,
      highRisk: start.highRisk + 1,
      competitorFlags: start.competitorFlags + 1,
      readyToApprove: start.readyToApprove + 1,
    });
  });

  it('a decided application leaves every count', async () => {
    const { id } = await apply();
    for (const field of ['companyVerified', 'linkedinChecked', 'backgroundVerified']) await update(id, { [field]: true });
    await update(id, { riskAssessment: 'high' });
    const before = await stats();
    await approve(id);
    expect(await stats()).toEqual({
      pending: before.pending - 1,
      highRisk: before.highRisk - 1,
      competitorFlags: before.competitorFlags,
      readyToApprove: before.readyToApprove - 1,
    });
  });
});

describe('approving', () => {
  it('sets approved, approvedAt and approvedBy, records the notes, audits and mails the applicant', async () => {
    const { id, body } = await apply();
    ctx.clock.advance(3_600_000);
    const sentBefore = ctx.mailer.sent.length;
    const res = await approve(id, { notes: 'Strong references.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id, accountStatus: 'approved', approvedAt: ctx.clock.now().toISOString() });
    const user = await reloadUser(ctx.db, id);
    expect(user).toMatchObject({ accountStatus: 'approved', approvedBy: admin.id, rejectedAt: null, rejectionReason: null });
    expect(user.approvedAt).toEqual(ctx.clock.now());
    expect(await applicationOf(id)).toMatchObject({ reviewedBy: admin.id, reviewerNotes: 'Strong references.' });
    const [audit] = await auditFor(id, 'application.approve');
    expect(audit).toMatchObject({ actorId: admin.id, before: { accountStatus: 'pending' }, after: { accountStatus: 'approved' } });
    // the decision's e-mail follows its notification once the transaction has committed
    await expect.poll(() => ctx.mailer.sent.length - sentBefore).toBe(1);
    const mails = ctx.mailer.sent.slice(sentBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(body.email);
    expect(mails[0].subject).toMatch(/approved/i);
    expect(mails[0].text).toContain(body.firstName);
  });

  it('works without a body, as the quick Approve button sends it', async () => {
    const { id } = await apply();
    const res = await asAdmin('POST', `/api/admin/approve-application/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await reloadUser(ctx.db, id)).accountStatus).toBe('approved');
  });

  it('the applicant’s own /api/auth/me then shows approved, and member routes open', async () => {
    const { id, cookie } = await apply();
    const before = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(before.json().user.accountStatus).toBe('pending');
    await approve(id);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(200);
    expect(after.json().user).toMatchObject({ accountStatus: 'approved', approvedAt: expect.any(String) });
  });

  it('refuses notes over 2000 characters and changes nothing', async () => {
    const { id } = await apply();
    expectError(await approve(id, { notes: 'x'.repeat(2001) }), 400, 'validation_failed');
    expect((await reloadUser(ctx.db, id)).accountStatus).toBe('pending');
  });
});

describe('rejecting', () => {
  it('needs a reason: without one it answers 400 with the form’s message and changes nothing', async () => {
    const { id } = await apply();
    const sentBefore = ctx.mailer.sent.length;
    const error = expectError(await reject(id, {}), 400, 'validation_failed');
    expect(error.issues).toContainEqual({ path: 'reason', message: 'Please select a rejection reason' });
    expectError(await reject(id, { reason: 'does-not-like-them' }), 400, 'validation_failed');
    expect((await reloadUser(ctx.db, id)).accountStatus).toBe('pending');
    expect(ctx.mailer.sent.length).toBe(sentBefore);
  });

  it('sets rejectedAt, rejectedBy and rejectionReason, audits and mails the applicant with the reason', async () => {
    const { id, body, cookie } = await apply();
    const sentBefore = ctx.mailer.sent.length;
    const res = await reject(id, { reason: 'unverified_company', notes: 'Company not found at Companies House.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ accountStatus: 'rejected', rejectionReason: 'unverified_company', rejectedAt: ctx.clock.now().toISOString() });
    const user = await reloadUser(ctx.db, id);
    expect(user).toMatchObject({ accountStatus: 'rejected', rejectedBy: admin.id, rejectionReason: 'unverified_company', approvedAt: null });
    expect(user.rejectedAt).toEqual(ctx.clock.now());
    const [audit] = await auditFor(id, 'application.reject');
    expect(audit).toMatchObject({ actorId: admin.id, before: { accountStatus: 'pending' }, after: { accountStatus: 'rejected', reason: 'unverified_company' } });
    // the decision's e-mail follows its notification once the transaction has committed
    await expect.poll(() => ctx.mailer.sent.length - sentBefore).toBe(1);
    const mails = ctx.mailer.sent.slice(sentBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(body.email);
    expect(mails[0].text).toContain('Unverified company');
    expect(mails[0].text).toContain(ctx.config.supportEmail);
    // the status screen reads the reason from /api/auth/me, and member routes stay closed
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ accountStatus: 'rejected', rejectionReason: 'unverified_company' });
  });
});

import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { commissionOnTotal } from '../../common/rules/commission-tiers.ts';
import { partnerPayoutPageSchema, payoutLinePageSchema, payoutRunPageSchema, payoutRunSchema, type PayoutLine } from '../../common/schemas/payouts.ts';
import { makeCommission } from '../../server/db/factories/leads.ts';
import { auditLog, commissions, domainEvents, notifications, payoutDetails, payoutLineCommissions, payoutLines } from '../../server/db/schema/index.ts';
import { maskPayoutAccount, sealPayoutAccount, type PayoutAccount } from '../../server/lib/payout-account.ts';
import type { MadeUser } from '../../server/db/factories/members.ts';
import { PAYOUT_STATEMENTS_JOB } from '../../server/services/payout-run-paid.ts';
import { createTestApp, login, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;
/** Drafts the runs. */
let drafter: SignedIn;
/** The second administrator, who approves. */
let approver: SignedIn;
/** An administrator who also earns commission: paid in the run, so never its approver. */
let paidAdmin: SignedIn;
let partner: SignedIn;

const NOW = new Date('2026-11-10T10:00:00Z');
const OCTOBER = new Date('2026-10-15T10:00:00Z');
const DAY = 86_400_000;

const bank = (n: string): PayoutAccount => ({ method: 'bank', accountName: 'A Partner', sortCode: '089999', accountNumber: n });

/** Gives a partner payout details: first given `createdAt`, replaced at `changedAt` (null: never replaced). */
async function giveDetails(userId: string, account: PayoutAccount, o: { createdAt?: Date; changedAt?: Date | null } = {}) {
  await ctx.db.insert(payoutDetails).values({
    userId,
    method: account.method,
    sealed: sealPayoutAccount(ctx.config.payoutKey, account),
    masked: maskPayoutAccount(account),
    createdAt: o.createdAt ?? new Date(NOW.getTime() - 90 * DAY),
    changedAt: o.changedAt ?? null,
  });
}

/** A won deal of `value` pounds for the partner, closed in October. */
const won = (p: MadeUser, value: string, companyName = 'Deal Co', closedAt = OCTOBER) =>
  makeCommission(ctx.db, {
    partner: p,
    by: drafter.user,
    closedAt,
    estimatedValue: value,
    companyName,
    industry: 'Technology',
    leadType: 'interim',
    contactName: 'C',
    contactEmail: 'c@deal.example',
    projectDescription: 'A deal',
  });

const draft = (api = drafter.api) => api.create(payoutRunSchema, '/api/admin/payout-runs', { body: {} });
const lines = async (runId: string, state: string): Promise<PayoutLine[]> =>
  (await drafter.api.getOk(payoutLinePageSchema, `/api/admin/payout-runs/${runId}/lines`, { query: { state, pageSize: 100 } })).items;
const lineOf = async (runId: string, state: string, userId: string) => (await lines(runId, state)).find((l) => l.partner.id === userId);
const cancel = (runId: string) => drafter.api.postOk(payoutRunSchema, `/api/admin/payout-runs/${runId}/cancel`);
const pence = (money: string) => Math.round(Number(money) * 100);

/** Every line of a run, of every state, in pence: what the run's totals must add up to. */
async function sumOfLines(runId: string) {
  const rows = await ctx.db.select().from(payoutLines).where(eq(payoutLines.runId, runId));
  const sum = (states: string[]) => rows.filter((r) => states.includes(r.state)).reduce((s, r) => s + r.amountPence, 0);
  return { paying: sum(['payable', 'paid']), held: sum(['held']), carried: sum(['carried_over']) };
}
async function expectTotalsAreLines(runId: string) {
  const run = await drafter.api.getOk(payoutRunSchema, `/api/admin/payout-runs/${runId}`);
  const s = await sumOfLines(runId);
  expect(pence(run.total)).toBe(s.paying);
  expect(pence(run.heldTotal)).toBe(s.held);
  expect(pence(run.carriedOverTotal)).toBe(s.carried);
  // a payable line is exactly the commissions it claims
  for (const line of await ctx.db
    .select()
    .from(payoutLines)
    .where(and(eq(payoutLines.runId, runId), eq(payoutLines.state, 'payable')))) {
    const claims = await ctx.db
      .select()
      .from(payoutLineCommissions)
      .where(and(eq(payoutLineCommissions.lineId, line.id), isNull(payoutLineCommissions.releasedAt)));
    expect(line.amountPence).toBe(claims.reduce((t, c) => t + c.amountPence, 0));
    expect(line.commissionCount).toBe(claims.length);
  }
  return run;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.current = NOW;
  drafter = await makeSignedIn(ctx, { role: 'admin' });
  approver = await makeSignedIn(ctx, { role: 'master-admin' });
  paidAdmin = await makeSignedIn(ctx, { role: 'admin' });
  partner = await makeSignedIn(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

describe('a payout run from draft to paid', () => {
  let big: MadeUser; // £26,100 of deals in October, bank details for months
  let small: MadeUser; // £100 of deals: £20, below the minimum
  let none: MadeUser; // no payout details
  let changed: MadeUser; // replaced their details two days ago
  let fresh: MadeUser; // gave their first details yesterday
  let runId: string;

  beforeAll(async () => {
    [big, small, none, changed, fresh] = await Promise.all([makeUser(ctx.db), makeUser(ctx.db), makeUser(ctx.db), makeUser(ctx.db), makeUser(ctx.db)]);
    await giveDetails(big.id, bank('12345678'));
    await giveDetails(small.id, bank('22223333'));
    await giveDetails(changed.id, bank('44445555'), { changedAt: new Date(NOW.getTime() - 2 * DAY) });
    await giveDetails(fresh.id, { method: 'paypal', paypalEmail: 'fresh@pay.example' }, { createdAt: new Date(NOW.getTime() - DAY) });
    await giveDetails(paidAdmin.user.id, bank('66667777'));
    await won(big, '10000', 'First Co');
    await won(big, '16100', 'Second Co');
    // earned after the period end: not in a run for October
    await won(big, '5000', 'November Co', new Date('2026-11-02T10:00:00Z'));
    await won(small, '100');
    await won(none, '1000');
    await won(changed, '1000');
    await won(fresh, '1000');
    await won(paidAdmin.user, '1000');
  });

  it('drafts the pending commission earned up to the end of last month, in tiers, a line per partner', async () => {
    const run = await draft();
    runId = run.id;
    expect(run).toMatchObject({ status: 'draft', periodEnd: '2026-10-31', minimumPayout: '50.00', createdBy: { id: drafter.user.id } });
    expect(run.reference).toMatch(/^CP\d{4}$/);
    const line = await lineOf(runId, 'payable', big.id);
    // £26,100 in one month: 20 % of 10,000 + 30 % of 10,000 + 40 % of 6,100
    expect(commissionOnTotal(2_610_000)).toBe(744_000);
    expect(line).toMatchObject({ amount: '7440.00', commissionCount: 2, method: 'bank', masked: '•••• 5678', holdReason: null });
    expect(line!.reference).toMatch(new RegExp(`^${run.reference}-\\d{4}$`));
    // 7,440 + fresh's 200 (PayPal) + the administrator's 200
    expect(run).toMatchObject({ total: '7840.00', bankTotal: '7640.00', paypalTotal: '200.00', payableCount: 3 });
    await expectTotalsAreLines(runId);
  });

  it('carries over a partner owed less than the minimum, without claiming their commission', async () => {
    const line = await lineOf(runId, 'carried_over', small.id);
    expect(line).toMatchObject({ amount: '20.00', commissionCount: 1, holdReason: null });
    const [c] = await ctx.db.select().from(commissions).where(eq(commissions.partnerId, small.id));
    expect(await ctx.db.select().from(payoutLineCommissions).where(eq(payoutLineCommissions.commissionId, c.id))).toEqual([]);
  });

  it('holds partners without details, and those who replaced theirs within 7 days; first details are payable at once', async () => {
    const held = await lines(runId, 'held');
    expect(held.find((l) => l.partner.id === none.id)).toMatchObject({ holdReason: 'no_details', holdText: 'No payout details', amount: '200.00' });
    const ch = held.find((l) => l.partner.id === changed.id);
    expect(ch).toMatchObject({ holdReason: 'details_changed' });
    expect(ch!.holdText).toBe('Payout details changed on 8 Nov 2026: held until 15 Nov 2026');
    expect(await lineOf(runId, 'payable', fresh.id)).toMatchObject({ method: 'paypal', masked: 'f•••@pay.example', amount: '200.00' });
    const run = await drafter.api.getOk(payoutRunSchema, `/api/admin/payout-runs/${runId}`);
    expect(run).toMatchObject({ heldCount: 2, heldTotal: '400.00', carriedOverCount: 1, carriedOverTotal: '20.00' });
    const claimed = await ctx.db
      .select()
      .from(payoutLineCommissions)
      .innerJoin(commissions, eq(commissions.id, payoutLineCommissions.commissionId))
      .where(inArray(commissions.partnerId, [none.id, changed.id]));
    expect(claimed).toEqual([]);
  });

  it('keeps the totals equal to the sum of the lines when a commission leaves the draft', async () => {
    // two more October deals of the same partner: the first run already claims the month's others, so a second draft takes these
    const extra = await won(big, '1000', 'Extra Co');
    const lost = await won(big, '1000', 'Lost Co');
    const second = await draft(approver.api);
    expect(await lineOf(second.id, 'payable', big.id)).toMatchObject({ commissionCount: 2, amount: '800.00' });
    // the deal is lost while the run is a draft: its commission is cancelled and leaves the draft
    const res = await drafter.api.patch(`/api/leads/${lost.lead.id}`, { body: { status: 'closed-lost' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lineOf(second.id, 'payable', big.id)).toMatchObject({ commissionCount: 1, amount: extra.commission.amount });
    const run = await expectTotalsAreLines(second.id);
    expect(pence(run.total)).toBe((await sumOfLines(second.id)).paying);
    // paid on its own while in a draft, a commission simply leaves the draft too
    await approver.api.postOk(z.any(), `/api/admin/commissions/${extra.commission.id}/pay`);
    expect(await lineOf(second.id, 'payable', big.id)).toMatchObject({ commissionCount: 0, amount: '0.00' });
    await expectTotalsAreLines(second.id);
    await cancel(second.id);
  });

  it('never lets the drafter, or an administrator the run pays, approve it', async () => {
    const own = await drafter.api.post(`/api/admin/payout-runs/${runId}/approve`);
    expectError(own, 403, 'forbidden');
    expect(own.json().error.message).toBe('You drafted this run; another administrator must approve it.');
    const paid = await paidAdmin.api.post(`/api/admin/payout-runs/${runId}/approve`);
    expectError(paid, 403, 'forbidden');
    expect(paid.json().error.message).toBe('This run pays you; another administrator must approve it.');
    const run = await drafter.api.getOk(payoutRunSchema, `/api/admin/payout-runs/${runId}`);
    expect(run.status).toBe('draft');
    expect(run.can).toMatchObject({ approve: false, cancel: true, markPaid: false });
    expect((await approver.api.getOk(payoutRunSchema, `/api/admin/payout-runs/${runId}`)).can.approve).toBe(true);
  });

  it('approves by a second administrator, freezing each payable line’s payout details', async () => {
    const run = await approver.api.postOk(payoutRunSchema, `/api/admin/payout-runs/${runId}/approve`);
    expect(run).toMatchObject({
      status: 'approved',
      approvedBy: { id: approver.user.id },
      total: '7840.00',
      can: { approve: false, cancel: false, markPaid: true, downloadFiles: true },
    });
    // details replaced after approval do not change where this run's money goes
    await ctx.db.update(payoutDetails).set({ masked: '•••• 0000' }).where(eq(payoutDetails.userId, big.id));
    expect(await lineOf(runId, 'payable', big.id)).toMatchObject({ masked: '•••• 5678', method: 'bank' });
    const [frozen] = await ctx.db
      .select()
      .from(payoutLines)
      .where(and(eq(payoutLines.runId, runId), eq(payoutLines.partnerId, big.id)));
    expect(frozen.sealedDetails).toBeTruthy();
    expectError(await approver.api.post(`/api/admin/payout-runs/${runId}/approve`), 409, 'conflict');
    expectError(await approver.api.post(`/api/admin/payout-runs/${runId}/cancel`), 409, 'conflict');
    const [event] = await ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'payout_run.approved'), eq(domainEvents.entityId, runId)));
    expect(event.data).toMatchObject({ total: '7840.00', payableCount: 3 });
  });

  it('refuses to pay on its own a commission an approved run pays', async () => {
    const [claimed] = await ctx.db
      .select({ id: payoutLineCommissions.commissionId })
      .from(payoutLineCommissions)
      .innerJoin(payoutLines, eq(payoutLines.id, payoutLineCommissions.lineId))
      .where(and(eq(payoutLines.runId, runId), eq(payoutLines.partnerId, big.id), isNull(payoutLineCommissions.releasedAt)));
    const res = await approver.api.post(`/api/admin/commissions/${claimed.id}/pay`);
    expectError(res, 409, 'conflict');
    expect(res.json().error.message).toMatch(/payout run CP\d{4} \(approved\)/);
    const [still] = await ctx.db.select().from(commissions).where(eq(commissions.id, claimed.id));
    expect(still.status).toBe('pending');
  });

  it('keeps paying with the run a commission whose lead leaves closed-won after approval, and never pays it twice', async () => {
    const [claimed] = await ctx.db
      .select({ c: commissions })
      .from(payoutLineCommissions)
      .innerJoin(payoutLines, eq(payoutLines.id, payoutLineCommissions.lineId))
      .innerJoin(commissions, eq(commissions.id, payoutLineCommissions.commissionId))
      .where(and(eq(payoutLines.runId, runId), eq(payoutLines.partnerId, big.id), isNull(payoutLineCommissions.releasedAt)))
      .limit(1);
    const leadId = claimed.c.leadId;
    expect((await drafter.api.patch(`/api/leads/${leadId}`, { body: { status: 'closed-lost' } })).statusCode).toBe(200);
    const [kept] = await ctx.db.select().from(commissions).where(eq(commissions.id, claimed.c.id));
    expect(kept.status).toBe('pending');
    // won again: the commission the run holds is the lead's one commission
    expect((await drafter.api.patch(`/api/leads/${leadId}`, { body: { status: 'closed-won' } })).statusCode).toBe(200);
    const ofLead = await ctx.db
      .select()
      .from(commissions)
      .where(and(eq(commissions.leadId, leadId), eq(commissions.kind, 'closed_won')));
    expect(ofLead.map((c) => [c.id, c.status])).toEqual([[claimed.c.id, 'pending']]);
    await expectTotalsAreLines(runId);
  });

  it('shows the partner their scheduled payout, and nobody else’s', async () => {
    const bigApi = client(ctx.app, await login(ctx.app, big.username!, big.plainPassword));
    const mine = await bigApi.getOk(partnerPayoutPageSchema, '/api/payouts');
    expect(mine.items).toEqual([expect.objectContaining({ status: 'scheduled', amount: '7440.00', masked: '•••• 5678', valueDate: null })]);
    expect((await partner.api.getOk(partnerPayoutPageSchema, '/api/payouts')).items).toEqual([]);
  });

  it('marks it paid: its commissions paid at the value date, a failed line back to pending, each paid partner told with the statement', async () => {
    const failed = await lineOf(runId, 'payable', fresh.id);
    expectError(
      await approver.api.post(`/api/admin/payout-runs/${runId}/mark-paid`, { body: { valueDate: '2026-11-15', failedLineIds: [NO_SUCH_ID] } }),
      400,
      'validation_failed',
    );
    ctx.mailer.sent.length = 0;
    const run = await approver.api.postOk(payoutRunSchema, `/api/admin/payout-runs/${runId}/mark-paid`, {
      body: { valueDate: '2026-11-15', failedLineIds: [failed!.id] },
    });
    expect(run).toMatchObject({ status: 'paid', valueDate: '2026-11-15', total: '7640.00', payableCount: 2, failedCount: 1 });
    await expectTotalsAreLines(runId);
    const paid = await ctx.db
      .select({ c: commissions })
      .from(payoutLineCommissions)
      .innerJoin(payoutLines, eq(payoutLines.id, payoutLineCommissions.lineId))
      .innerJoin(commissions, eq(commissions.id, payoutLineCommissions.commissionId))
      .where(and(eq(payoutLines.runId, runId), eq(payoutLines.partnerId, big.id), isNull(payoutLineCommissions.releasedAt)));
    expect(paid).toHaveLength(2);
    for (const { c } of paid) expect(c).toMatchObject({ status: 'paid', paidAt: new Date('2026-11-15T12:00:00.000Z') });
    const [freshC] = await ctx.db.select().from(commissions).where(eq(commissions.partnerId, fresh.id));
    expect(freshC.status).toBe('pending');
    // the partner is told in the app, and e-mailed the statement (the notification sender sends no bare copy)
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, big.id), eq(notifications.type, 'payout_paid')));
    expect(note).toMatchObject({ title: 'Payout sent: £7,440', emailPending: null });
    // the statements are e-mailed by the job the run sent as it was marked paid
    const statements = () => ctx.mailer.sent.filter((m) => m.attachments?.length);
    await ctx.app.ctx.jobs.drain(PAYOUT_STATEMENTS_JOB);
    await vi.waitFor(() => expect(statements()).toHaveLength(run.payableCount), { timeout: 10_000, interval: 50 });
    // the job run again (as after a stopped process) sends no statement twice
    const [line] = await ctx.db
      .select()
      .from(payoutLines)
      .where(and(eq(payoutLines.runId, runId), eq(payoutLines.partnerId, big.id)));
    await ctx.app.ctx.jobs.kinds.get(PAYOUT_STATEMENTS_JOB)!.handler({ runId, lineIds: [line.id] }, { id: 'again', retryCount: 1 });
    expect(statements()).toHaveLength(run.payableCount);
    const mail = ctx.mailer.sent.find((m) => m.to === big.email);
    expect(mail?.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(mail!.attachments![0].content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(ctx.mailer.sent.find((m) => m.to === fresh.email)).toBeUndefined();
    const actions = (
      await ctx.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.entityId, [runId, failed!.id]))
    ).map((a) => a.action);
    expect(actions.sort()).toEqual(['payout_line.fail', 'payout_run.approve', 'payout_run.draft', 'payout_run.mark_paid']);
    expect(await ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'payout.paid'))).toHaveLength(2);
  });

  it('pays a failed line’s commission in the next run', async () => {
    const next = await draft();
    const line = await lineOf(next.id, 'payable', fresh.id);
    expect(line).toMatchObject({ amount: '200.00', commissionCount: 1 });
    await approver.api.postOk(payoutRunSchema, `/api/admin/payout-runs/${next.id}/approve`);
    await approver.api.postOk(payoutRunSchema, `/api/admin/payout-runs/${next.id}/mark-paid`, { body: { valueDate: '2026-11-20' } });
    const [freshC] = await ctx.db.select().from(commissions).where(eq(commissions.partnerId, fresh.id));
    expect(freshC.status).toBe('paid');
  });

  it('cancelling a draft releases its claims for the next run, and is audited', async () => {
    const later = await makeUser(ctx.db);
    await giveDetails(later.id, bank('12121212'));
    await won(later, '1000', 'Later Co');
    // later than the runs before, a minute apart, so the list's newest-first order is the drafting order
    ctx.clock.current = new Date(NOW.getTime() + 60_000);
    const one = await draft();
    const claimedBefore = await ctx.db
      .select()
      .from(payoutLineCommissions)
      .innerJoin(payoutLines, eq(payoutLines.id, payoutLineCommissions.lineId))
      .where(eq(payoutLines.runId, one.id));
    expect(claimedBefore.length).toBeGreaterThan(0);
    expect((await cancel(one.id)).status).toBe('cancelled');
    for (const c of await ctx.db
      .select()
      .from(payoutLineCommissions)
      .innerJoin(payoutLines, eq(payoutLines.id, payoutLineCommissions.lineId))
      .where(eq(payoutLines.runId, one.id))) {
      expect(c.payout_line_commissions.releasedAt).not.toBeNull();
    }
    ctx.clock.current = new Date(NOW.getTime() + 120_000);
    const two = await draft();
    expect(two.payableCount).toBe(one.payableCount);
    expect(two.total).toBe(one.total);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, one.id), eq(auditLog.action, 'payout_run.cancel')));
    expect(audit).toBeDefined();
    await cancel(two.id);
    const page = await drafter.api.getOk(payoutRunPageSchema, '/api/admin/payout-runs', { query: { pageSize: 2 } });
    expect(page.items.map((r) => r.id)).toEqual([two.id, one.id]);
    expect(page.nextCursor).toBeTruthy();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two drafts at once (PostgreSQL: PGlite has one connection, so requests never overlap)', () => {
  it('never claim one commission twice', async () => {
    const p = await makeUser(ctx.db);
    await giveDetails(p.id, bank('88889999'));
    for (let i = 0; i < 4; i++) await won(p, '1000', `Race ${i}`);
    const [a, b] = await Promise.all([drafter.api.post('/api/admin/payout-runs', { body: {} }), approver.api.post('/api/admin/payout-runs', { body: {} })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const runs = [a.json().id as string, b.json().id as string];
    const claims = await ctx.db
      .select({ commissionId: payoutLineCommissions.commissionId })
      .from(payoutLineCommissions)
      .innerJoin(payoutLines, eq(payoutLines.id, payoutLineCommissions.lineId))
      .where(and(inArray(payoutLines.runId, runs), isNull(payoutLineCommissions.releasedAt)));
    const ids = claims.map((c) => c.commissionId);
    expect(new Set(ids).size).toBe(ids.length);
    const mine = await ctx.db.select().from(commissions).where(eq(commissions.partnerId, p.id));
    for (const c of mine) expect(ids).toContain(c.id);
    // one run has the partner, the other does not
    const withP = await ctx.db
      .select()
      .from(payoutLines)
      .where(and(inArray(payoutLines.runId, runs), eq(payoutLines.partnerId, p.id)));
    expect(withP).toHaveLength(1);
    for (const id of runs) await cancel(id);
  });
});

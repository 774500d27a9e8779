import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommissionPageSchema } from '../../common/schemas/commission.ts';
import { makeLead, type LeadRow } from '../../server/db/factories/leads.ts';
import { commissions } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectConsistentPages, expectStableAcrossChanges, readPage } from '../helpers/keyset.ts';

/** The commission lists read in key order: a partner's history, and the payouts newest or oldest first, filtered. */

let ctx: TestContext;
let admin: SignedIn;
let partner: SignedIn;
let lead: LeadRow;
let otherLead: LeadRow;
let base: number;

/** A commission row as the payout tools list it; several share a creation time, so the tie-break on id is exercised. */
function insertCommission(on: LeadRow, createdAt: Date, o: { status?: 'pending' | 'paid'; month?: string } = {}) {
  return ctx.db
    .insert(commissions)
    .values({
      leadId: on.id,
      partnerId: on.submitterId,
      amount: '120.00',
      rate: '0.1200',
      status: o.status ?? 'pending',
      kind: 'closed_won',
      basis: '1000.00',
      month: o.month ?? '2026-06-01',
      createdAt,
      paidAt: o.status === 'paid' ? createdAt : null,
    })
    .returning({ id: commissions.id });
}

const at = (i: number) => new Date(base - Math.floor(i / 3) * 1000);

beforeAll(async () => {
  ctx = await createTestApp();
  base = ctx.clock.now().getTime();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  partner = await makeSignedIn(ctx, { firstName: 'Pia' });
  const other = await makeSignedIn(ctx, { firstName: 'Otto' });
  lead = await makeLead(ctx.db, { companyName: 'Keyset Paid Ltd', submitter: partner.user, by: admin.user, now: new Date(base - 86_400_000) });
  otherLead = await makeLead(ctx.db, { companyName: 'Other Paid Ltd', submitter: other.user, by: admin.user, now: new Date(base - 86_400_000) });
  for (let i = 0; i < 17; i++) {
    await insertCommission(lead, at(i), { status: i % 4 === 0 ? 'paid' : 'pending', month: i < 13 ? '2026-06-01' : '2026-05-01' });
  }
  for (let i = 0; i < 5; i++) await insertCommission(otherLead, at(2 * i), { month: '2026-06-01' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('commission pages', () => {
  it('a partner walks their own history by cursor, and any page by number is the same page', async () => {
    const pages = await expectConsistentPages({ api: partner.api, path: '/api/commissions', pageSize: 5 });
    expect(pages[0].total, 'only their own commissions').toBe(17);
  });

  it('an admin walks every commission newest first and oldest first, by status and by month', async () => {
    const newest = await expectConsistentPages({ api: admin.api, path: '/api/admin/commissions', pageSize: 6 });
    const oldest = await expectConsistentPages({ api: admin.api, path: '/api/admin/commissions', query: { order: 'oldest' }, pageSize: 6 });
    const ids = (pages: typeof newest) => pages.flatMap((p) => p.items.map((i) => i.id));
    expect(ids(oldest), 'oldest first is newest first reversed (ties included)').toEqual(ids(newest).reverse());
    await expectConsistentPages({ api: admin.api, path: '/api/admin/commissions', query: { status: 'pending' }, pageSize: 4 });
    await expectConsistentPages({ api: admin.api, path: '/api/admin/commissions', query: { month: '2026-06', order: 'oldest' }, pageSize: 5 });
  });

  it('a commission added or removed between two pages is neither repeated nor skipped, in either order', async () => {
    let added = 0;
    await expectStableAcrossChanges(
      { api: admin.api, path: '/api/admin/commissions', pageSize: 5 },
      {
        addAtFront: () => insertCommission(lead, new Date(base + 60_000 + added++)),
        remove: (id) => ctx.db.delete(commissions).where(eq(commissions.id, id)),
      },
    );
    await expectStableAcrossChanges(
      { api: admin.api, path: '/api/admin/commissions', query: { order: 'oldest' }, pageSize: 5 },
      {
        addAtFront: () => insertCommission(otherLead, new Date(base - 86_400_000 + added++)),
        remove: (id) => ctx.db.delete(commissions).where(eq(commissions.id, id)),
      },
    );
  });

  it('the payout answer keeps what is owed beside the cursors; after and before together are refused', async () => {
    const first = await readPage({ api: admin.api, path: '/api/admin/commissions', pageSize: 5 });
    const second = await admin.api.getOk(adminCommissionPageSchema, '/api/admin/commissions', { query: { pageSize: 5, page: 2, after: first.nextCursor! } });
    expect(second.page).toBe(2);
    expect(second.owed.count).toBeGreaterThan(0);
    expect(second.prevCursor).toEqual(expect.any(String));
    const bad = await partner.api.get('/api/commissions', { query: { after: 'abc', before: 'abc' } });
    expect(bad.statusCode).toBe(400);
  });
});

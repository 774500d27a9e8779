import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutLinePageSchema, payoutRunSchema } from '../../common/schemas/payouts.ts';
import { makeCommission } from '../../server/db/factories/leads.ts';
import { PAYS_NOBODY } from '../../server/services/payout-runs.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectError } from '../helpers/http.ts';

let ctx: TestContext;
let drafter: SignedIn;
let approver: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.current = new Date('2026-11-10T10:00:00Z');
  drafter = await makeSignedIn(ctx, { role: 'admin' });
  approver = await makeSignedIn(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('a run in which every partner is held', () => {
  it('cannot be approved (it pays nobody), stays a draft, and can be cancelled', async () => {
    // the only partner owed anything has given no payout details
    const partner = await makeUser(ctx.db);
    await makeCommission(ctx.db, {
      partner,
      by: drafter.user,
      closedAt: new Date('2026-10-15T10:00:00Z'),
      estimatedValue: '5000',
      companyName: 'Held Co',
      industry: 'Technology',
      leadType: 'advisory',
      contactName: 'C',
      contactEmail: 'c@held.example',
      projectDescription: 'A deal',
    });
    const run = await drafter.api.create(payoutRunSchema, '/api/admin/payout-runs', { body: {} });
    expect(run).toMatchObject({ status: 'draft', payableCount: 0, heldCount: 1, total: '0.00' });
    const held = await drafter.api.getOk(payoutLinePageSchema, `/api/admin/payout-runs/${run.id}/lines`, { query: { state: 'held' } });
    expect(held.items.map((l) => [l.partner.id, l.holdReason])).toEqual([[partner.id, 'no_details']]);
    const refused = await approver.api.post(`/api/admin/payout-runs/${run.id}/approve`);
    expectError(refused, 409, 'conflict');
    expect(refused.json().error.message).toBe(PAYS_NOBODY);
    expect((await drafter.api.getOk(payoutRunSchema, `/api/admin/payout-runs/${run.id}`)).status).toBe('draft');
    expect((await drafter.api.postOk(payoutRunSchema, `/api/admin/payout-runs/${run.id}/cancel`)).status).toBe('cancelled');
  });
});

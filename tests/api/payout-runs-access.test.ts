import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutSettingsSchema } from '../../common/schemas/payouts.ts';
import { auditLog } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;
let drafter: SignedIn;
let approver: SignedIn;
let partner: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  drafter = await makeSignedIn(ctx, { role: 'admin' });
  approver = await makeSignedIn(ctx, { role: 'master-admin' });
  partner = await makeSignedIn(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

describe('who may use payout runs', () => {
  const adminRoutes: Array<[string, string, unknown?]> = [
    ['GET', '/api/admin/payout-runs'],
    ['POST', '/api/admin/payout-runs', {}],
    ['GET', `/api/admin/payout-runs/${NO_SUCH_ID}`],
    ['GET', `/api/admin/payout-runs/${NO_SUCH_ID}/lines`],
    ['POST', `/api/admin/payout-runs/${NO_SUCH_ID}/approve`],
    ['POST', `/api/admin/payout-runs/${NO_SUCH_ID}/mark-paid`, { valueDate: '2026-11-15' }],
    ['POST', `/api/admin/payout-runs/${NO_SUCH_ID}/cancel`],
    ['GET', '/api/admin/payout-settings'],
    ['PUT', '/api/admin/payout-settings', { minimumPayout: '0.00' }],
  ];
  it('refuses every administrators’ route to the signed-out (401) and to partners (403), before anything is looked up', async () => {
    const anonymous = client(ctx.app);
    for (const [method, url, body] of adminRoutes) {
      expectError(await anonymous.request(method as 'GET', url, { body }), 401, 'unauthorized');
      expectError(await partner.api.request(method as 'GET', url, { body }), 403, 'forbidden');
    }
    expectError(await anonymous.get('/api/payouts'), 401, 'unauthorized');
    const [settings] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'payout_settings.update'));
    expect(settings).toBeUndefined();
  });

  it('answers 404 for a run that does not exist, to an administrator', async () => {
    expectError(await drafter.api.get(`/api/admin/payout-runs/${NO_SUCH_ID}`), 404, 'not_found');
    expectError(await approver.api.post(`/api/admin/payout-runs/${NO_SUCH_ID}/approve`), 404, 'not_found');
    // a period still to come cannot be paid
    expectError(await drafter.api.post('/api/admin/payout-runs', { body: { periodEnd: '2999-01-31' } }), 400, 'validation_failed');
  });
});

describe('the minimum payout', () => {
  it('is £50 until changed, and a change is audited', async () => {
    expect(await drafter.api.getOk(payoutSettingsSchema, '/api/admin/payout-settings')).toEqual({ minimumPayout: '50.00' });
    expectError(await drafter.api.put('/api/admin/payout-settings', { body: { minimumPayout: '-1.00' } }), 400, 'validation_failed');
    await drafter.api.putOk(payoutSettingsSchema, '/api/admin/payout-settings', { body: { minimumPayout: '60.00' } });
    expect(await approver.api.getOk(payoutSettingsSchema, '/api/admin/payout-settings')).toEqual({ minimumPayout: '60.00' });
    await drafter.api.putOk(payoutSettingsSchema, '/api/admin/payout-settings', { body: { minimumPayout: '50.00' } });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'payout_settings.update'));
    expect(audits.map((a) => a.after)).toEqual(expect.arrayContaining([{ minimumPence: 6000 }, { minimumPence: 5000 }]));
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadPageSchema, type LeadInput } from '../../common/schemas/lead.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { leads } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { expectConsistentPages, expectStableAcrossChanges, readPage } from '../helpers/keyset.ts';

let ctx: TestContext;
let partner: SignedIn;
let admin: SignedIn;

/** Leads of one partner, several sharing a creation time, so the order's tie-break on id is exercised. */
async function seedLeads(who: SignedIn, n: number, prefix: string) {
  const base = ctx.clock.now().getTime();
  for (let i = 0; i < n; i++) {
    const lead: Partial<LeadInput> = {
      companyName: `${prefix} ${i}`,
      industry: 'Technology',
      contactName: 'Dana Page',
      contactEmail: `dana${i}@${prefix.toLowerCase()}.example`,
    };
    await makeLead(ctx.db, { ...lead, submitter: who.user, by: admin.user, now: new Date(base - Math.floor(i / 3) * 1000) });
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  partner = await makeSignedIn(ctx, { firstName: 'Pia' });
  await seedLeads(partner, 23, 'Keyset');
});
afterAll(async () => {
  await ctx?.close();
});

describe('lead list pages', () => {
  it('a partner walks their leads by cursor, and any page by number is the same page', async () => {
    await expectConsistentPages({ api: partner.api, path: '/api/leads', pageSize: 5 });
  });

  it('an admin walks every lead, with a status filter and with a search', async () => {
    await expectConsistentPages({ api: admin.api, path: '/api/leads', pageSize: 4 });
    await expectConsistentPages({ api: admin.api, path: '/api/leads', query: { status: 'submitted' }, pageSize: 6 });
    await expectConsistentPages({ api: admin.api, path: '/api/leads', query: { search: 'keyset' }, pageSize: 7 });
  });

  it('a lead added or deleted between two pages is neither repeated nor skipped', async () => {
    let added = 0;
    await expectStableAcrossChanges(
      { api: partner.api, path: '/api/leads', pageSize: 5 },
      {
        addAtFront: () =>
          makeLead(ctx.db, { companyName: `Newest ${added++}`, submitter: partner.user, by: admin.user, now: new Date(ctx.clock.now().getTime() + 60_000) }),
        remove: (id) => ctx.db.delete(leads).where(eq(leads.id, id)),
      },
    );
  });

  it('a page past the end is empty but keeps the total; a cursor and a page number together show that page number', async () => {
    const past = await admin.api.getOk(leadPageSchema, '/api/leads', { query: { page: 500, pageSize: 10 } });
    expect(past.items).toEqual([]);
    expect(past.total).toBeGreaterThanOrEqual(23);
    const first = await readPage({ api: partner.api, path: '/api/leads', pageSize: 5 });
    const third = await readPage({ api: partner.api, path: '/api/leads', pageSize: 5 }, { page: 3, after: first.nextCursor! });
    expect(third.page).toBe(3);
    expect(third.items).toHaveLength(5);
  });

  it('refuses after and before together', async () => {
    const res = await partner.api.get('/api/leads', { query: { after: 'abc', before: 'abc' } });
    expect(res.statusCode).toBe(400);
  });
});

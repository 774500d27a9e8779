/** The leads CSV: an administrator's every lead, a partner's own, formula-safe, never a lead's discussion. */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadCommentSchema } from '../../common/schemas/lead-comments.ts';
import type { LeadInput } from '../../common/schemas/lead.ts';
import { makeLead, type LeadOptions } from '../../server/db/factories/leads.ts';
import { leads } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';

let ctx: TestContext;
let partnerA: SignedIn;
let partnerB: SignedIn;
let admin: SignedIn;

const lead = (who: SignedIn, o: Partial<LeadInput> = {}, more: Omit<LeadOptions, 'submitter'> = {}) =>
  makeLead(ctx.db, { ...o, submitter: who.user, now: ctx.clock.now(), by: admin.user, ...more });

beforeAll(async () => {
  ctx = await createTestApp();
  partnerA = await makeSignedIn(ctx, { firstName: 'Amara', lastName: 'Partner' });
  partnerB = await makeSignedIn(ctx, { firstName: 'Bruno', lastName: 'Other' });
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/leads/export.csv', () => {
  it('answers 401 to nobody signed in', async () => {
    expect((await client(ctx.app).get('/api/leads/export.csv')).statusCode).toBe(401);
  });

  it('gives an administrator every lead and a partner only their own, formula-safe, never the discussion', async () => {
    const a = await lead(partnerA, { companyName: '=HYPERLINK("http://evil.example","Click")', contactName: '@SUM(1+1)' });
    const b = await lead(partnerB, { companyName: 'Bruno Export Ltd' });
    await admin.api.create(leadCommentSchema, `/api/leads/${a.id}/comments`, { body: { content: 'Export-secret internal note', internal: true } });
    await admin.api.create(leadCommentSchema, `/api/leads/${a.id}/comments`, { body: { content: 'Export-visible message' } });

    const all = await admin.api.get('/api/leads/export.csv');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toMatch(/^text\/csv/);
    expect(all.headers['content-disposition']).toBe('attachment; filename="leads-all.csv"');
    const lines = all.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Lead ID,Company,Industry,Lead type,Contact,Contact email,Estimated value (GBP),Status,Urgency,Relationship,Submitted by,Assigned to,Submitted at,Updated at,Withdrawn at,Withdrawn reason',
    );
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    expect(lines).toHaveLength(n + 1);
    expect(all.body).toContain(b.id);
    const evil = lines.find((line) => line.startsWith(a.id))!;
    expect(evil).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(evil).toContain(`'@SUM(1+1)`);
    expect(all.body).not.toContain('Export-secret');
    expect(all.body).not.toContain('Export-visible');

    const own = await partnerA.api.get('/api/leads/export.csv');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(a.id);
    expect(own.body).not.toContain(b.id);
    const ownRows = own.body.trim().split('\r\n').slice(1);
    const [{ mine }] = await ctx.db
      .select({ mine: sql<number>`count(*)::int` })
      .from(leads)
      .where(eq(leads.submitterId, partnerA.user.id));
    expect(ownRows).toHaveLength(mine);

    const filtered = await admin.api.get('/api/leads/export.csv', { query: { status: 'closed-won' } });
    expect(filtered.headers['content-disposition']).toBe('attachment; filename="leads-closed-won.csv"');
    for (const line of filtered.body.trim().split('\r\n').slice(1)) expect(line).toContain('Closed Won');
  });
});

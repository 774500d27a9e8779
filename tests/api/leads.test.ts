import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, leadActivities, leads, notifications } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type TestContext } from '../helpers/app.ts';

let ctx: TestContext;
let partner: Awaited<ReturnType<typeof makeSignedIn>>;
let other: Awaited<ReturnType<typeof makeSignedIn>>;
let admin: Awaited<ReturnType<typeof makeSignedIn>>;

const leadBody = (o: Record<string, unknown> = {}) => ({
  leadType: 'advisory',
  estimatedValue: 26100,
  companyName: 'Globex Ltd',
  industry: 'Technology',
  contactName: 'Hank Scorpio',
  contactEmail: 'hank@globex.example',
  projectDescription: 'Needs an interim CTO for a platform migration.',
  urgency: 'high',
  relationshipStrength: 'strong',
  ...o,
});

async function submit(cookie: string, o: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/leads', headers: { cookie }, payload: leadBody(o) });
  expect(res.statusCode).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  partner = await makeSignedIn(ctx, { firstName: 'Pat' });
  other = await makeSignedIn(ctx, { firstName: 'Olga' });
  admin = await makeSignedIn(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/leads', () => {
  it('records the lead for the submitter with a submitted activity', async () => {
    const lead = await submit(partner.cookie, { companyName: 'Initech' });
    expect(lead).toMatchObject({ status: 'submitted', submitterId: partner.user.id, estimatedValue: '26100.00', submitterName: `Pat ${partner.user.lastName}` });
    const acts = await ctx.db.select().from(leadActivities).where(eq(leadActivities.leadId, lead.id));
    expect(acts.map((a) => a.activity)).toEqual(['Lead submitted']);
  });

  it('validates every field with a clear message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { cookie: partner.cookie },
      payload: leadBody({ companyName: '', industry: 'Mining', contactEmail: 'nope', estimatedValue: -1, projectDescription: '' }),
    });
    expect(res.statusCode).toBe(400);
    const paths = Object.fromEntries(res.json().error.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(paths).toMatchObject({
      companyName: 'Company name is required',
      industry: 'Please select an industry',
      contactEmail: 'Please enter a valid contact email',
      estimatedValue: 'Budget must be 0 or more',
      projectDescription: 'Project description is required',
    });
  });

  it('refuses three decimals and ignores nothing silently: extra fields such as submitterId or status are rejected', async () => {
    const decimals = await ctx.app.inject({ method: 'POST', url: '/api/leads', headers: { cookie: partner.cookie }, payload: leadBody({ estimatedValue: '10.123' }) });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().error.issues[0].message).toBe('Budget can have at most 2 decimal places');
    const before = await ctx.db.select().from(leads);
    const mass = await ctx.app.inject({ method: 'POST', url: '/api/leads', headers: { cookie: partner.cookie }, payload: leadBody({ submitterId: other.user.id, status: 'closed-won' }) });
    expect(mass.statusCode).toBe(400);
    expect(await ctx.db.select().from(leads)).toHaveLength(before.length);
  });
});

describe('GET /api/leads', () => {
  it('gives a partner only their own leads and an admin all of them, a page at a time', async () => {
    await submit(other.cookie, { companyName: 'Olga Co' });
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/leads', headers: { cookie: partner.cookie } })).json();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((l: { submitterId: string }) => l.submitterId === partner.user.id)).toBe(true);
    expect(mine.items[0].possibleDuplicate).toBeUndefined();
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/leads?pageSize=1', headers: { cookie: admin.cookie } })).json();
    expect(all.items).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('searches company, industry and contact name case-insensitively, and filters by status', async () => {
    await submit(partner.cookie, { companyName: 'Umbrella Corp', contactName: 'Albert Wesker', industry: 'Healthcare & Life Sciences' });
    const q = async (qs: string) => (await ctx.app.inject({ method: 'GET', url: `/api/leads?${qs}`, headers: { cookie: partner.cookie } })).json().items.map((l: { companyName: string }) => l.companyName);
    expect(await q('search=umbrella')).toEqual(['Umbrella Corp']);
    expect(await q('search=WESKER')).toEqual(['Umbrella Corp']);
    expect(await q('search=life%20sci')).toEqual(['Umbrella Corp']);
    expect(await q('search=%25')).toEqual([]);
    expect(await q('status=closed-lost')).toEqual([]);
  });
});

describe('another partner’s lead', () => {
  it('is invisible: reading, its activities, changing and deleting all fail and change nothing', async () => {
    const lead = await submit(other.cookie, { companyName: 'Private Olga Deal' });
    const get = await ctx.app.inject({ method: 'GET', url: `/api/leads/${lead.id}`, headers: { cookie: partner.cookie } });
    expect(get.statusCode).toBe(404);
    const acts = await ctx.app.inject({ method: 'GET', url: `/api/lead-activities?leadId=${lead.id}`, headers: { cookie: partner.cookie } });
    expect(acts.statusCode).toBe(404);
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/leads/${lead.id}`, headers: { cookie: partner.cookie }, payload: { status: 'closed-won' } });
    expect(patch.statusCode).toBe(403);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: { cookie: partner.cookie } });
    expect(del.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row.status).toBe('submitted');
  });

  it('answers 400 to identifiers that are not ids', async () => {
    for (const id of ['1 OR 1=1', "1;--", '../../etc']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/leads/${encodeURIComponent(id)}`, headers: { cookie: partner.cookie } });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('PATCH /api/leads/{id} (admin)', () => {
  it('changes the status, writes who/from/to on the timeline and notifies the submitter', async () => {
    const lead = await submit(partner.cookie, { companyName: 'Timeline Ltd' });
    ctx.clock.advance(60_000);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/leads/${lead.id}`, headers: { cookie: admin.cookie }, payload: { status: 'reviewing', notes: 'Looks promising' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'reviewing', notes: 'Looks promising' });
    const acts = (await ctx.app.inject({ method: 'GET', url: `/api/lead-activities?leadId=${lead.id}`, headers: { cookie: partner.cookie } })).json();
    expect(acts.map((a: { activity: string }) => a.activity)).toEqual(['Lead submitted', 'Status changed from Submitted to Under Review']);
    expect(acts[1]).toMatchObject({ notes: 'Looks promising', userName: `Test ${admin.user.lastName}` });
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.entityId, lead.id));
    expect(notes).toHaveLength(1);
    expect(notes[0].userId).toBe(partner.user.id);
  });

  it('creates a pending commission on closed-won and cancels it when the lead leaves closed-won', async () => {
    const lead = await submit(partner.cookie, { companyName: 'Won Then Lost', estimatedValue: '1000' });
    await ctx.app.inject({ method: 'PATCH', url: `/api/leads/${lead.id}`, headers: { cookie: admin.cookie }, payload: { status: 'closed-won' } });
    let [c] = await ctx.db.select().from(commissions).where(eq(commissions.leadId, lead.id));
    expect(c).toMatchObject({ status: 'pending', amount: '200.00', rate: '0.2000', partnerId: partner.user.id });
    await ctx.app.inject({ method: 'PATCH', url: `/api/leads/${lead.id}`, headers: { cookie: admin.cookie }, payload: { status: 'in-progress' } });
    [c] = await ctx.db.select().from(commissions).where(eq(commissions.leadId, lead.id));
    expect(c.status).toBe('cancelled');
  });

  it('refuses an unknown status', async () => {
    const lead = await submit(partner.cookie);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/leads/${lead.id}`, headers: { cookie: admin.cookie }, payload: { status: 'won' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('DELETE /api/leads/{id} (admin)', () => {
  it('removes the lead with its activities and commissions', async () => {
    const lead = await submit(partner.cookie, { companyName: 'Doomed Ltd' });
    await ctx.app.inject({ method: 'PATCH', url: `/api/leads/${lead.id}`, headers: { cookie: admin.cookie }, payload: { status: 'closed-won' } });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(leads).where(eq(leads.id, lead.id))).toHaveLength(0);
    expect(await ctx.db.select().from(leadActivities).where(eq(leadActivities.leadId, lead.id))).toHaveLength(0);
    expect(await ctx.db.select().from(commissions).where(eq(commissions.leadId, lead.id))).toHaveLength(0);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/leads/${lead.id}`, headers: { cookie: admin.cookie } });
    expect(again.statusCode).toBe(404);
  });
});

describe('duplicate check', () => {
  it('tells a partner the company is already in the open pipeline without revealing the lead, and flags it for admins', async () => {
    const first = await submit(other.cookie, { companyName: 'Stark Industries plc', contactEmail: 'pepper@stark.example' });
    const check = await ctx.app.inject({ method: 'GET', url: '/api/leads/duplicate-check?companyName=STARK%20industries&contactEmail=tony@stark.example', headers: { cookie: partner.cookie } });
    expect(check.json()).toEqual({ companyMatch: true, domainMatch: true });
    const none = await ctx.app.inject({ method: 'GET', url: '/api/leads/duplicate-check?companyName=Wayne%20Enterprises&contactEmail=bruce@gmail.com', headers: { cookie: partner.cookie } });
    expect(none.json()).toEqual({ companyMatch: false, domainMatch: false });
    const second = await submit(partner.cookie, { companyName: 'Stark Industries Limited', contactEmail: 'happy@stark.example' });
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/leads?search=stark', headers: { cookie: admin.cookie } })).json();
    const flags = Object.fromEntries(page.items.map((l: { id: string; possibleDuplicate: boolean }) => [l.id, l.possibleDuplicate]));
    expect(flags[first.id]).toBe(true);
    expect(flags[second.id]).toBe(true);
  });
});

describe('organisation totals', () => {
  it('the trigger-kept per-status totals always equal a real count of the leads', async () => {
    const lead = await submit(partner.cookie, { companyName: 'Totals Ltd', estimatedValue: '1234.56' });
    await ctx.app.inject({ method: 'PATCH', url: `/api/leads/${lead.id}`, headers: { cookie: admin.cookie }, payload: { status: 'qualified' } });
    const doomed = await submit(partner.cookie, { companyName: 'Totals Gone' });
    await ctx.app.inject({ method: 'DELETE', url: `/api/leads/${doomed.id}`, headers: { cookie: admin.cookie } });
    const all = await ctx.db.select().from(leads);
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/leads', headers: { cookie: admin.cookie } })).json();
    expect(page.total).toBe(all.length);
    const qualified = (await ctx.app.inject({ method: 'GET', url: '/api/leads?status=qualified', headers: { cookie: admin.cookie } })).json();
    expect(qualified.total).toBe(all.filter((l) => l.status === 'qualified').length);
    const a = (await ctx.app.inject({ method: 'GET', url: '/api/analytics/dashboard', headers: { cookie: admin.cookie } })).json();
    const won = all.filter((l) => l.status === 'closed-won');
    expect(a.totalLeads).toBe(all.length);
    expect(a.byStatus.qualified).toBe(all.filter((l) => l.status === 'qualified').length);
    expect(a.closedWonValue).toBe(won.reduce((s, l) => s + Math.round(Number(l.estimatedValue) * 100), 0) / 100);
    expect(a.conversionRate).toBeCloseTo(won.length / all.length, 10);
    const qualifiedValue = all.filter((l) => l.status === 'qualified').reduce((s, l) => s + Math.round(Number(l.estimatedValue) * 100), 0) / 100;
    expect(a.valueByStatus.qualified).toBe(qualifiedValue);
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/analytics/dashboard', headers: { cookie: partner.cookie } })).json();
    const myQualified = all.filter((l) => l.status === 'qualified' && l.submitterId === partner.user.id).reduce((s, l) => s + Math.round(Number(l.estimatedValue) * 100), 0) / 100;
    expect(mine.valueByStatus.qualified).toBe(myQualified);
  });
});

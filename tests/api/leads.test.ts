import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPence, toPence } from '../../common/rules/money.ts';
import { analyticsSchema } from '../../common/schemas/dashboard.ts';
import { leadCommentPageSchema } from '../../common/schemas/lead-comments.ts';
import { duplicateCheckSchema, leadActivityPageSchema, leadPageSchema, leadSchema, type LeadInput } from '../../common/schemas/lead.ts';
import { makeLead, type LeadOptions } from '../../server/db/factories/leads.ts';
import { auditLog, commissions, domainEvents, leadActivities, leadStatusTotals, leads, notifications } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';

let ctx: TestContext;
let partner: SignedIn;
let other: SignedIn;
let admin: SignedIn;

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

/** Submits through the API, as the Submit New Lead form does: what the POST tests are about. */
const submit = (who: SignedIn, o: Record<string, unknown> = {}) => who.api.create(leadSchema, '/api/leads', { body: leadBody(o) });

/** A lead already in the pipeline, made through the lead services at the test clock (setup, not the subject). */
const existing = (who: SignedIn, o: Partial<LeadInput> = {}, more: Omit<LeadOptions, 'submitter'> = {}) =>
  makeLead(ctx.db, { ...(leadBody(o) as Partial<LeadInput>), submitter: who.user, now: ctx.clock.now(), by: admin.user, ...more });

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
    const lead = await submit(partner, { companyName: 'Initech' });
    expect(lead).toMatchObject({ status: 'submitted', submitterId: partner.user.id, estimatedValue: '26100.00', submitterName: `Pat ${partner.user.lastName}` });
    const acts = await ctx.db.select().from(leadActivities).where(eq(leadActivities.leadId, lead.id));
    expect(acts.map((a) => a.activity)).toEqual(['Lead submitted']);
    const [created] = await ctx.db.select().from(domainEvents).where(eq(domainEvents.entityId, lead.id));
    expect(created).toMatchObject({
      type: 'lead.created',
      entityType: 'lead',
      actorId: partner.user.id,
      data: { leadId: lead.id, status: 'submitted', estimatedValue: '26100.00' },
    });
  });

  it('validates every field with a clear message', async () => {
    const res = await partner.api.post('/api/leads', {
      body: leadBody({ companyName: '', industry: 'Mining', contactEmail: 'nope', estimatedValue: -1, projectDescription: '' }),
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
    const decimals = await partner.api.post('/api/leads', { body: leadBody({ estimatedValue: '10.123' }) });
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().error.issues[0].message).toBe('Budget can have at most 2 decimal places');
    const before = await ctx.db.select().from(leads);
    const mass = await partner.api.post('/api/leads', { body: leadBody({ submitterId: other.user.id, status: 'closed-won' }) });
    expect(mass.statusCode).toBe(400);
    expect(await ctx.db.select().from(leads)).toHaveLength(before.length);
  });
});

describe('GET /api/leads', () => {
  it('gives a partner only their own leads and an admin all of them, a page at a time', async () => {
    await existing(other, { companyName: 'Olga Co' });
    const mine = await partner.api.getOk(leadPageSchema, '/api/leads');
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((l) => l.submitterId === partner.user.id)).toBe(true);
    expect(mine.items[0].possibleDuplicate).toBeUndefined();
    const all = await admin.api.getOk(leadPageSchema, '/api/leads', { query: { pageSize: 1 } });
    expect(all.items).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('searches company, industry and contact name case-insensitively, and filters by status', async () => {
    await existing(partner, { companyName: 'Umbrella Corp', contactName: 'Albert Wesker', industry: 'Healthcare & Life Sciences' });
    const q = async (query: Record<string, string>) => (await partner.api.getOk(leadPageSchema, '/api/leads', { query })).items.map((l) => l.companyName);
    expect(await q({ search: 'umbrella' })).toEqual(['Umbrella Corp']);
    expect(await q({ search: 'WESKER' })).toEqual(['Umbrella Corp']);
    expect(await q({ search: 'life sci' })).toEqual(['Umbrella Corp']);
    expect(await q({ search: '%' })).toEqual([]);
    expect(await q({ status: 'closed-lost' })).toEqual([]);
  });

  it('pages carry the same total from the first page to past the end, for every shape of list', async () => {
    const fresh = await makeSignedIn(ctx, { firstName: 'Paula' });
    for (const [i, status] of (['submitted', 'qualified', 'qualified'] as const).entries()) {
      await existing(fresh, { companyName: `Paged ${i}` }, { status, now: new Date(ctx.clock.now().getTime() + i * 1000) });
    }
    const page = (who: SignedIn, query: Record<string, string | number>) => who.api.getOk(leadPageSchema, '/api/leads', { query });
    const pages = await Promise.all([1, 2, 3].map((p) => page(fresh, { pageSize: 2, page: p })));
    expect(pages.map((p) => [p.items.length, p.total])).toEqual([
      [2, 3],
      [1, 3],
      [0, 3],
    ]);
    expect(pages.flatMap((p) => p.items.map((l) => l.companyName))).toEqual(['Paged 2', 'Paged 1', 'Paged 0']);
    const qualified = await Promise.all([1, 2].map((p) => page(fresh, { status: 'qualified', pageSize: 1, page: p })));
    expect(qualified.map((p) => [p.items[0].status, p.total])).toEqual([
      ['qualified', 2],
      ['qualified', 2],
    ]);
    expect(await page(fresh, { status: 'closed-won' })).toMatchObject({ items: [], total: 0 });
    // an admin's totals come from the per-status totals: the same as a count
    const [everyLead] = await ctx.db.select({ n: count() }).from(leads);
    const [everyQualified] = await ctx.db.select({ n: count() }).from(leads).where(eq(leads.status, 'qualified'));
    expect((await page(admin, { pageSize: 1 })).total).toBe(everyLead.n);
    expect((await page(admin, { pageSize: 1, page: 10_000 })).total).toBe(everyLead.n);
    expect((await page(admin, { pageSize: 1, status: 'qualified' })).total).toBe(everyQualified.n);
    expect((await page(admin, { pageSize: 1, status: 'qualified', page: 10_000 })).total).toBe(everyQualified.n);
  });
});

describe('another partner’s lead', () => {
  it('is invisible: reading, its activities, changing and deleting all fail and change nothing', async () => {
    const lead = await existing(other, { companyName: 'Private Olga Deal' });
    expect((await partner.api.get(`/api/leads/${lead.id}`)).statusCode).toBe(404);
    expect((await partner.api.get('/api/lead-activities', { query: { leadId: lead.id } })).statusCode).toBe(404);
    // the route is open to partners (for their own leads' details), so another partner's lead is simply not found
    expect((await partner.api.patch(`/api/leads/${lead.id}`, { body: { status: 'closed-won' } })).statusCode).toBe(404);
    expect((await partner.api.patch(`/api/leads/${lead.id}`, { body: { companyName: 'Taken Over Ltd' } })).statusCode).toBe(404);
    expect((await partner.api.delete(`/api/leads/${lead.id}`)).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row.status).toBe('submitted');
  });

  it('answers 400 to identifiers that are not ids', async () => {
    for (const id of ['1 OR 1=1', '1;--', '../../etc']) {
      const res = await partner.api.get(`/api/leads/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('PATCH /api/leads/{id} (admin)', () => {
  it('changes the status, writes who/from/to on the timeline and notifies the submitter', async () => {
    const lead = await existing(partner, { companyName: 'Timeline Ltd' });
    ctx.clock.advance(60_000);
    const changed = await admin.api.patchOk(leadSchema, `/api/leads/${lead.id}`, { body: { status: 'reviewing', notes: 'Looks promising' } });
    // the notes are a message in the lead's discussion the partner reads; the lead itself keeps none
    expect(changed).toMatchObject({ status: 'reviewing', notes: null });
    const discussion = await partner.api.getOk(leadCommentPageSchema, `/api/leads/${lead.id}/comments`);
    expect(discussion.items).toEqual([expect.objectContaining({ content: 'Looks promising', internal: false, author: expect.objectContaining({ id: admin.user.id }) })]);
    const timeline = await partner.api.getOk(leadActivityPageSchema, '/api/lead-activities', { query: { leadId: lead.id } });
    expect(timeline).toMatchObject({ total: 2, page: 1 });
    const acts = timeline.items;
    expect(acts.map((a) => a.activity)).toEqual(['Lead submitted', 'Status changed from Submitted to Under Review']);
    // the fact is structured; the text above is derived from it
    expect(acts.map((a) => [a.kind, a.fromStatus, a.toStatus])).toEqual([
      ['submitted', null, 'submitted'],
      ['status_changed', 'submitted', 'reviewing'],
    ]);
    expect(acts[1]).toMatchObject({ notes: 'Looks promising', userName: `Test ${admin.user.lastName}` });
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.entityId, lead.id));
    expect(notes).toHaveLength(1);
    expect(notes[0].userId).toBe(partner.user.id);
    // the timeline entry, the notification and the audit row are written together, once each
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, lead.id));
    expect(audit.filter((a) => a.action === 'lead.update').map((a) => [a.actorId, a.before, a.after])).toContainEqual([
      admin.user.id,
      { status: 'submitted' },
      { status: 'reviewing', notes: 'Looks promising', notesInternal: false },
    ]);
  });

  it('creates a pending commission on closed-won and cancels it when the lead leaves closed-won', async () => {
    const lead = await existing(partner, { companyName: 'Won Then Lost', estimatedValue: '1000' });
    await admin.api.patchOk(leadSchema, `/api/leads/${lead.id}`, { body: { status: 'closed-won' } });
    let [c] = await ctx.db.select().from(commissions).where(eq(commissions.leadId, lead.id));
    expect(c).toMatchObject({ status: 'pending', amount: '200.00', rate: '0.2000', partnerId: partner.user.id });
    await admin.api.patchOk(leadSchema, `/api/leads/${lead.id}`, { body: { status: 'in-progress' } });
    [c] = await ctx.db.select().from(commissions).where(eq(commissions.leadId, lead.id));
    expect(c.status).toBe('cancelled');
  });

  it('refuses an unknown status', async () => {
    const lead = await existing(partner);
    const res = await admin.api.patch(`/api/leads/${lead.id}`, { body: { status: 'won' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('DELETE /api/leads/{id} (admin)', () => {
  it('removes the lead with its activities and commissions', async () => {
    const lead = await existing(partner, { companyName: 'Doomed Ltd' }, { status: 'closed-won' });
    expect(await ctx.db.select().from(commissions).where(eq(commissions.leadId, lead.id))).toHaveLength(1);
    const res = await admin.api.delete(`/api/leads/${lead.id}`);
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(leads).where(eq(leads.id, lead.id))).toHaveLength(0);
    expect(await ctx.db.select().from(leadActivities).where(eq(leadActivities.leadId, lead.id))).toHaveLength(0);
    expect(await ctx.db.select().from(commissions).where(eq(commissions.leadId, lead.id))).toHaveLength(0);
    const events = await ctx.db.select().from(domainEvents).where(eq(domainEvents.entityId, lead.id));
    expect(events.find((e) => e.type === 'lead.deleted')).toMatchObject({
      entityType: 'lead',
      actorId: admin.user.id,
      data: { leadId: lead.id, submitterId: partner.user.id, status: 'closed-won' },
    });
    const again = await admin.api.delete(`/api/leads/${lead.id}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('duplicate check', () => {
  it('tells a partner the company is already in the open pipeline without revealing the lead, and flags it for admins', async () => {
    const first = await existing(other, { companyName: 'Stark Industries plc', contactEmail: 'pepper@stark.example' });
    const check = await partner.api.getOk(duplicateCheckSchema, '/api/leads/duplicate-check', {
      query: { companyName: 'STARK industries', contactEmail: 'tony@stark.example' },
    });
    expect(check).toEqual({ companyMatch: true, domainMatch: true });
    const none = await partner.api.getOk(duplicateCheckSchema, '/api/leads/duplicate-check', {
      query: { companyName: 'Wayne Enterprises', contactEmail: 'bruce@gmail.com' },
    });
    expect(none).toEqual({ companyMatch: false, domainMatch: false });
    const second = await existing(partner, { companyName: 'Stark Industries Limited', contactEmail: 'happy@stark.example' });
    const page = await admin.api.getOk(leadPageSchema, '/api/leads', { query: { search: 'stark' } });
    const flags = Object.fromEntries(page.items.map((l) => [l.id, l.possibleDuplicate]));
    expect(flags[first.id]).toBe(true);
    expect(flags[second.id]).toBe(true);
  });

  it('flags a shared contact domain alone, never a twin that is closed, and never a lead on its own', async () => {
    const byDomain = await existing(partner, { companyName: 'Oscorp Alpha', contactEmail: 'norman@oscorp-group.example' });
    const domainTwin = await existing(other, { companyName: 'Entirely Other Name', contactEmail: 'harry@oscorp-group.example' });
    const alone = await existing(partner, { companyName: 'Solitary Widgets', contactEmail: 'sole@solitary.example' });
    const withClosedTwin = await existing(partner, { companyName: 'Cyberdyne Systems', contactEmail: 'miles@cyberdyne.example' });
    await existing(other, { companyName: 'Cyberdyne Systems', contactEmail: 'sarah@cyberdyne.example' }, { status: 'closed-lost' });
    // the page without a search (the prepared path) carries the same flag as a search
    const flags = new Map<string, boolean | undefined>();
    for (let page = 1; page <= 3; page++) {
      const items = (await admin.api.getOk(leadPageSchema, '/api/leads', { query: { page, pageSize: 100 } })).items;
      for (const l of items) flags.set(l.id, l.possibleDuplicate);
    }
    expect(flags.get(byDomain.id)).toBe(true);
    expect(flags.get(domainTwin.id)).toBe(true);
    expect(flags.get(alone.id)).toBe(false);
    expect(flags.get(withClosedTwin.id)).toBe(false);
  });
});

describe('organisation totals', () => {
  it('the trigger-kept per-status totals always equal a real count of the leads', async () => {
    await existing(partner, { companyName: 'Totals Ltd', estimatedValue: '1234.56' }, { status: 'qualified' });
    const doomed = await existing(partner, { companyName: 'Totals Gone' });
    expect((await admin.api.delete(`/api/leads/${doomed.id}`)).statusCode).toBe(200);
    const all = await ctx.db.select().from(leads);
    const page = await admin.api.getOk(leadPageSchema, '/api/leads');
    expect(page.total).toBe(all.length);
    const qualified = await admin.api.getOk(leadPageSchema, '/api/leads', { query: { status: 'qualified' } });
    expect(qualified.total).toBe(all.filter((l) => l.status === 'qualified').length);
    const a = await admin.api.getOk(analyticsSchema, '/api/analytics/dashboard');
    const won = all.filter((l) => l.status === 'closed-won');
    expect(a.totalLeads).toBe(all.length);
    expect(a.byStatus.qualified).toBe(all.filter((l) => l.status === 'qualified').length);
    expect(a.closedWonValue).toBe(fromPence(won.reduce((s, l) => s + toPence(l.estimatedValue), 0)));
    expect(a.conversionRate).toBeCloseTo(won.length / all.length, 10);
    const qualifiedValue = fromPence(all.filter((l) => l.status === 'qualified').reduce((s, l) => s + toPence(l.estimatedValue), 0));
    expect(a.valueByStatus.qualified).toBe(qualifiedValue);
    const mine = await partner.api.getOk(analyticsSchema, '/api/analytics/dashboard');
    const myQualified = fromPence(all.filter((l) => l.status === 'qualified' && l.submitterId === partner.user.id).reduce((s, l) => s + toPence(l.estimatedValue), 0));
    expect(mine.valueByStatus.qualified).toBe(myQualified);
  });

  it('status changes made at once over many connections still sum to a real count', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => existing(i % 2 ? partner : other, { companyName: `Concurrent ${i}` })));
    const moves = made.map((l, i) => admin.api.patch(`/api/leads/${l.id}`, { body: { status: i % 3 ? 'qualified' : 'in-progress' } }));
    expect((await Promise.all(moves)).map((r) => r.statusCode)).toEqual(made.map(() => 200));
    const all = await ctx.db.select().from(leads);
    const a = await admin.api.getOk(analyticsSchema, '/api/analytics/dashboard');
    expect(a.totalLeads).toBe(all.length);
    for (const status of ['submitted', 'qualified', 'in-progress'] as const) expect(a.byStatus[status]).toBe(all.filter((l) => l.status === status).length);
    if (ctx.database.kind === 'postgres') {
      // the writes came from several pooled connections, so they updated more than one shard of a status
      const [spread] = await ctx.db.select({ shards: sql<number>`count(distinct ${leadStatusTotals.shard})`.mapWith(Number) }).from(leadStatusTotals);
      expect(spread.shards).toBeGreaterThan(1);
    }
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadCommentPageSchema, leadCommentSchema } from '../../common/schemas/lead-comments.ts';
import { duplicateCheckSchema, leadActivityPageSchema, leadPageSchema, leadSchema, type LeadInput } from '../../common/schemas/lead.ts';
import { mentionToken } from '../../common/schemas/mentions.ts';
import { makeLead, type LeadOptions } from '../../server/db/factories/leads.ts';
import { auditLog, commissions, leadComments, leads, notifications } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';

/**
 * Leads worked together: a lead's discussion (with internal notes only administrators see), the partner's edit and
 * withdrawal of their own lead, and an administrator's assignment, each per role: the lead's partner (A), another
 * partner (B), an administrator, and nobody signed in. The leads CSV and the notes' migration have files of their own.
 */

let ctx: TestContext;
let partnerA: SignedIn;
let partnerB: SignedIn;
let admin: SignedIn;
let admin2: SignedIn;

const INTERNAL = 'Internal: margin looks thin, check the fee before we commit';

const lead = (who: SignedIn, o: Partial<LeadInput> = {}, more: Omit<LeadOptions, 'submitter'> = {}) =>
  makeLead(ctx.db, { ...o, submitter: who.user, now: ctx.clock.now(), by: admin.user, ...more });

const noticesOf = (userId: string, leadId: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.entityId, leadId)))
    .orderBy(notifications.createdAt);

const tick = () => ctx.clock.advance(60_000);

beforeAll(async () => {
  ctx = await createTestApp();
  partnerA = await makeSignedIn(ctx, { firstName: 'Amara', lastName: 'Partner' });
  partnerB = await makeSignedIn(ctx, { firstName: 'Bruno', lastName: 'Other' });
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  admin2 = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ben', lastName: 'Owner' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('signed out', () => {
  it('answers 401 on every route and changes nothing', async () => {
    const l = await lead(partnerA, { companyName: 'Anonymous Probe Ltd' });
    const anon = client(ctx.app);
    const calls = [
      anon.get(`/api/leads/${l.id}/comments`),
      anon.post(`/api/leads/${l.id}/comments`, { body: { content: 'Hello' } }),
      anon.patch(`/api/leads/${l.id}`, { body: { companyName: 'Hijacked' } }),
      anon.post(`/api/leads/${l.id}/withdraw`, { body: { reason: 'Because' } }),
      anon.post(`/api/leads/${l.id}/assign`, { body: { userId: admin.user.id } }),
      anon.get('/api/leads/export.csv'),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, l.id));
    expect(row).toMatchObject({ companyName: 'Anonymous Probe Ltd', status: 'submitted', assignedTo: null, withdrawnAt: null });
  });
});

describe('the discussion', () => {
  it('lets the partner and the administrators write; another partner finds no lead; a partner may not write internal notes', async () => {
    const l = await lead(partnerA, { companyName: 'Discussion Ltd' });
    tick();
    const mine = await partnerA.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: '  Any news on this one?  ' } });
    expect(mine).toMatchObject({
      leadId: l.id,
      content: 'Any news on this one?',
      internal: false,
      author: { id: partnerA.user.id, name: 'Amara Partner', admin: false },
    });
    const refused = await partnerA.api.post(`/api/leads/${l.id}/comments`, { body: { content: 'Let me in', internal: true } });
    expect(refused.statusCode).toBe(403);
    expect((await partnerB.api.get(`/api/leads/${l.id}/comments`)).statusCode).toBe(404);
    expect((await partnerB.api.post(`/api/leads/${l.id}/comments`, { body: { content: 'Nosy' } })).statusCode).toBe(404);
    expect((await partnerA.api.post(`/api/leads/${l.id}/comments`, { body: { content: '' } })).statusCode).toBe(400);
    expect((await partnerA.api.post(`/api/leads/${l.id}/comments`, { body: { content: 'x'.repeat(2001) } })).statusCode).toBe(400);
    const rows = await ctx.db.select().from(leadComments).where(eq(leadComments.leadId, l.id));
    expect(rows.map((r) => r.content)).toEqual(['Any news on this one?']);
  });

  it('keeps internal notes from the partner in every answer: the discussion, the lead, the timeline, notifications', async () => {
    const l = await lead(partnerA, { companyName: 'Secret Margin Ltd' });
    tick();
    const note = await admin.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: INTERNAL, internal: true } });
    expect(note).toMatchObject({ internal: true, author: { id: admin.user.id, admin: true } });
    tick();
    await admin.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: 'We are reviewing it this week.' } });
    tick();
    // a status change with an internal note, and one with an internal note that keeps the stage
    await admin.api.patchOk(leadSchema, `/api/leads/${l.id}`, { body: { status: 'reviewing', notes: `${INTERNAL} (status)`, notesInternal: true } });
    tick();
    await admin.api.patchOk(leadSchema, `/api/leads/${l.id}`, { body: { status: 'reviewing', notes: `${INTERNAL} (kept)`, notesInternal: true } });

    const partnerView = await partnerA.api.getOk(leadCommentPageSchema, `/api/leads/${l.id}/comments`);
    expect(partnerView.items.map((c) => c.content)).toEqual(['We are reviewing it this week.']);
    expect(partnerView).toMatchObject({ total: 1, can: { comment: true, writeInternal: false } });
    const adminView = await admin.api.getOk(leadCommentPageSchema, `/api/leads/${l.id}/comments`);
    expect(adminView.items.map((c) => [c.content, c.internal])).toEqual([
      [INTERNAL, true],
      ['We are reviewing it this week.', false],
      [`${INTERNAL} (status)`, true],
      [`${INTERNAL} (kept)`, true],
    ]);
    expect(adminView.can).toEqual({ comment: true, writeInternal: true });

    const answers = [
      (await partnerA.api.get(`/api/leads/${l.id}`)).body,
      (await partnerA.api.get('/api/leads')).body,
      (await partnerA.api.get('/api/lead-activities', { query: { leadId: l.id } })).body,
      (await partnerA.api.get(`/api/leads/${l.id}/comments`)).body,
      (await partnerA.api.get('/api/notifications')).body,
      (await partnerA.api.get('/api/leads/export.csv')).body,
      JSON.stringify(await ctx.db.select().from(notifications).where(eq(notifications.userId, partnerA.user.id))),
    ];
    for (const body of answers) expect(body).not.toContain('margin looks thin');
    // the internal note that kept the stage left no trace the partner can see: no timeline entry, no notification
    const timeline = await partnerA.api.getOk(leadActivityPageSchema, '/api/lead-activities', { query: { leadId: l.id } });
    expect(timeline.items.map((a) => a.kind)).toEqual(['submitted', 'status_changed']);
    expect((await noticesOf(partnerA.user.id, l.id)).map((n) => n.type)).toEqual(['lead_comment', 'lead_status']);
  });

  it('tells the owner of a partner’s message (every administrator while nobody owns it), and the partner of an administrator’s', async () => {
    const l = await lead(partnerA, { companyName: 'Who Hears Ltd' });
    tick();
    await partnerA.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: 'First question' } });
    // nobody owns it: every administrator hears
    expect((await noticesOf(admin.user.id, l.id)).map((n) => n.type)).toEqual(['lead_comment']);
    expect((await noticesOf(admin2.user.id, l.id)).map((n) => n.type)).toEqual(['lead_comment']);
    tick();
    await admin.api.postOk(leadSchema, `/api/leads/${l.id}/assign`, { body: { userId: admin2.user.id } });
    tick();
    await partnerA.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: 'Second question' } });
    // now only its owner
    expect((await noticesOf(admin.user.id, l.id)).map((n) => n.type)).toEqual(['lead_comment']);
    const ownerNotices = await noticesOf(admin2.user.id, l.id);
    expect(ownerNotices.map((n) => n.type)).toEqual(['lead_comment', 'lead_assigned', 'lead_comment']);
    expect(ownerNotices[2]).toMatchObject({ actionUrl: `/leads/${l.id}`, actorId: partnerA.user.id, title: 'New message on the lead Who Hears Ltd' });
    expect(ownerNotices[2].message).toBe('Amara Partner: Second question');
    tick();
    await admin2.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: 'Answer for you' } });
    const toPartner = await noticesOf(partnerA.user.id, l.id);
    expect(toPartner.map((n) => [n.type, n.actionUrl])).toEqual([['lead_comment', `/leads/${l.id}`]]);
    expect(partnerB.user.id).not.toBe(partnerA.user.id);
    expect(await noticesOf(partnerB.user.id, l.id)).toEqual([]);
  });

  it('tells the members a message mentions only when they may read it', async () => {
    const l = await lead(partnerA, { companyName: 'Mentions Ltd' });
    tick();
    const mentionA = mentionToken('Amara Partner', partnerA.user.id);
    const mentionB = mentionToken('Bruno Other', partnerB.user.id);
    const mention2 = mentionToken('Ben Owner', admin2.user.id);
    await admin.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: `${mention2} ${mentionA} ${mentionB} please look`, internal: true } });
    // the other administrator is told; the partner (an internal note) and another partner (not their lead) are not
    const toOwner = await noticesOf(admin2.user.id, l.id);
    expect(toOwner.map((n) => n.type)).toEqual(['lead_comment']);
    expect(toOwner[0].title).toBe('Ada Admin mentioned you in an internal note on Mentions Ltd');
    expect(await noticesOf(partnerA.user.id, l.id)).toEqual([]);
    expect(await noticesOf(partnerB.user.id, l.id)).toEqual([]);
    tick();
    const shared = await admin.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: `${mentionB} should not hear of this` } });
    expect(await noticesOf(partnerB.user.id, l.id)).toEqual([]);
    // nor is the other partner shown to this lead's partner: the mention stays plain text
    expect(shared.content).toBe('@Bruno Other should not hear of this');
    expect((await noticesOf(partnerA.user.id, l.id)).map((n) => n.type)).toEqual(['lead_comment']);
  });
});

describe('editing and deleting a message', () => {
  it('lets its author alone edit or delete it; an internal note is not found by a partner', async () => {
    const l = await lead(partnerA, { companyName: 'Rewrite Ltd' });
    tick();
    const mine = await partnerA.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: 'Frist draft' } });
    expect(mine.can).toEqual({ edit: true, delete: true });
    tick();
    const theirs = await admin.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: 'From the team' } });
    const note = await admin.api.create(leadCommentSchema, `/api/leads/${l.id}/comments`, { body: { content: 'Team only', internal: true } });
    const listed = await partnerA.api.getOk(leadCommentPageSchema, `/api/leads/${l.id}/comments`);
    expect(listed.items.map((c) => [c.content, c.can])).toEqual([
      ['Frist draft', { edit: true, delete: true }],
      ['From the team', { edit: false, delete: false }],
    ]);
    tick();
    const edited = await partnerA.api.patchOk(leadCommentSchema, `/api/lead-comments/${mine.id}`, { body: { content: 'First draft' } });
    expect(edited).toMatchObject({ content: 'First draft', editedAt: ctx.clock.now().toISOString() });
    const anon = client(ctx.app);
    expect((await anon.patch(`/api/lead-comments/${mine.id}`, { body: { content: 'Anon' } })).statusCode).toBe(401);
    expect((await anon.delete(`/api/lead-comments/${mine.id}`)).statusCode).toBe(401);
    expect((await partnerB.api.patch(`/api/lead-comments/${mine.id}`, { body: { content: 'Hijack' } })).statusCode).toBe(404);
    expect((await partnerB.api.delete(`/api/lead-comments/${mine.id}`)).statusCode).toBe(404);
    expect((await admin.api.patch(`/api/lead-comments/${mine.id}`, { body: { content: 'Rewritten by staff' } })).statusCode).toBe(403);
    expect((await partnerA.api.patch(`/api/lead-comments/${theirs.id}`, { body: { content: 'Rewritten' } })).statusCode).toBe(403);
    expect((await partnerA.api.patch(`/api/lead-comments/${note.id}`, { body: { content: 'Seen it' } })).statusCode).toBe(404);
    expect((await partnerA.api.delete(`/api/lead-comments/${note.id}`)).statusCode).toBe(404);
    expect((await partnerA.api.delete(`/api/lead-comments/${mine.id}`)).statusCode).toBe(204);
    expect((await partnerA.api.delete(`/api/lead-comments/${mine.id}`)).statusCode).toBe(404);
    const after = await partnerA.api.getOk(leadCommentPageSchema, `/api/leads/${l.id}/comments`);
    expect(after.items.map((c) => c.content)).toEqual(['From the team']);
    const rows = await ctx.db.select().from(leadComments).where(eq(leadComments.leadId, l.id));
    expect(rows.map((r) => [r.content, !!r.deletedAt]).sort()).toEqual([
      ['First draft', true],
      ['From the team', false],
      ['Team only', false],
    ]);
  });
});

describe('PATCH /api/leads/{id}: the partner’s edit', () => {
  it('lets the partner correct a submitted or under-review lead, audited and on the timeline', async () => {
    const l = await lead(partnerA, { companyName: 'Typo Ltdd', contactEmail: 'sam@typo.example' });
    const seen = await partnerA.api.getOk(leadSchema, `/api/leads/${l.id}`);
    expect(seen.can).toMatchObject({ edit: true, withdraw: true, assign: false, comment: true, writeInternal: false, update: false });
    tick();
    const edited = await partnerA.api.patchOk(leadSchema, `/api/leads/${l.id}`, { body: { companyName: 'Typo Ltd', estimatedValue: '15000', urgency: 'high' } });
    expect(edited).toMatchObject({ companyName: 'Typo Ltd', estimatedValue: '15000.00', urgency: 'high', status: 'submitted' });
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, l.id));
    expect(row.companyKey).toBe('typo');
    const timeline = await partnerA.api.getOk(leadActivityPageSchema, '/api/lead-activities', { query: { leadId: l.id } });
    expect(timeline.items.map((a) => [a.kind, a.activity])).toEqual([
      ['submitted', 'Lead submitted'],
      ['edited', 'Lead details edited'],
    ]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, l.id), eq(auditLog.action, 'lead.edit')));
    expect(audit).toMatchObject({
      actorId: partnerA.user.id,
      before: { companyName: 'Typo Ltdd', estimatedValue: '10000.00', urgency: 'medium' },
      after: { companyName: 'Typo Ltd', estimatedValue: '15000.00', urgency: 'high' },
    });
    await admin.api.patchOk(leadSchema, `/api/leads/${l.id}`, { body: { status: 'reviewing' } });
    const again = await partnerA.api.patchOk(leadSchema, `/api/leads/${l.id}`, { body: { contactName: 'Sam Right' } });
    expect(again.contactName).toBe('Sam Right');
  });

  it('answers 409 once the lead is qualified or beyond, 404 to another partner, 400 to a bad field', async () => {
    const l = await lead(partnerA, { companyName: 'Too Late Ltd' }, { status: 'qualified' });
    const late = await partnerA.api.patch(`/api/leads/${l.id}`, { body: { companyName: 'Changed Ltd' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/submitted or under review/);
    expect((await partnerA.api.getOk(leadSchema, `/api/leads/${l.id}`)).can.edit).toBe(false);
    const open = await lead(partnerA, { companyName: 'Still Open Ltd' });
    expect((await partnerB.api.patch(`/api/leads/${open.id}`, { body: { companyName: 'Mine Now Ltd' } })).statusCode).toBe(404);
    // an administrator's correction of the fields is tests/api/lead-admin-edit.test.ts
    const bad = await partnerA.api.patch(`/api/leads/${open.id}`, { body: { contactEmail: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please enter a valid contact email');
    expect((await partnerA.api.patch(`/api/leads/${open.id}`, { body: {} })).statusCode).toBe(400);
    // a partner sending a status is asking for an administrator's change
    expect((await partnerA.api.patch(`/api/leads/${open.id}`, { body: { status: 'closed-won' } })).statusCode).toBe(403);
    const rows = await ctx.db
      .select()
      .from(leads)
      .where(sql`${leads.id} in (${l.id}, ${open.id})`);
    expect(rows.map((r) => [r.companyName, r.status]).sort()).toEqual([
      ['Still Open Ltd', 'submitted'],
      ['Too Late Ltd', 'qualified'],
    ]);
  });
});

describe('POST /api/leads/{id}/withdraw', () => {
  it('takes the lead out of the pipeline as closed-lost, with no commission, and tells its owner', async () => {
    const l = await lead(partnerA, { companyName: 'Withdrawn Ltd', contactEmail: 'kim@withdrawn.example' }, { status: 'reviewing' });
    await admin.api.postOk(leadSchema, `/api/leads/${l.id}/assign`, { body: { userId: admin2.user.id } });
    expect((await partnerA.api.getOk(duplicateCheckSchema, '/api/leads/duplicate-check', { query: { companyName: 'Withdrawn Ltd' } })).companyMatch).toBe(true);
    tick();
    expect((await partnerA.api.post(`/api/leads/${l.id}/withdraw`, { body: { reason: '' } })).statusCode).toBe(400);
    expect((await partnerB.api.post(`/api/leads/${l.id}/withdraw`, { body: { reason: 'Not mine' } })).statusCode).toBe(404);
    expect((await admin.api.post(`/api/leads/${l.id}/withdraw`, { body: { reason: 'Admin' } })).statusCode).toBe(403);
    const gone = await partnerA.api.postOk(leadSchema, `/api/leads/${l.id}/withdraw`, { body: { reason: 'The client hired directly' } });
    expect(gone).toMatchObject({ status: 'closed-lost', withdrawnAt: ctx.clock.now().toISOString(), withdrawnReason: 'The client hired directly' });
    expect(gone.can).toMatchObject({ edit: false, withdraw: false });
    const timeline = await partnerA.api.getOk(leadActivityPageSchema, '/api/lead-activities', { query: { leadId: l.id } });
    expect(timeline.items.find((a) => a.kind === 'withdrawn')).toMatchObject({
      kind: 'withdrawn',
      fromStatus: 'reviewing',
      toStatus: 'closed-lost',
      notes: 'The client hired directly',
    });
    const owner = await noticesOf(admin2.user.id, l.id);
    expect(owner.find((n) => n.type === 'lead_status')).toMatchObject({ type: 'lead_status', title: 'Lead withdrawn: Withdrawn Ltd', actionUrl: `/leads/${l.id}` });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, l.id), eq(auditLog.action, 'lead.withdraw')));
    expect(audit).toMatchObject({
      actorId: partnerA.user.id,
      before: { status: 'reviewing' },
      after: { status: 'closed-lost', withdrawnReason: 'The client hired directly' },
    });
    // no longer an open lead: the duplicate check no longer finds it
    expect((await partnerA.api.getOk(duplicateCheckSchema, '/api/leads/duplicate-check', { query: { companyName: 'Withdrawn Ltd' } })).companyMatch).toBe(false);
    expect(await ctx.db.select().from(commissions).where(eq(commissions.leadId, l.id))).toEqual([]);
    const twice = await partnerA.api.post(`/api/leads/${l.id}/withdraw`, { body: { reason: 'Again' } });
    expect(twice.statusCode).toBe(409);
  });

  it('answers 409 for a lead that is already closed', async () => {
    const won = await lead(partnerA, { companyName: 'Already Won Ltd' }, { status: 'closed-won' });
    expect((await partnerA.api.post(`/api/leads/${won.id}/withdraw`, { body: { reason: 'Changed my mind' } })).statusCode).toBe(409);
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, won.id));
    expect(row).toMatchObject({ status: 'closed-won', withdrawnAt: null });
  });
});

describe('POST /api/leads/{id}/assign', () => {
  it('names an administrator as the owner, tells them (not when assigning oneself), audits it and lists it as theirs', async () => {
    const l = await lead(partnerB, { companyName: 'Assigned Ltd' });
    const other = await lead(partnerB, { companyName: 'Unassigned Ltd' });
    const given = await admin.api.postOk(leadSchema, `/api/leads/${l.id}/assign`, { body: { userId: admin2.user.id } });
    expect(given.assignedTo).toEqual({ id: admin2.user.id, name: 'Ben Owner' });
    expect(given.can.assign).toBe(true);
    const told = await noticesOf(admin2.user.id, l.id);
    expect(told).toEqual([
      expect.objectContaining({ type: 'lead_assigned', title: 'Lead assigned to you: Assigned Ltd', actionUrl: `/leads/${l.id}`, actorId: admin.user.id }),
    ]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, l.id), eq(auditLog.action, 'lead.assign')));
    expect(audit).toMatchObject({ actorId: admin.user.id, before: { assignedTo: null }, after: { assignedTo: 'Ben Owner' } });
    // the list and the board read the owner with each lead; "Mine" is the owner's own leads
    const mine = await admin2.api.getOk(leadPageSchema, '/api/leads', { query: { assigned: 'me' } });
    expect(mine.items.map((i) => i.companyName)).toContain('Assigned Ltd');
    expect(mine.items.every((i) => i.assignedTo?.id === admin2.user.id)).toBe(true);
    expect(mine.items.map((i) => i.companyName)).not.toContain('Unassigned Ltd');
    const column = await admin.api.getOk(leadPageSchema, '/api/leads', { query: { status: 'submitted' } });
    expect(column.items.find((i) => i.id === l.id)?.assignedTo).toEqual({ id: admin2.user.id, name: 'Ben Owner' });
    expect(column.items.find((i) => i.id === other.id)?.assignedTo).toBeNull();
    // the partner sees who owns their lead; "Mine" means nothing to a partner
    expect((await partnerB.api.getOk(leadSchema, `/api/leads/${l.id}`)).assignedTo).toEqual({ id: admin2.user.id, name: 'Ben Owner' });
    const partnerMine = await partnerB.api.getOk(leadPageSchema, '/api/leads', { query: { assigned: 'me' } });
    expect(partnerMine.items.map((i) => i.companyName).sort()).toEqual(['Assigned Ltd', 'Unassigned Ltd']);
    // taking it oneself tells nobody; clearing it leaves no owner
    await admin.api.postOk(leadSchema, `/api/leads/${other.id}/assign`, { body: { userId: admin.user.id } });
    expect(await noticesOf(admin.user.id, other.id)).toEqual([]);
    const cleared = await admin.api.postOk(leadSchema, `/api/leads/${other.id}/assign`, { body: { userId: null } });
    expect(cleared.assignedTo).toBeNull();
  });

  it('refuses a partner as the owner (400), and partners may not assign (403)', async () => {
    const l = await lead(partnerA, { companyName: 'Owner Rules Ltd' });
    const toPartner = await admin.api.post(`/api/leads/${l.id}/assign`, { body: { userId: partnerA.user.id } });
    expect(toPartner.statusCode).toBe(400);
    expect(toPartner.json().error.message).toBe('A lead can only be assigned to an administrator.');
    expect((await admin.api.post(`/api/leads/${l.id}/assign`, { body: { userId: 'nobody' } })).statusCode).toBe(400);
    expect((await partnerA.api.post(`/api/leads/${l.id}/assign`, { body: { userId: admin.user.id } })).statusCode).toBe(403);
    expect((await partnerB.api.post(`/api/leads/${l.id}/assign`, { body: { userId: admin.user.id } })).statusCode).toBe(403);
    expect((await partnerA.api.getOk(leadSchema, `/api/leads/${l.id}`)).can.assign).toBe(false);
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, l.id));
    expect(row.assignedTo).toBeNull();
  });
});

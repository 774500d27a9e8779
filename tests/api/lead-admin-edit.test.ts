import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_COMMISSION_FIELDS_LOCKED, leadActivityPageSchema, leadSchema, type LeadInput } from '../../common/schemas/lead.ts';
import type { LeadStatus } from '../../common/constants/options.ts';
import { makeLead, type LeadOptions } from '../../server/db/factories/leads.ts';
import { auditLog, commissions, domainEvents, leads, notifications } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';

/**
 * An administrator corrects a lead's fields (PATCH /api/leads/{id} without `status`) in any status, audited before
 * and after and shown on the timeline as the partner's own edit is; once the lead is won, the fields its commission
 * was computed from stay as they are (409). The partner's edit keeps its limits.
 */

let ctx: TestContext;
let partner: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let admin2: SignedIn;

const lead = (who: SignedIn, o: Partial<LeadInput> = {}, more: Omit<LeadOptions, 'submitter'> = {}) =>
  makeLead(ctx.db, { ...o, submitter: who.user, now: ctx.clock.now(), by: admin2.user, ...more });

/** Submitted a day ago, so the factory's moves (an hour apart) come before what the test does now. */
const dayBefore = () => new Date(ctx.clock.now().getTime() - 86_400_000);
const rowOf = async (id: string) => (await ctx.db.select().from(leads).where(eq(leads.id, id)))[0];
const noticesTo = (userId: string, leadId: string) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.entityId, leadId)));
const editAudits = (leadId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, leadId), eq(auditLog.action, 'lead.edit')));

beforeAll(async () => {
  ctx = await createTestApp();
  partner = await makeSignedIn(ctx, { firstName: 'Pia', lastName: 'Partner' });
  other = await makeSignedIn(ctx, { firstName: 'Omar', lastName: 'Other' });
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  admin2 = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ben', lastName: 'Second' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('PATCH /api/leads/{id}: an administrator corrects the lead', () => {
  it.each<LeadStatus>(['submitted', 'reviewing', 'qualified', 'in-progress', 'closed-lost'])(
    'in a %s lead: every field, audited before and after, on the timeline, the partner not notified',
    async (status) => {
      const l = await lead(partner, { companyName: `Misspelt ${status} Ltdd`, leadType: 'advisory', estimatedValue: '20000' }, { status, now: dayBefore() });
      const seen = await admin.api.getOk(leadSchema, `/api/leads/${l.id}`);
      expect(seen.can).toMatchObject({ edit: true, editCommissionFields: true });
      const noticesBefore = (await noticesTo(partner.user.id, l.id)).length;
      ctx.clock.advance(60_000);
      const edited = await admin.api.patchOk(leadSchema, `/api/leads/${l.id}`, {
        body: { companyName: `Spelt ${status} Ltd`, estimatedValue: '25000', leadType: 'interim', contactEmail: 'Right@Spelt.example' },
      });
      expect(edited).toMatchObject({ companyName: `Spelt ${status} Ltd`, estimatedValue: '25000.00', leadType: 'interim', contactEmail: 'right@spelt.example', status });
      expect(await rowOf(l.id)).toMatchObject({ companyName: `Spelt ${status} Ltd`, contactDomain: 'spelt.example', status });

      const [audit, ...more] = await editAudits(l.id);
      expect(more).toEqual([]);
      expect(audit).toMatchObject({
        actorId: admin.user.id,
        entityType: 'lead',
        before: { companyName: `Misspelt ${status} Ltdd`, estimatedValue: '20000.00', leadType: 'advisory', contactEmail: l.contactEmail },
        after: { companyName: `Spelt ${status} Ltd`, estimatedValue: '25000.00', leadType: 'interim', contactEmail: 'right@spelt.example' },
      });
      const timeline = await partner.api.getOk(leadActivityPageSchema, '/api/lead-activities', { query: { leadId: l.id } });
      expect(timeline.items.at(-1)).toMatchObject({ kind: 'edited', activity: 'Lead details edited', userName: 'Ada Admin' });
      const [fact] = await ctx.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.entityId, l.id), eq(domainEvents.type, 'lead.edited')));
      expect(fact).toMatchObject({ actorId: admin.user.id, data: { leadId: l.id, submitterId: partner.user.id } });
      // a partner's edit tells nobody; the administrator's tells the partner nothing either (the timeline shows it)
      expect((await noticesTo(partner.user.id, l.id)).length).toBe(noticesBefore);
    },
  );

  it('in a won lead: the other fields change; the lead type and the estimated value answer 409 and stay as they are', async () => {
    const l = await lead(partner, { companyName: 'Won Deal Ltd', leadType: 'advisory', estimatedValue: '40000' }, { status: 'closed-won' });
    const [commissionBefore] = await ctx.db.select().from(commissions).where(eq(commissions.leadId, l.id));
    expect(commissionBefore).toBeDefined();
    const seen = await admin.api.getOk(leadSchema, `/api/leads/${l.id}`);
    expect(seen.can).toMatchObject({ edit: true, editCommissionFields: false });

    for (const body of [{ estimatedValue: '50000' }, { leadType: 'interim' }, { estimatedValue: '40000', leadType: 'recruitment', contactName: 'Someone' }]) {
      const refused = await admin.api.patch(`/api/leads/${l.id}`, { body });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(LEAD_COMMISSION_FIELDS_LOCKED);
    }
    expect(await rowOf(l.id)).toMatchObject({ leadType: 'advisory', estimatedValue: '40000.00', contactName: l.contactName, status: 'closed-won' });
    expect(await editAudits(l.id)).toEqual([]);

    // the same value again is no change; the other fields are corrected
    const edited = await admin.api.patchOk(leadSchema, `/api/leads/${l.id}`, {
      body: { estimatedValue: '40000.00', leadType: 'advisory', contactName: 'Jordan Right', projectDescription: 'Corrected description.' },
    });
    expect(edited).toMatchObject({ contactName: 'Jordan Right', projectDescription: 'Corrected description.', estimatedValue: '40000.00', leadType: 'advisory' });
    const [audit] = await editAudits(l.id);
    expect(audit.before).toEqual({ contactName: l.contactName, projectDescription: l.projectDescription });
    expect(audit.after).toEqual({ contactName: 'Jordan Right', projectDescription: 'Corrected description.' });
    const [commissionAfter] = await ctx.db.select().from(commissions).where(eq(commissions.leadId, l.id));
    expect(commissionAfter).toEqual(commissionBefore);
  });

  it('answers 400 to a bad field or an unknown one, as to the partner', async () => {
    const l = await lead(partner, { companyName: 'Checked Ltd' }, { status: 'qualified' });
    const bad = await admin.api.patch(`/api/leads/${l.id}`, { body: { contactEmail: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please enter a valid contact email');
    expect((await admin.api.patch(`/api/leads/${l.id}`, { body: { submitterId: admin.user.id } })).statusCode).toBe(400);
    expect((await admin.api.patch(`/api/leads/${l.id}`, { body: {} })).statusCode).toBe(400);
    expect(await rowOf(l.id)).toMatchObject({ companyName: 'Checked Ltd', contactEmail: l.contactEmail, submitterId: partner.user.id });
  });

  it('answers 404 to an administrator editing a lead another administrator has deleted', async () => {
    const l = await lead(partner, { companyName: 'Deleted Meanwhile Ltd' }, { status: 'reviewing' });
    expect((await admin2.api.delete(`/api/leads/${l.id}`)).statusCode).toBe(200);
    const late = await admin.api.patch(`/api/leads/${l.id}`, { body: { companyName: 'Too Late Ltd' } });
    expect(late.statusCode).toBe(404);
    expect(late.json().error.message).toBe('Lead not found.');
    expect(await rowOf(l.id)).toBeUndefined();
    expect(await editAudits(l.id)).toEqual([]);
  });
});

describe('PATCH /api/leads/{id}: the partner’s edit keeps its limits', () => {
  it('another partner’s lead is 404 and unchanged; their own lead is 409 once it is past review, won included', async () => {
    const theirs = await lead(other, { companyName: 'Not Yours Ltd' });
    expect((await partner.api.patch(`/api/leads/${theirs.id}`, { body: { companyName: 'Mine Now Ltd' } })).statusCode).toBe(404);
    expect((await rowOf(theirs.id)).companyName).toBe('Not Yours Ltd');

    for (const status of ['qualified', 'in-progress', 'closed-lost', 'closed-won'] as const) {
      const l = await lead(partner, { companyName: `Past Review ${status} Ltd` }, { status });
      const seen = await partner.api.getOk(leadSchema, `/api/leads/${l.id}`);
      expect(seen.can).toMatchObject({ edit: false, editCommissionFields: false });
      for (const body of [{ companyName: 'Changed Ltd' }, { estimatedValue: '99999' }]) {
        const late = await partner.api.patch(`/api/leads/${l.id}`, { body });
        expect(late.statusCode).toBe(409);
        expect(late.json().error.message).toBe('This lead can no longer be edited: only a lead that is submitted or under review can be changed.');
      }
      expect(await rowOf(l.id)).toMatchObject({ companyName: `Past Review ${status} Ltd`, estimatedValue: '10000.00' });
    }
  });

  it('the partner still corrects the lead type and value while it is under review', async () => {
    const l = await lead(partner, { companyName: 'Early Ltd', leadType: 'advisory' }, { status: 'reviewing' });
    const edited = await partner.api.patchOk(leadSchema, `/api/leads/${l.id}`, { body: { leadType: 'recruitment', estimatedValue: '12000' } });
    expect(edited).toMatchObject({ leadType: 'recruitment', estimatedValue: '12000.00' });
    const [audit] = await editAudits(l.id);
    expect(audit).toMatchObject({ actorId: partner.user.id, before: { leadType: 'advisory' }, after: { leadType: 'recruitment' } });
  });
});

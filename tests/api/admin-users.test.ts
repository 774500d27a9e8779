import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOverviewSchema, adminUserPageSchema, auditPageSchema } from '../../common/schemas/admin.ts';
import { memberPageSchema } from '../../common/schemas/member.ts';
import { makeCommission, makeLead } from '../../server/db/factories/leads.ts';
import { auditLog, leads, users } from '../../server/db/schema/index.ts';
import { createTestApp, login, makeSignedIn, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';

let ctx: TestContext;
let admin: SignedIn;
let partner: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  partner = await makeSignedIn(ctx, { firstName: 'Petra' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('User Management', () => {
  it('lists users a page at a time with their referral figures, for admins only', async () => {
    await makeLead(ctx.db, {
      submitter: partner.user,
      now: ctx.clock.now(),
      leadType: 'interim',
      estimatedValue: 500,
      companyName: 'Figures Ltd',
      industry: 'Other',
      contactName: 'C',
      contactEmail: 'c@figures.example',
      projectDescription: 'x',
    });
    const page = await admin.api.getOk(adminUserPageSchema, '/api/users', { query: { search: partner.user.username } });
    expect(page.items).toEqual([expect.objectContaining({ id: partner.user.id, totalLeads: 1, successfulLeads: 0, totalCommission: '0.00' })]);
    expect(page.items[0]).not.toHaveProperty('password');
    const denied = await partner.api.get('/api/users');
    expect(denied.statusCode).toBe(403);
  });

  it('deactivating ends the user’s sessions and stops sign-in; activating restores it; both audited', async () => {
    const target = await makeSignedIn(ctx);
    const off = await admin.api.patch(`/api/users/${target.user.id}/status`, { body: { isActive: false } });
    expect(off.statusCode).toBe(200);
    expect((await target.api.get('/api/auth/me')).statusCode).toBe(401);
    await expect(login(ctx.app, target.user.username!)).rejects.toThrow(/401/);
    const on = await admin.api.patch(`/api/users/${target.user.id}/status`, { body: { isActive: true } });
    expect(on.statusCode).toBe(200);
    await expect(login(ctx.app, target.user.username!)).resolves.toMatch(/cp_session/);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, target.user.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['user.activate', 'user.deactivate']);
    const log = (await admin.api.getOk(auditPageSchema, '/api/admin/audit-log')).items;
    expect(log.find((e) => e.entityId === target.user.id)?.entityLabel).toBe(`${target.user.firstName} ${target.user.lastName}`);
    expect(audit.find((a) => a.action === 'user.deactivate')).toMatchObject({ actorId: admin.user.id, before: { isActive: true }, after: { isActive: false } });
  });

  it('an admin cannot deactivate or remove their own account, whatever the UI shows', async () => {
    const self = await admin.api.patch(`/api/users/${admin.user.id}/status`, { body: { isActive: false } });
    expect(self.statusCode).toBe(403);
    const remove = await admin.api.delete(`/api/users/${admin.user.id}`);
    expect(remove.statusCode).toBe(403);
    expect((await reloadUser(ctx.db, admin.user.id)).isActive).toBe(true);
  });

  it('a partner cannot change anyone’s status', async () => {
    const res = await partner.api.patch(`/api/users/${admin.user.id}/status`, { body: { isActive: false } });
    expect(res.statusCode).toBe(403);
    const mass = await admin.api.patch(`/api/users/${partner.user.id}/status`, { body: { isActive: true, role: 'admin' } });
    expect(mass.statusCode).toBe(400);
    expect((await reloadUser(ctx.db, partner.user.id)).role).toBe('partner');
  });

  it('removal deactivates and hides the member but keeps their leads', async () => {
    const gone = await makeSignedIn(ctx, { firstName: 'Gone' });
    await makeLead(ctx.db, {
      submitter: gone.user,
      now: ctx.clock.now(),
      leadType: 'interim',
      estimatedValue: 1,
      companyName: 'Kept Ltd',
      industry: 'Other',
      contactName: 'C',
      contactEmail: 'c@kept.example',
      projectDescription: 'x',
    });
    const res = await admin.api.delete(`/api/users/${gone.user.id}`);
    expect(res.statusCode).toBe(200);
    const row = await reloadUser(ctx.db, gone.user.id);
    expect(row.isActive).toBe(false);
    expect(row.removedAt).not.toBeNull();
    expect(await ctx.db.select().from(leads).where(eq(leads.submitterId, gone.user.id))).toHaveLength(1);
    const list = await admin.api.getOk(adminUserPageSchema, '/api/users', { query: { search: 'Gone' } });
    expect(list.items).toHaveLength(0);
    const members = await partner.api.getOk(memberPageSchema, '/api/members', { query: { search: 'Gone' } });
    expect(members.items).toHaveLength(0);
    expect((await admin.api.delete(`/api/users/${gone.user.id}`)).statusCode).toBe(404);
  });
});

describe('referral figures per member', () => {
  it('count each member’s own leads, wins and non-cancelled commission, in the users list and the overview alike', async () => {
    const earner = await makeSignedIn(ctx, { firstName: 'Erin', lastName: 'Earner' });
    // 12,000 closed won in one month earns 20% of 10,000 and 30% of 2,000: 2,600.00
    await makeCommission(ctx.db, { partner: earner.user, by: admin.user, closedAt: ctx.clock.now(), estimatedValue: '12000', companyName: 'Earner Won Ltd' });
    await makeLead(ctx.db, { submitter: earner.user, now: ctx.clock.now(), companyName: 'Earner Open Ltd', estimatedValue: '100' });
    const page = await admin.api.getOk(adminUserPageSchema, '/api/users', { query: { search: 'Erin Earner' } });
    expect(page.items).toEqual([expect.objectContaining({ id: earner.user.id, totalLeads: 2, successfulLeads: 1, totalCommission: '2600.00' })]);
    // someone else's figures are not mixed in: the partner from the first test still has one lead and nothing earned
    const other = await admin.api.getOk(adminUserPageSchema, '/api/users', { query: { search: partner.user.username } });
    expect(other.items[0]).toMatchObject({ totalLeads: 1, totalCommission: '0.00' });
    const overview = await admin.api.getOk(adminOverviewSchema, '/api/admin/overview');
    const inOverview = overview.partners.find((p) => p.id === earner.user.id);
    expect(inOverview).toMatchObject({ totalLeads: 2, successfulLeads: 1, totalCommission: '2600.00' });
  });
});

describe('Admin overview and audit log', () => {
  it('shows five partners and five recent activities, and the audit log to admins only', async () => {
    const overview = await admin.api.getOk(adminOverviewSchema, '/api/admin/overview');
    expect(overview.partners.length).toBeLessThanOrEqual(5);
    expect(overview.recentActivity.length).toBeGreaterThan(0);
    const log = (await admin.api.getOk(auditPageSchema, '/api/admin/audit-log')).items;
    expect(log[0]).toMatchObject({ actorName: expect.any(String), action: expect.any(String) });
    expect((await partner.api.get('/api/admin/audit-log')).statusCode).toBe(403);
    const [u] = await ctx.db.select().from(users).where(eq(users.id, partner.user.id));
    expect(u.isActive).toBe(true);
  });
});

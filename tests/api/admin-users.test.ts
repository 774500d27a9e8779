import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leads, users } from '../../server/db/schema/index.ts';
import { createTestApp, login, makeSignedIn, reloadUser, type TestContext } from '../helpers/app.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof makeSignedIn>>;
let partner: Awaited<ReturnType<typeof makeSignedIn>>;

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
    await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { cookie: partner.cookie },
      payload: { leadType: 'interim', estimatedValue: 500, companyName: 'Figures Ltd', industry: 'Other', contactName: 'C', contactEmail: 'c@figures.example', projectDescription: 'x' },
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users?search=${partner.user.username}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([expect.objectContaining({ id: partner.user.id, totalLeads: 1, successfulLeads: 0, totalCommission: 0 })]);
    expect(res.json().items[0]).not.toHaveProperty('password');
    const denied = await ctx.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: partner.cookie } });
    expect(denied.statusCode).toBe(403);
  });

  it('deactivating ends the user’s sessions and stops sign-in; activating restores it; both audited', async () => {
    const target = await makeSignedIn(ctx);
    const off = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${target.user.id}/status`, headers: { cookie: admin.cookie }, payload: { isActive: false } });
    expect(off.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: target.cookie } })).statusCode).toBe(401);
    await expect(login(ctx.app, target.user.username!)).rejects.toThrow(/401/);
    await ctx.app.inject({ method: 'PATCH', url: `/api/users/${target.user.id}/status`, headers: { cookie: admin.cookie }, payload: { isActive: true } });
    await expect(login(ctx.app, target.user.username!)).resolves.toMatch(/cp_session/);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, target.user.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['user.activate', 'user.deactivate']);
    const log = (await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: { cookie: admin.cookie } })).json();
    expect(log.find((e: { entityId: string }) => e.entityId === target.user.id).entityLabel).toBe(`${target.user.firstName} ${target.user.lastName}`);
    expect(audit.find((a) => a.action === 'user.deactivate')).toMatchObject({ actorId: admin.user.id, before: { isActive: true }, after: { isActive: false } });
  });

  it('an admin cannot deactivate or remove their own account, whatever the UI shows', async () => {
    const self = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${admin.user.id}/status`, headers: { cookie: admin.cookie }, payload: { isActive: false } });
    expect(self.statusCode).toBe(403);
    const remove = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${admin.user.id}`, headers: { cookie: admin.cookie } });
    expect(remove.statusCode).toBe(403);
    expect((await reloadUser(ctx.db, admin.user.id)).isActive).toBe(true);
  });

  it('a partner cannot change anyone’s status', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${admin.user.id}/status`, headers: { cookie: partner.cookie }, payload: { isActive: false } });
    expect(res.statusCode).toBe(403);
    const mass = await ctx.app.inject({ method: 'PATCH', url: `/api/users/${partner.user.id}/status`, headers: { cookie: admin.cookie }, payload: { isActive: true, role: 'admin' } });
    expect(mass.statusCode).toBe(400);
    expect((await reloadUser(ctx.db, partner.user.id)).role).toBe('partner');
  });

  it('removal deactivates and hides the member but keeps their leads', async () => {
    const gone = await makeSignedIn(ctx, { firstName: 'Gone' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { cookie: gone.cookie },
      payload: { leadType: 'interim', estimatedValue: 1, companyName: 'Kept Ltd', industry: 'Other', contactName: 'C', contactEmail: 'c@kept.example', projectDescription: 'x' },
    });
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${gone.user.id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const row = await reloadUser(ctx.db, gone.user.id);
    expect(row.isActive).toBe(false);
    expect(row.removedAt).not.toBeNull();
    expect(await ctx.db.select().from(leads).where(eq(leads.submitterId, gone.user.id))).toHaveLength(1);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/users?search=Gone', headers: { cookie: admin.cookie } })).json();
    expect(list.items).toHaveLength(0);
    const members = (await ctx.app.inject({ method: 'GET', url: '/api/members?search=Gone', headers: { cookie: partner.cookie } })).json();
    expect(members.items).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/users/${gone.user.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
  });
});

describe('Admin overview and audit log', () => {
  it('shows five partners and five recent activities, and the audit log to admins only', async () => {
    const overview = await ctx.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie: admin.cookie } });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().partners.length).toBeLessThanOrEqual(5);
    expect(overview.json().recentActivity.length).toBeGreaterThan(0);
    const log = await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: { cookie: admin.cookie } });
    expect(log.json()[0]).toMatchObject({ actorName: expect.any(String), action: expect.any(String) });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: { cookie: partner.cookie } })).statusCode).toBe(403);
    const [u] = await ctx.db.select().from(users).where(eq(users.id, partner.user.id));
    expect(u.isActive).toBe(true);
  });
});

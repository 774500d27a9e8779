import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, reloadUser, type TestContext } from '../helpers/app.ts';

/**
 * The abilities the server sends with its data are the ones it then enforces: for every resource that carries
 * `can`, each flag is tried for real by the viewer it was sent to, and the answer matches (allowed → 2xx,
 * refused → 403/404 and nothing changes).
 */
let ctx: TestContext;
type Signed = Awaited<ReturnType<typeof makeSignedIn>>;
let partner: Signed;
let other: Signed;
let admin: Signed;
let master: Signed;

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (cookie: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const leadBody = (company: string) => ({
  leadType: 'interim',
  estimatedValue: '1000',
  companyName: company,
  industry: 'Technology',
  contactName: 'Casey',
  contactEmail: `casey@${company.toLowerCase().replace(/\W/g, '')}.example`,
  projectDescription: 'Interim CFO for six months',
});

beforeAll(async () => {
  ctx = await createTestApp();
  partner = await makeSignedIn(ctx);
  other = await makeSignedIn(ctx);
  admin = await makeSignedIn(ctx, { role: 'admin' });
  master = await makeSignedIn(ctx, { role: 'master-admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('current user abilities', () => {
  it.each([
    ['partner', () => partner, false],
    ['admin', () => admin, true],
    ['master-admin', () => master, true],
  ] as const)('%s: adminPanel %s, and the admin API answers accordingly', async (_name, who, adminPanel) => {
    const me = (await get(who().cookie, '/api/auth/me')).json().user;
    expect(me.can).toMatchObject({ adminPanel, manageUsers: adminPanel, reviewApplications: adminPanel, submitLeads: true });
    for (const url of ['/api/users', '/api/admin/pending-applications', '/api/admin/commissions', '/api/admin/audit-log']) {
      expect((await get(who().cookie, url)).statusCode, url).toBe(adminPanel ? 200 : 403);
    }
  });

  it('a pending applicant has no abilities at all, and the member API refuses them', async () => {
    const applicant = await makeSignedIn(ctx, { accountStatus: 'pending' });
    const me = (await get(applicant.cookie, '/api/auth/me')).json().user;
    expect(Object.values(me.can).some(Boolean)).toBe(false);
    expect((await send(applicant.cookie, 'POST', '/api/leads', leadBody('Pending Co'))).statusCode).toBe(403);
  });
});

describe('lead abilities', () => {
  it('the owner may read but not change or delete; an admin may do all three — as each is then allowed', async () => {
    const created = (await send(partner.cookie, 'POST', '/api/leads', leadBody('Ability Works'))).json();
    expect(created.can).toEqual({
      read: true,
      update: false,
      delete: false,
      seeDuplicateFlag: false,
      edit: true,
      editCommissionFields: true,
      withdraw: true,
      assign: false,
      comment: true,
      writeInternal: false,
    });
    expect((await get(partner.cookie, `/api/leads/${created.id}`)).statusCode).toBe(200);
    expect((await send(partner.cookie, 'PATCH', `/api/leads/${created.id}`, { status: 'qualified' })).statusCode).toBe(403);
    expect((await send(partner.cookie, 'DELETE', `/api/leads/${created.id}`)).statusCode).toBe(403);

    // another partner is not even told it exists
    expect((await get(other.cookie, `/api/leads/${created.id}`)).statusCode).toBe(404);

    const asAdmin = (await get(admin.cookie, `/api/leads/${created.id}`)).json();
    expect(asAdmin.can).toEqual({
      read: true,
      update: true,
      delete: true,
      seeDuplicateFlag: true,
      edit: true,
      editCommissionFields: true,
      withdraw: false,
      assign: true,
      comment: true,
      writeInternal: true,
    });
    const adminList = (await get(admin.cookie, '/api/leads?search=Ability%20Works')).json();
    expect(adminList.items.find((l: { id: string }) => l.id === created.id)).toHaveProperty('possibleDuplicate', false);
    const list = (await get(partner.cookie, '/api/leads')).json();
    expect(list.items.find((l: { id: string }) => l.id === created.id)).not.toHaveProperty('possibleDuplicate');
    expect((await send(admin.cookie, 'PATCH', `/api/leads/${created.id}`, { status: 'qualified' })).statusCode).toBe(200);
    expect((await send(admin.cookie, 'DELETE', `/api/leads/${created.id}`)).statusCode).toBe(200);
    expect((await get(partner.cookie, `/api/leads/${created.id}`)).statusCode).toBe(404);
  });
});

describe('commission abilities', () => {
  it('markPaid is offered to admins on pending commissions only, and paying follows it', async () => {
    const lead = (await send(partner.cookie, 'POST', '/api/leads', leadBody('Payable Ltd'))).json();
    expect((await send(admin.cookie, 'PATCH', `/api/leads/${lead.id}`, { status: 'closed-won' })).statusCode).toBe(200);
    const own = (await get(partner.cookie, '/api/commissions')).json();
    expect(own).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(own.items[0].can).toEqual({ markPaid: false });
    const payout = (await get(admin.cookie, '/api/admin/commissions?status=pending')).json().items.find((c: { leadId: string }) => c.leadId === lead.id);
    expect(payout.can).toEqual({ markPaid: true });
    expect((await send(admin.cookie, 'POST', `/api/admin/commissions/${payout.id}/pay`)).statusCode).toBe(200);
    const paid = (await get(admin.cookie, '/api/admin/commissions?status=paid')).json().items.find((c: { id: string }) => c.id === payout.id);
    expect(paid.can).toEqual({ markPaid: false });
    expect((await send(admin.cookie, 'POST', `/api/admin/commissions/${payout.id}/pay`)).statusCode).toBe(409);
  });
});

describe('connection abilities', () => {
  it('only the receiver is offered respond, and only the receiver can answer', async () => {
    const sent = await send(partner.cookie, 'POST', '/api/member-connections', { receiverId: other.user.id, message: 'Hello' });
    expect(sent.statusCode).toBe(201);
    const mine = (await get(partner.cookie, '/api/member-connections?direction=outgoing')).json();
    const theirs = (await get(other.cookie, '/api/member-connections?direction=incoming')).json();
    expect(mine.items[0].can).toEqual({ respond: false, withdraw: true, remove: false });
    expect(theirs.items[0].can).toEqual({ respond: true, withdraw: false, remove: false });
    expect((await send(partner.cookie, 'PATCH', `/api/member-connections/${mine.items[0].id}`, { status: 'accepted' })).statusCode).toBe(403);
    expect((await send(admin.cookie, 'PATCH', `/api/member-connections/${mine.items[0].id}`, { status: 'accepted' })).statusCode).toBe(404);
    expect((await send(other.cookie, 'PATCH', `/api/member-connections/${theirs.items[0].id}`, { status: 'accepted' })).statusCode).toBe(200);
    // once accepted, either member is offered remove and nobody respond or withdraw
    const connected = (await get(partner.cookie, '/api/member-connections?status=accepted')).json();
    expect(connected.items[0].can).toEqual({ respond: false, withdraw: false, remove: true });
    expect((await get(other.cookie, '/api/member-connections?status=accepted')).json().items[0].can).toEqual({ respond: false, withdraw: false, remove: true });
    expect((await send(admin.cookie, 'DELETE', `/api/member-connections/${connected.items[0].id}`)).statusCode).toBe(404);
    expect((await send(other.cookie, 'DELETE', `/api/member-connections/${connected.items[0].id}`)).statusCode).toBe(204);
  });
});

describe('application abilities', () => {
  it('a pending application offers its reviewer every decision, and each is then allowed', async () => {
    const applicant = await makeUser(ctx.db, { accountStatus: 'pending', firstName: 'Abigail', emailVerifiedAt: new Date() });
    const page = (await get(admin.cookie, '/api/admin/pending-applications?pageSize=100')).json();
    const row = page.items.find((a: { userId: string }) => a.userId === applicant.id);
    expect(row.can).toEqual({ update: true, approve: true, reject: true, approveBlockedReason: null, resendVerification: false });
    expect((await send(admin.cookie, 'POST', `/api/admin/update-application/${applicant.id}`, { companyVerified: true })).statusCode).toBe(200);
    expect((await send(admin.cookie, 'POST', `/api/admin/reject-application/${applicant.id}`, { reason: 'unverified_company' })).statusCode).toBe(200);
    // once rejected: no more checklist changes or rejections, but it may be reconsidered and approved
    expect((await send(admin.cookie, 'POST', `/api/admin/update-application/${applicant.id}`, { linkedinChecked: true })).statusCode).toBe(409);
    expect((await send(admin.cookie, 'POST', `/api/admin/reject-application/${applicant.id}`, { reason: 'unverified_company' })).statusCode).toBe(409);
    expect((await send(admin.cookie, 'POST', `/api/admin/approve-application/${applicant.id}`, {})).statusCode).toBe(200);
    expect((await send(admin.cookie, 'POST', `/api/admin/approve-application/${applicant.id}`, {})).statusCode).toBe(409);
  });
});

describe('admin hierarchy', () => {
  const row = async (viewer: Signed, id: string) => {
    const page = (await get(viewer.cookie, `/api/users?pageSize=100`)).json();
    return page.items.find((u: { id: string }) => u.id === id);
  };

  it('an admin is offered nothing on an admin or master-admin account, and the server refuses it', async () => {
    const otherAdmin = await makeUser(ctx.db, { role: 'admin' });
    for (const target of [otherAdmin.id, master.user.id]) {
      expect((await row(admin, target)).can).toEqual({ activate: false, deactivate: false, remove: false, sendPasswordReset: false, edit: false, changeRole: false });
      expect((await send(admin.cookie, 'PATCH', `/api/users/${target}`, { jobTitle: 'Changed' })).statusCode).toBe(403);
      expect((await send(admin.cookie, 'PATCH', `/api/users/${target}/role`, { role: 'partner' })).statusCode).toBe(403);
      expect((await send(admin.cookie, 'POST', `/api/users/${target}/password-reset`, {})).statusCode).toBe(403);
      expect((await send(admin.cookie, 'PATCH', `/api/users/${target}/status`, { isActive: false })).statusCode).toBe(403);
      expect((await send(admin.cookie, 'DELETE', `/api/users/${target}`)).statusCode).toBe(403);
      expect((await reloadUser(ctx.db, target)).isActive).toBe(true);
    }
  });

  it('an admin manages partners; a master-admin manages admins too — as offered', async () => {
    const p = await makeUser(ctx.db);
    expect((await row(admin, p.id)).can).toEqual({ activate: false, deactivate: true, remove: true, sendPasswordReset: true, edit: true, changeRole: false });
    expect((await send(admin.cookie, 'PATCH', `/api/users/${p.id}`, { jobTitle: 'Corrected' })).statusCode).toBe(200);
    expect((await send(admin.cookie, 'PATCH', `/api/users/${p.id}/role`, { role: 'admin' })).statusCode).toBe(403);
    expect((await send(admin.cookie, 'PATCH', `/api/users/${p.id}/status`, { isActive: false })).statusCode).toBe(200);
    expect((await row(admin, p.id)).can).toEqual({ activate: true, deactivate: false, remove: true, sendPasswordReset: false, edit: true, changeRole: false });
    const a = await makeUser(ctx.db, { role: 'admin' });
    expect((await row(master, a.id)).can).toEqual({ activate: false, deactivate: true, remove: true, sendPasswordReset: true, edit: true, changeRole: true });
    expect((await send(master.cookie, 'PATCH', `/api/users/${a.id}`, { jobTitle: 'Corrected' })).statusCode).toBe(200);
    expect((await send(master.cookie, 'PATCH', `/api/users/${a.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    expect((await send(master.cookie, 'PATCH', `/api/users/${a.id}/status`, { isActive: false })).statusCode).toBe(200);
    expect((await reloadUser(ctx.db, a.id)).isActive).toBe(false);
  });

  it('the last active master-admin stays: two master-admins deactivating each other at once cannot both win', async () => {
    const second = await makeSignedIn(ctx, { role: 'master-admin' });
    const [a, b] = await Promise.all([
      send(master.cookie, 'PATCH', `/api/users/${second.user.id}/status`, { isActive: false }),
      send(second.cookie, 'PATCH', `/api/users/${master.user.id}/status`, { isActive: false }),
    ]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const left = await ctx.db.select().from(users).where(eq(users.role, 'master-admin'));
    expect(left.filter((u) => u.isActive && !u.removedAt)).toHaveLength(1);
    // and the survivor cannot remove themselves either
    const survivor = left.find((u) => u.isActive)!;
    const cookie = survivor.id === master.user.id ? master.cookie : second.cookie;
    expect((await send(cookie, 'DELETE', `/api/users/${survivor.id}`)).statusCode).toBe(403);
    expect((await reloadUser(ctx.db, survivor.id)).isActive).toBe(true);
    // the survivor is offered Activate on the other master-admin, and it works
    const other = left.find((u) => !u.isActive)!;
    const viewer = survivor.id === master.user.id ? master : second;
    expect((await row(viewer, other.id)).can).toEqual({ activate: true, deactivate: false, remove: true, sendPasswordReset: false, edit: true, changeRole: true });
    expect((await send(cookie, 'PATCH', `/api/users/${other.id}/status`, { isActive: true })).statusCode).toBe(200);
    expect((await reloadUser(ctx.db, other.id)).isActive).toBe(true);
  });
});

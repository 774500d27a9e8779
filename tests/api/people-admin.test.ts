import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_STATUSES, type MemberStatus } from '../../common/rules/member-status.ts';
import { adminUserPageSchema, adminUserSchema, type AdminUser } from '../../common/schemas/admin.ts';
import { auditLog, notifications, users } from '../../server/db/schema/index.ts';
import { USER_CSV_HEADER, userCsv } from '../../server/services/user-export.ts';
import type { Client } from '../helpers/client.ts';
import { createTestApp, makeSignedIn, makeUser, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';

let ctx: TestContext;
let admin: SignedIn;
let master: SignedIn;
let partner: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  // the only master-admin of this database: the last-master-admin rule is tested against it
  master = await makeSignedIn(ctx, { role: 'master-admin', firstName: 'Magda' });
  partner = await makeSignedIn(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const list = (who: { api: Client }, query: Record<string, string>) => who.api.getOk(adminUserPageSchema, '/api/users', { query: { pageSize: 100, ...query } });
const auditOf = (id: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('User Management list: filters and the one status each account shows', () => {
  const tag = `Statusco${Date.now().toString(36)}`;
  const made: Record<MemberStatus | 'admin', string> = {} as never;

  beforeAll(async () => {
    const at = new Date();
    const u = (o: Parameters<typeof makeUser>[1]) => makeUser(ctx.db, { company: tag, emailVerifiedAt: at, ...o }).then((r) => r.id);
    made.active = await u({});
    made.deactivated = await u({ isActive: false });
    made['pending-verification'] = await u({ accountStatus: 'pending', emailVerifiedAt: null });
    made['pending-review'] = await u({ accountStatus: 'pending' });
    // still flagged active, as a rejected applicant's row is: shown as Rejected only
    made.rejected = await u({ accountStatus: 'rejected', isActive: true });
    made.removed = await u({ isActive: false, removedAt: at });
    made.anonymised = await u({ isActive: false, removedAt: at, anonymisedAt: at });
    made.admin = await u({ role: 'admin' });
  });

  it('shows each account once with one status (never Active beside Rejected); removed accounts only when asked for', async () => {
    const page = await list(admin, { search: tag });
    const byId = new Map(page.items.map((i) => [i.id, i]));
    expect(page.total).toBe(6);
    expect(byId.get(made.active)?.status).toBe('active');
    expect(byId.get(made.deactivated)?.status).toBe('deactivated');
    expect(byId.get(made['pending-verification'])?.status).toBe('pending-verification');
    expect(byId.get(made['pending-review'])?.status).toBe('pending-review');
    expect(byId.get(made.rejected)?.status).toBe('rejected');
    expect(byId.get(made.admin)?.status).toBe('active');
    expect(byId.has(made.removed)).toBe(false);
    expect(byId.has(made.anonymised)).toBe(false);
    // the full address travels; the screen decides how to show it
    expect(byId.get(made.active)?.email).toMatch(/@/);
  });

  it.each(MEMBER_STATUSES)('status=%s answers exactly the accounts in that status', async (status) => {
    const page = await list(admin, { search: tag, status });
    const expected = status === 'active' ? [made.active, made.admin] : [made[status]];
    expect(page.items.map((i) => i.id).sort()).toEqual([...expected].sort());
    expect(page.items.every((i) => i.status === status)).toBe(true);
  });

  it('filters by role, and searches name, username and e-mail', async () => {
    expect((await list(admin, { search: tag, role: 'admin' })).items.map((i) => i.id)).toEqual([made.admin]);
    expect((await list(admin, { search: tag, role: 'partner', status: 'active' })).items.map((i) => i.id)).toEqual([made.active]);
    const target = await reloadUser(ctx.db, made.deactivated);
    for (const search of [target.username!, target.email.toUpperCase(), `${target.firstName} ${target.lastName}`]) {
      expect((await list(admin, { search })).items.map((i) => i.id)).toContain(made.deactivated);
    }
    expect((await list(admin, { search: `${tag}%` })).total).toBe(0);
  });

  it('refuses an unknown role or status (400) and a partner (403)', async () => {
    expect((await admin.api.get('/api/users', { query: { status: 'bogus' } })).statusCode).toBe(400);
    expect((await admin.api.get('/api/users', { query: { role: 'superuser' } })).statusCode).toBe(400);
    expect((await partner.api.get('/api/users', { query: { status: 'active' } })).statusCode).toBe(403);
  });
});

describe('PATCH /api/users/{id}: an administrator corrects a member’s details', () => {
  it('answers 404 for an unknown or removed account', async () => {
    expect((await admin.api.patch(`/api/users/${randomUUID()}`, { body: { jobTitle: 'CFO' } })).statusCode).toBe(404);
    const removed = await makeUser(ctx.db, { isActive: false, removedAt: new Date() });
    expect((await admin.api.patch(`/api/users/${removed.id}`, { body: { jobTitle: 'CFO' } })).statusCode).toBe(404);
  });

  it('refuses a member (403), an admin on an admin or master-admin account (403), and one’s own account; nothing changes', async () => {
    const target = await makeUser(ctx.db, { jobTitle: 'Analyst' });
    expect((await partner.api.patch(`/api/users/${target.id}`, { body: { jobTitle: 'Owner' } })).statusCode).toBe(403);
    expect((await reloadUser(ctx.db, target.id)).jobTitle).toBe('Analyst');
    const otherAdmin = await makeUser(ctx.db, { role: 'admin', jobTitle: 'Ops' });
    for (const id of [otherAdmin.id, master.user.id, admin.user.id]) {
      const before = await reloadUser(ctx.db, id);
      const res = await admin.api.patch(`/api/users/${id}`, { body: { jobTitle: 'Changed' } });
      expect(res.statusCode, id).toBe(403);
      expect((await reloadUser(ctx.db, id)).jobTitle).toBe(before.jobTitle);
    }
    expect(await auditOf(otherAdmin.id, 'user.update')).toHaveLength(0);
  });

  it('refuses bad input and extra fields (400) with the Profile Settings messages', async () => {
    const target = await makeUser(ctx.db);
    const bad = async (body: unknown) => {
      const res = await admin.api.patch(`/api/users/${target.id}`, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      return res.json().error;
    };
    expect((await bad({ firstName: '' })).issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'firstName', message: 'First name is required' })]));
    expect((await bad({ phoneNumber: 'call me' })).issues).toEqual(expect.arrayContaining([expect.objectContaining({ message: 'Please enter a valid phone number' })]));
    await bad({ email: 'not-an-address' });
    await bad({ jobTitle: 'x'.repeat(500) });
    await bad({});
    // what only the member or the workflows decide is not part of this form
    await bad({ jobTitle: 'CFO', role: 'admin' });
    await bad({ jobTitle: 'CFO', availableForNetworking: false });
    await bad({ jobTitle: 'CFO', isActive: false });
    const after = await reloadUser(ctx.db, target.id);
    expect(after).toMatchObject({ role: 'partner', jobTitle: target.jobTitle, isActive: true });
  });

  it('saves the fields sent and audits only what changed, before and after', async () => {
    const target = await makeUser(ctx.db, { firstName: 'Tomas', jobTitle: 'Analyst', phoneNumber: '+44 20 7946 0000', location: 'Leeds' });
    const saved = await admin.api.patchOk(adminUserSchema, `/api/users/${target.id}`, {
      body: { firstName: 'Tomas', jobTitle: 'Head of Finance', phoneNumber: '', expertise: ['Audit', ' audit ', 'Tax'] },
    });
    expect(saved).toMatchObject({ id: target.id, firstName: 'Tomas', jobTitle: 'Head of Finance', phoneNumber: null, location: 'Leeds', expertise: ['Audit', 'Tax'] });
    const [entry] = await auditOf(target.id, 'user.update');
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      before: { jobTitle: 'Analyst', phoneNumber: '+44 20 7946 0000', expertise: [] },
      after: { jobTitle: 'Head of Finance', phoneNumber: null, expertise: ['Audit', 'Tax'] },
    });
    expect(Object.keys(entry.before as object).sort()).toEqual(['expertise', 'jobTitle', 'phoneNumber']);
    // the same values again change nothing and record nothing
    await admin.api.patchOk(adminUserSchema, `/api/users/${target.id}`, { body: { jobTitle: 'Head of Finance' } });
    expect(await auditOf(target.id, 'user.update')).toHaveLength(1);
  });

  it('never changes the e-mail address, where password reset links go: only its owner does (400, address unchanged, nothing mailed)', async () => {
    const target = await makeUser(ctx.db, { emailVerifiedAt: new Date() });
    ctx.mailer.sent = [];
    const res = await admin.api.patch(`/api/users/${target.id}`, { body: { email: `taken-over-${Date.now()}@example.com` } });
    expect(res.statusCode).toBe(400);
    const withOther = await admin.api.patch(`/api/users/${target.id}`, { body: { jobTitle: 'CFO', email: `taken-over-${Date.now()}@example.com` } });
    expect(withOther.statusCode).toBe(400);
    expect(await reloadUser(ctx.db, target.id)).toMatchObject({ email: target.email, jobTitle: target.jobTitle });
    expect(ctx.mailer.sent).toEqual([]);
    expect(await auditOf(target.id, 'user.update')).toHaveLength(0);
  });

  it('a master-admin edits an admin’s details', async () => {
    const otherAdmin = await makeUser(ctx.db, { role: 'admin' });
    const saved = await master.api.patchOk(adminUserSchema, `/api/users/${otherAdmin.id}`, { body: { location: 'Bristol' } });
    expect(saved.location).toBe('Bristol');
  });
});

describe('PATCH /api/users/{id}/role: a master-admin makes a member an admin or a partner', () => {
  it('refuses a partner and an admin (403), an unknown account (404), bad bodies (400); nothing changes', async () => {
    const target = await makeUser(ctx.db);
    expect((await partner.api.patch(`/api/users/${target.id}/role`, { body: { role: 'admin' } })).statusCode).toBe(403);
    expect((await admin.api.patch(`/api/users/${target.id}/role`, { body: { role: 'admin' } })).statusCode).toBe(403);
    expect((await admin.api.patch(`/api/users/${admin.user.id}/role`, { body: { role: 'partner' } })).statusCode).toBe(403);
    expect((await master.api.patch(`/api/users/${randomUUID()}/role`, { body: { role: 'admin' } })).statusCode).toBe(404);
    for (const body of [{ role: 'master-admin' }, { role: 'owner' }, {}, { role: 'admin', isActive: true }]) {
      expect((await master.api.patch(`/api/users/${target.id}/role`, { body })).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await reloadUser(ctx.db, target.id)).role).toBe('partner');
    expect((await reloadUser(ctx.db, admin.user.id)).role).toBe('admin');
    expect(await auditOf(target.id, 'user.role')).toHaveLength(0);
  });

  it('refuses an applicant who has not been approved (403)', async () => {
    const applicant = await makeUser(ctx.db, { accountStatus: 'pending' });
    expect((await master.api.patch(`/api/users/${applicant.id}/role`, { body: { role: 'admin' } })).statusCode).toBe(403);
    expect((await reloadUser(ctx.db, applicant.id)).role).toBe('partner');
  });

  it('promotes and demotes: audited, the member told, and their very next request sees the new role', async () => {
    const member = await makeSignedIn(ctx, { firstName: 'Rosa' });
    // a read first, so the member's session is in the session cache when the role changes
    expect((await member.api.get('/api/users')).statusCode).toBe(403);
    expect((await member.api.get('/api/auth/me')).json().user.can.adminPanel).toBe(false);

    const promoted = await master.api.patchOk(adminUserSchema, `/api/users/${member.user.id}/role`, { body: { role: 'admin' } });
    expect(promoted.role).toBe('admin');
    expect((await member.api.get('/api/users')).statusCode).toBe(200);
    expect((await member.api.get('/api/auth/me')).json().user.can.adminPanel).toBe(true);
    expect(await auditOf(member.user.id, 'user.role')).toEqual([
      expect.objectContaining({ actorId: master.user.id, before: { role: 'partner' }, after: { role: 'admin' } }),
    ]);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.user.id), eq(notifications.type, 'role_changed')));
    expect(told).toEqual([expect.objectContaining({ title: 'You are now an administrator', actionUrl: '/admin' })]);

    // now an admin: another admin may no longer act on them, and only the master-admin is offered the role change
    const row = (await list(admin, { search: member.user.username! })).items[0] as AdminUser;
    expect(row.can).toMatchObject({ edit: false, changeRole: false, deactivate: false });
    expect((await list(master, { search: member.user.username! })).items[0].can).toMatchObject({ edit: true, changeRole: true });

    await master.api.patchOk(adminUserSchema, `/api/users/${member.user.id}/role`, { body: { role: 'partner' } });
    expect((await member.api.get('/api/users')).statusCode).toBe(403);
    expect((await reloadUser(ctx.db, member.user.id)).role).toBe('partner');
    expect(await auditOf(member.user.id, 'user.role')).toHaveLength(2);

    // asking for the role they have changes nothing and records nothing
    await master.api.patchOk(adminUserSchema, `/api/users/${member.user.id}/role`, { body: { role: 'partner' } });
    expect(await auditOf(member.user.id, 'user.role')).toHaveLength(2);
  });

  it('never demotes the last active master-admin (409); with another one, a master-admin may step down', async () => {
    const res = await master.api.patch(`/api/users/${master.user.id}/role`, { body: { role: 'admin' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/last active master administrator/);
    expect((await reloadUser(ctx.db, master.user.id)).role).toBe('master-admin');
    expect(await auditOf(master.user.id, 'user.role')).toHaveLength(0);

    // a deactivated master-admin does not count as another one
    await makeUser(ctx.db, { role: 'master-admin', isActive: false });
    expect((await master.api.patch(`/api/users/${master.user.id}/role`, { body: { role: 'partner' } })).statusCode).toBe(409);

    const second = await makeSignedIn(ctx, { role: 'master-admin' });
    await second.api.patchOk(adminUserSchema, `/api/users/${second.user.id}/role`, { body: { role: 'admin' } });
    expect((await reloadUser(ctx.db, second.user.id)).role).toBe('admin');
    // stepping down ends their master-admin powers at once
    expect((await second.api.patch(`/api/users/${partner.user.id}/role`, { body: { role: 'admin' } })).statusCode).toBe(403);
    expect((await reloadUser(ctx.db, master.user.id)).role).toBe('master-admin');
  });
});

describe('GET /api/users.csv', () => {
  const tag = `Csvco${Date.now().toString(36)}`;
  const rowsOf = (text: string) => text.trimEnd().split('\r\n');
  let formula: Awaited<ReturnType<typeof makeUser>>;
  let boss: Awaited<ReturnType<typeof makeUser>>;

  beforeAll(async () => {
    formula = await makeUser(ctx.db, { firstName: '=cmd', lastName: '+SUM(A1)', company: tag, jobTitle: '@risk, -1' });
    boss = await makeUser(ctx.db, { role: 'admin', company: tag });
    await makeUser(ctx.db, { company: tag, accountStatus: 'rejected' });
  });

  it('is for administrators only (403 to a member, 401 signed out)', async () => {
    expect((await partner.api.get('/api/users.csv')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users.csv' })).statusCode).toBe(401);
    expect((await admin.api.get('/api/users.csv', { query: { status: 'bogus' } })).statusCode).toBe(400);
    expect((await admin.api.get('/api/users.csv', { query: { page: '2' } })).statusCode).toBe(400);
  });

  it('answers a dated attachment with the header and one row per account; a formula-like cell is neutralised; no secrets', async () => {
    const res = await admin.api.get('/api/users.csv', { query: { search: tag } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="members-\d{4}-\d\d-\d\d\.csv"$/);
    const rows = rowsOf(res.body);
    expect(rows[0]).toBe(USER_CSV_HEADER.join(','));
    expect(rows).toHaveLength(4);
    const row = rows.find((r) => r.includes(formula.email))!;
    expect(row, row).toMatch(
      new RegExp(`^"'=cmd","'\\+SUM\\(A1\\)",${formula.username},${formula.email.replace(/\./g, '\\.')},(Yes|No),Partner,Active,${tag},"'@risk, -1",`),
    );
    expect(rows.some((r) => r.includes(',Rejected,'))).toBe(true);
    for (const secret of ['$argon2', formula.password!]) expect(res.body).not.toContain(secret);
  });

  it('respects the filters', async () => {
    const admins = rowsOf((await admin.api.get('/api/users.csv', { query: { search: tag, role: 'admin' } })).body);
    expect(admins.slice(1).map((r) => r.includes(boss.email))).toEqual([true]);
    const rejected = await admin.api.get('/api/users.csv', { query: { search: tag, status: 'rejected' } });
    expect(rejected.headers['content-disposition']).toMatch(/-rejected\.csv"$/);
    expect(rowsOf(rejected.body).slice(1)).toHaveLength(1);
    expect(rowsOf(rejected.body)[1]).toContain(',Rejected,');
  });

  it('reads every account by keyset pages: a small page size gives the same file', async () => {
    const whole = async (pageSize: number) => {
      let text = '';
      for await (const chunk of await userCsv(ctx.db, admin.user, {}, pageSize)) text += chunk;
      return text;
    };
    const all = await whole(500);
    expect(rowsOf(all).length).toBeGreaterThan(10);
    expect(await whole(3)).toBe(all);
    const ids = await ctx.db.select({ id: users.id }).from(users);
    expect(rowsOf(all).length - 1).toBeLessThanOrEqual(ids.length);
  });
});

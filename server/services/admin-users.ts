import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import { activityText } from '../../common/rules/pipeline.ts';
import type { AdminUser } from '../../common/schemas/member.ts';
import type { Db } from '../db/client.ts';
import { commissions, leadActivities, leads, users } from '../db/schema/index.ts';
import { endUserSessions } from '../plugins/session.ts';
import { canManageUser, type Actor } from '../policies/roles.ts';
import { recordAudit } from './audit.ts';

const n = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);
const figures = {
  totalLeads: n(sql`(select count(*) from ${leads} l where l.submitter_id = ${users.id})`),
  successfulLeads: n(sql`(select count(*) from ${leads} l where l.submitter_id = ${users.id} and l.status = 'closed-won')`),
  totalCommission: n(sql`(select coalesce(sum(c.amount), 0) from ${commissions} c where c.partner_id = ${users.id} and c.status <> 'cancelled')`),
};

/** One page of users for User Management (removed accounts are hidden), with each one's referral figures. */
export async function listUsers(db: Db, q: { search?: string; page: number; pageSize: number }) {
  const conditions: Array<SQL | undefined> = [isNull(users.removedAt)];
  if (q.search) {
    const p = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p), ilike(users.email, p), ilike(users.company, p), ilike(users.username, p)));
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db.select({ u: users, ...figures }).from(users).where(where).orderBy(desc(users.createdAt), asc(users.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map((r) => presentAdminUser(r.u, r)), total };
}

function presentAdminUser(u: typeof users.$inferSelect, f: { totalLeads: number; successfulLeads: number; totalCommission: number }): AdminUser {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    company: u.company,
    jobTitle: u.jobTitle,
    location: u.location,
    phoneNumber: u.phoneNumber,
    role: u.role,
    isActive: u.isActive,
    accountStatus: u.accountStatus,
    membershipTier: u.membershipTier,
    createdAt: u.createdAt.toISOString(),
    approvedAt: u.approvedAt ? u.approvedAt.toISOString() : null,
    totalLeads: f.totalLeads,
    successfulLeads: f.successfulLeads,
    totalCommission: Number(f.totalCommission),
  };
}

async function loadManageable(db: Db, actor: Actor, id: string) {
  if (!canManageUser(actor, id)) throw new AppError('forbidden', 'You cannot change your own account here.');
  const [target] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.removedAt)));
  if (!target) throw new AppError('not_found', 'User not found.');
  return target;
}

/** Activates or deactivates another user; deactivation ends their sessions at once. */
export async function setUserActive(db: Db, actor: Actor, id: string, isActive: boolean) {
  const target = await loadManageable(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isActive }).where(eq(users.id, id));
    await recordAudit(tx, { actorId: actor.id, action: isActive ? 'user.activate' : 'user.deactivate', entityType: 'user', entityId: id, before: { isActive: target.isActive }, after: { isActive } });
  });
  if (!isActive) await endUserSessions(db, id);
}

/** Removal is deactivation plus hiding from member lists; leads and commissions stay (nothing is lost). */
export async function removeUser(db: Db, actor: Actor, id: string, now: Date) {
  const target = await loadManageable(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isActive: false, removedAt: now }).where(eq(users.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'user.remove', entityType: 'user', entityId: id, before: { isActive: target.isActive, removedAt: null }, after: { isActive: false, removedAt: now.toISOString() } });
  });
  await endUserSessions(db, id);
}

/** Admin Panel overview: the five partners with the most referrals and the five latest lead activities. */
export async function adminOverview(db: Db) {
  const partners = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, company: users.company, ...figures })
    .from(users)
    .where(and(eq(users.role, 'partner'), eq(users.accountStatus, 'approved'), isNull(users.removedAt)))
    .orderBy(desc(figures.totalLeads), asc(users.lastName))
    .limit(5);
  const activity = await db
    .select({ id: leadActivities.id, kind: leadActivities.kind, fromStatus: leadActivities.fromStatus, toStatus: leadActivities.toStatus, createdAt: leadActivities.createdAt, companyName: leads.companyName, userName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(leadActivities)
    .innerJoin(leads, eq(leads.id, leadActivities.leadId))
    .leftJoin(users, eq(users.id, leadActivities.userId))
    .orderBy(desc(leadActivities.createdAt), desc(leadActivities.id))
    .limit(5);
  return {
    partners: partners.map((p) => ({ ...p, totalCommission: Number(p.totalCommission) })),
    recentActivity: activity.map(({ kind, fromStatus, toStatus, ...a }) => ({ ...a, activity: activityText(kind, fromStatus, toStatus), createdAt: a.createdAt.toISOString() })),
  };
}

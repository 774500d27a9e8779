import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import { activityText } from '../../common/rules/pipeline.ts';
import type { AdminUser } from '../../common/schemas/admin.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { commissions, leadActivities, leads, users } from '../db/schema/index.ts';
import { endUserSessions } from '../plugins/session.ts';
import type { Actor } from '../policies/roles.ts';
import { userAbilities } from '../policies/users.ts';
import { iso, money } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';

const n = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);
// written out with its table: inside a subquery of a single-table select, a bare "id" would bind to the subquery's own row
const userId = sql`${users}.${sql.identifier('id')}`;
const figures = {
  totalLeads: n(sql`(select count(*) from ${leads} l where l.submitter_id = ${userId})`),
  successfulLeads: n(sql`(select count(*) from ${leads} l where l.submitter_id = ${userId} and l.status = 'closed-won')`),
  totalCommission: sql<string>`(select coalesce(sum(c.amount), 0) from ${commissions} c where c.partner_id = ${userId} and c.status <> 'cancelled')::text`,
};

/** One page of users for User Management (removed accounts are hidden), with each one's referral figures. */
export async function listUsers(db: Db, actor: Actor, q: PageQuery & { search?: string }) {
  const conditions: Array<SQL | undefined> = [isNull(users.removedAt)];
  if (q.search) {
    const p = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p), ilike(users.email, p), ilike(users.company, p), ilike(users.username, p)));
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ u: users, ...figures })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map((r) => presentAdminUser(actor, r.u, r)), total };
}

function presentAdminUser(actor: Actor, u: typeof users.$inferSelect, f: { totalLeads: number; successfulLeads: number; totalCommission: string }): AdminUser {
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
    createdAt: iso(u.createdAt),
    approvedAt: iso(u.approvedAt),
    totalLeads: f.totalLeads,
    successfulLeads: f.successfulLeads,
    totalCommission: money(f.totalCommission),
    can: userAbilities(actor, u),
  };
}

type UserAction = 'activate' | 'deactivate' | 'remove';

/**
 * Loads the target account for an admin action and checks it under a lock: the user policy decides whether
 * this actor may act on this account at all, and the last active master-admin is never deactivated or removed
 * (the other master-admins' rows are locked too, so two of them cannot take each other out at once).
 */
async function loadForAction(tx: Tx, actor: Actor, id: string, action: UserAction) {
  if (actor.id === id) throw new AppError('forbidden', 'You cannot change your own account here.');
  // every master-admin row first, always in id order, so two master-admins acting on each other cannot deadlock
  const masters =
    action === 'activate'
      ? []
      : await tx
          .select({ id: users.id, isActive: users.isActive, removedAt: users.removedAt })
          .from(users)
          .where(eq(users.role, 'master-admin'))
          .orderBy(asc(users.id))
          .for('update');
  const [target] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.removedAt)))
    .for('update');
  if (!target) throw new AppError('not_found', 'User not found.');
  if (!userAbilities(actor, target).remove) throw new AppError('forbidden', 'Only a master administrator can change an administrator’s account.');
  if (action !== 'activate' && target.role === 'master-admin' && !masters.some((m) => m.id !== id && m.isActive && !m.removedAt)) {
    throw new AppError('conflict', 'This is the last active master administrator; make someone else master administrator first.');
  }
  return target;
}

/** Activates or deactivates another user; deactivation ends their sessions at once. */
export async function setUserActive(db: Db, actor: Actor, id: string, isActive: boolean) {
  await db.transaction(async (tx) => {
    const target = await loadForAction(tx, actor, id, isActive ? 'activate' : 'deactivate');
    await tx.update(users).set({ isActive }).where(eq(users.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: isActive ? 'user.activate' : 'user.deactivate',
      entityType: 'user',
      entityId: id,
      before: { isActive: target.isActive },
      after: { isActive },
    });
  });
  if (!isActive) await endUserSessions(db, id);
}

/** Removal is deactivation plus hiding from member lists; leads and commissions stay (nothing is lost). */
export async function removeUser(db: Db, actor: Actor, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const target = await loadForAction(tx, actor, id, 'remove');
    await tx.update(users).set({ isActive: false, removedAt: now }).where(eq(users.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.remove',
      entityType: 'user',
      entityId: id,
      before: { isActive: target.isActive, removedAt: null },
      after: { isActive: false, removedAt: now.toISOString() },
      at: now,
    });
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
    .select({
      id: leadActivities.id,
      kind: leadActivities.kind,
      fromStatus: leadActivities.fromStatus,
      toStatus: leadActivities.toStatus,
      createdAt: leadActivities.createdAt,
      companyName: leads.companyName,
      userName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(leadActivities)
    .innerJoin(leads, eq(leads.id, leadActivities.leadId))
    .leftJoin(users, eq(users.id, leadActivities.userId))
    .orderBy(desc(leadActivities.createdAt), desc(leadActivities.id))
    .limit(5);
  return {
    partners: partners.map((p) => ({ ...p, totalCommission: money(p.totalCommission) })),
    recentActivity: activity.map(({ kind, fromStatus, toStatus, ...a }) => ({ ...a, activity: activityText(kind, fromStatus, toStatus), createdAt: iso(a.createdAt) })),
  };
}

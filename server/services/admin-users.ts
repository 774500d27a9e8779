import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import { memberStatus, type MemberStatus } from '../../common/rules/member-status.ts';
import { activityText } from '../../common/rules/pipeline.ts';
import type { AdminUser, AdminUserExportQuery, AdminUserUpdate, UserRoleChange } from '../../common/schemas/admin.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import type { Config } from '../config.ts';
import { cappedCount, type CappedTotal } from '../db/capped-count.ts';
import type { Db, Tx } from '../db/client.ts';
import { commissions, leadActivities, leads, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import type { Mailer } from '../plugins/mailer.ts';
import { endUserSessions, forgetUser } from '../plugins/session.ts';
import { authorize } from '../policies/authorize.ts';
import { hasMasterAdminRoleSql, hasPartnerRoleSql, type Actor } from '../policies/roles.ts';
import { leavesNoOwner, roleChangePermission, userAbilities } from '../policies/users.ts';
import { iso, money } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { notifyMember } from './notify.ts';

const n = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);
// written out with its table: inside a subquery of a single-table select, a bare "id" would bind to the subquery's own row
const userId = sql`${users}.${sql.identifier('id')}`;
export const figures = {
  totalLeads: n(sql`(select count(*) from ${leads} l where l.submitter_id = ${userId})`),
  successfulLeads: n(sql`(select count(*) from ${leads} l where l.submitter_id = ${userId} and l.status = 'closed-won')`),
  totalCommission: sql<string>`(select coalesce(sum(c.amount), 0) from ${commissions} c where c.partner_id = ${userId} and c.status <> 'cancelled')::text`,
};

/** Neither removed nor anonymised (an anonymised account is always removed too; both are checked so the rule does not lean on it). */
const present = and(isNull(users.removedAt), isNull(users.anonymisedAt));
const approved = eq(users.accountStatus, 'approved');
const applicant = and(ne(users.accountStatus, 'approved'), ne(users.accountStatus, 'rejected'));

/** Each status of `memberStatus` (common/rules/member-status.ts) as SQL, in the same order of precedence. */
const STATUS_SQL: Record<MemberStatus, SQL> = {
  anonymised: isNotNull(users.anonymisedAt),
  removed: and(isNotNull(users.removedAt), isNull(users.anonymisedAt))!,
  rejected: and(present, eq(users.accountStatus, 'rejected'))!,
  'pending-verification': and(present, applicant, isNull(users.emailVerifiedAt))!,
  'pending-review': and(present, applicant, isNotNull(users.emailVerifiedAt))!,
  deactivated: and(present, approved, eq(users.isActive, false))!,
  active: and(present, approved, eq(users.isActive, true))!,
};

/** The filters of User Management as one condition: removed and anonymised accounts only when their status is asked for. */
export function userFilter(q: AdminUserExportQuery): SQL {
  const conditions: Array<SQL | undefined> = [q.status ? STATUS_SQL[q.status] : present];
  if (q.role) conditions.push(eq(users.role, q.role));
  if (q.search) {
    const p = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p), ilike(users.email, p), ilike(users.company, p), ilike(users.username, p)));
  }
  return and(...conditions)!;
}

/** The status User Management shows for an account row. */
export function statusOf(u: Pick<typeof users.$inferSelect, 'accountStatus' | 'isActive' | 'emailVerifiedAt' | 'removedAt' | 'anonymisedAt'>): MemberStatus {
  return memberStatus({ accountStatus: u.accountStatus, isActive: u.isActive, emailVerified: !!u.emailVerifiedAt, removed: !!u.removedAt, anonymised: !!u.anonymisedAt });
}

/** User Management runs newest first, as the CSV does; `users_created_id_idx` holds this order for present accounts. */
const USER_ORDER: KeyOrder = [
  { expr: users.createdAt, desc: true },
  { expr: users.id, desc: true },
];

/**
 * One page of users for User Management, filtered (removed accounts only on request), with each one's referral
 * figures and the cursors either side.
 */
export async function listUsers(db: Db, actor: Actor, q: PageQuery & AdminUserExportQuery) {
  const where = userFilter(q);
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(USER_ORDER) })
        .from(users)
        .where(where)
        .orderBy(...keysetOrderBy(USER_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, { total, totalCapped }] = await Promise.all([
    readKeysetPage(
      USER_ORDER,
      q,
      (plan) =>
        db
          .select({ u: users, ...figures, ...keysetColumns(USER_ORDER) })
          .from(users)
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    // a search counts its matches up to the cap
    q.search
      ? cappedCount(db, db.select({ id: users.id }).from(users).where(where).$dynamic())
      : db
          .select({ total: count() })
          .from(users)
          .where(where)
          .then(([r]): CappedTotal => r),
  ]);
  return { items: page.rows.map((r) => presentAdminUser(actor, r.u, r)), total, totalCapped, page: page.page, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
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
    status: statusOf(u),
    emailVerified: !!u.emailVerifiedAt,
    bio: u.bio,
    linkedinUrl: u.linkedinUrl,
    website: u.website,
    expertise: u.expertise,
    industries: u.industries,
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
          .where(hasMasterAdminRoleSql(users.role))
          .orderBy(asc(users.id))
          .for('update');
  const [target] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.removedAt)))
    .for('update');
  if (!target) throw new AppError('not_found', 'User not found.');
  if (!userAbilities(actor, target).remove) throw new AppError('forbidden', 'Only a master administrator can change an administrator’s account.');
  if (action !== 'activate' && leavesNoOwner(target, masters)) {
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

/** One account as User Management shows it, or 404 when it does not exist. */
export async function loadAdminUser(db: Db, actor: Actor, id: string): Promise<AdminUser> {
  const [row] = await db
    .select({ u: users, ...figures })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) throw new AppError('not_found', 'User not found.');
  return presentAdminUser(actor, row.u, row);
}

export interface UserEditDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  log?: { warn: (obj: object, msg: string) => void };
}

/** The profile fields an administrator may correct; the rest of the row is the member's or the workflows'. */
const EDITABLE = ['firstName', 'lastName', 'company', 'jobTitle', 'location', 'bio', 'phoneNumber', 'linkedinUrl', 'website', 'expertise', 'industries'] as const;
type Editable = (typeof EDITABLE)[number];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * An administrator corrects a member's profile. Only the fields sent are touched (an empty text clears it); the
 * e-mail address is never one of them (only its owner changes where reset links go). The audit entry holds the
 * changed fields only, before and after. Nothing changed: nothing is written.
 */
export async function updateUserProfile(deps: UserEditDeps, actor: Actor, id: string, input: AdminUserUpdate): Promise<AdminUser> {
  const { db } = deps;
  const changedAny = await db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.removedAt)))
      .for('update');
    if (!target) throw new AppError('not_found', 'User not found.');
    if (!userAbilities(actor, target).edit) {
      throw new AppError(
        'forbidden',
        actor.id === id ? 'Change your own details in Profile Settings.' : 'Only a master administrator can change an administrator’s account.',
      );
    }
    const wanted: Partial<Record<Editable, unknown>> = {};
    for (const key of EDITABLE) {
      const v = input[key];
      if (v === undefined) continue;
      const next = v === '' ? null : v;
      if (!same(next, target[key])) wanted[key] = next;
    }
    const changed = Object.keys(wanted) as Editable[];
    if (!changed.length) return null;
    const [after] = await tx
      .update(users)
      .set(wanted as Partial<typeof users.$inferInsert>)
      .where(eq(users.id, id))
      .returning();
    const pick = (u: typeof users.$inferSelect) => Object.fromEntries(changed.map((k) => [k, u[k]]));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.update',
      entityType: 'user',
      entityId: id,
      before: pick(target),
      after: pick(after),
      at: deps.now(),
    });
    return true;
  });
  if (changedAny) forgetUser(db, id);
  return loadAdminUser(db, actor, id);
}

/**
 * A master-admin makes a member a partner or an admin. The last active master-admin never steps down (every
 * master-admin row is locked first, in id order, as deactivation does, so two cannot demote each other at once).
 * The member is told, and their sessions read the new role on their next request (the cached lookups of the user
 * are dropped here and, through the users trigger, on every other instance). Asking for the role they have
 * changes nothing.
 */
export async function changeUserRole(db: Db, actor: Actor, id: string, role: UserRoleChange['role'], now: Date): Promise<AdminUser> {
  const changed = await db.transaction(async (tx) => {
    const masters = await tx
      .select({ id: users.id, isActive: users.isActive, accountStatus: users.accountStatus, removedAt: users.removedAt })
      .from(users)
      .where(hasMasterAdminRoleSql(users.role))
      .orderBy(asc(users.id))
      .for('update');
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.removedAt)))
      .for('update');
    if (!target) throw new AppError('not_found', 'User not found.');
    authorize(roleChangePermission(actor, target));
    if (target.role === role) return false;
    if (leavesNoOwner(target, masters)) {
      throw new AppError('conflict', 'This is the last active master administrator; another master administrator must be appointed before they step down.');
    }
    await tx.update(users).set({ role }).where(eq(users.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'user.role', entityType: 'user', entityId: id, before: { role: target.role }, after: { role }, at: now });
    await notifyMember(tx, id, 'role_changed', { role }, { entity: { type: 'user', id }, at: now, actorId: actor.id });
    return true;
  });
  if (changed) forgetUser(db, id);
  return loadAdminUser(db, actor, id);
}

/** Admin Panel overview: the five partners with the most referrals and the five latest lead activities. */
export async function adminOverview(db: Db) {
  const partners = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, company: users.company, ...figures })
    .from(users)
    .where(and(hasPartnerRoleSql(users.role), eq(users.accountStatus, 'approved'), isNull(users.removedAt)))
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
